/**
 * Producers' organisations (docs/producers.md): any account with a verified e-mail creates
 * one and becomes its owner; events belong to an organisation, and its members act on them
 * by role (roles.ts).
 */
import type { Organisation, OrganisationInput } from '@plateia/core/contracts/organisations';
import { ORGANISATION_MESSAGES, type OrganisationRole } from '@plateia/core/messages/organisations';
import { isValidCpfCnpj, normalizeDocumentNumber } from '@plateia/core/rules/document-number';
import { isValidEmail } from '@plateia/core/rules/email';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { requirePower } from './access.ts';

/** Organisations one account may create by itself; more go through support. */
export const MAX_ORGANISATIONS_CREATED = 10;

interface OrganisationRow {
  id: number;
  name: string;
  document: string | null;
  contact_email: string;
  contact_phone: string;
  role: OrganisationRole;
}

const organisationOf = (row: OrganisationRow): Organisation => ({
  id: Number(row.id),
  name: row.name,
  document: row.document,
  contactEmail: row.contact_email,
  contactPhone: row.contact_phone,
  role: row.role,
});

/** The input cleaned and checked: 400 with the field's pt-BR message when one is wrong. */
function validated(input: OrganisationInput): OrganisationInput {
  const name = input.name.trim();
  const document = normalizeDocumentNumber(input.document);
  const contactEmail = input.contactEmail.trim().toLowerCase();
  const contactPhone = input.contactPhone.trim();
  if (!name) throw new HttpError(400, ORGANISATION_MESSAGES.nameRequired, 'validation');
  if (!isValidCpfCnpj(document))
    throw new HttpError(400, ORGANISATION_MESSAGES.documentInvalid, 'validation');
  if (!isValidEmail(contactEmail)) throw new HttpError(400, ORGANISATION_MESSAGES.emailInvalid, 'validation');
  if (contactPhone.replace(/\D/g, '').length < 10) {
    throw new HttpError(400, ORGANISATION_MESSAGES.phoneRequired, 'validation');
  }
  return { name, document, contactEmail, contactPhone };
}

/**
 * Creates an organisation with the customer as its owner. 403 until the customer's e-mail
 * is verified; 409 past `MAX_ORGANISATIONS_CREATED`.
 */
export async function createOrganisation(
  db: Database,
  customerId: number,
  input: OrganisationInput,
  now: Date,
): Promise<Organisation> {
  const clean = validated(input);
  return db.transaction(async (tx) => {
    const creator = await selectOne<{ verified: boolean; created: number }>(
      tx,
      sql`SELECT c.email_verified_at IS NOT NULL AS verified,
                 (SELECT count(*)::int FROM organisations o WHERE o.created_by = c.id) AS created
            FROM customers c WHERE c.id = ${customerId} FOR UPDATE`,
    );
    if (!creator?.verified)
      throw new HttpError(403, ORGANISATION_MESSAGES.verifiedOnly, 'email_not_verified');
    if (creator.created >= MAX_ORGANISATIONS_CREATED) {
      throw new HttpError(409, ORGANISATION_MESSAGES.tooManyOrganisations, 'too_many_organisations');
    }
    const row = await selectOne<{ id: number }>(
      tx,
      sql`INSERT INTO organisations (name, document, contact_email, contact_phone, created_by, created_at)
          VALUES (${clean.name}, ${clean.document}, ${clean.contactEmail}, ${clean.contactPhone},
                  ${customerId}, ${now.toISOString()}::timestamptz)
          RETURNING id`,
    );
    if (!row) throw new Error('organisation insert returned no row');
    await addMember(tx, Number(row.id), customerId, 'owner', now);
    return { id: Number(row.id), ...clean, role: 'owner' as const };
  });
}

/**
 * Adds (or re-roles) a member. A new membership moves the account's `organisation_count`
 * (what `isadmin` reads, accounts/customers.ts) by one in the same statement's transaction;
 * `xmax = 0` tells a row inserted from one updated by ON CONFLICT, so two calls at once for
 * the same pair count once.
 */
export async function addMember(
  db: Queryable,
  organisationId: number,
  customerId: number,
  role: OrganisationRole,
  now: Date,
): Promise<void> {
  const row = await selectOne<{ inserted: boolean }>(
    db,
    sql`INSERT INTO organisation_members (organisation_id, customer_id, role, added_at)
        VALUES (${organisationId}, ${customerId}, ${role}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (organisation_id, customer_id) DO UPDATE SET role = EXCLUDED.role
        RETURNING (xmax = 0) AS inserted`,
  );
  if (row?.inserted) await countMembership(db, customerId, 1);
}

/** Moves the account's count of organisations by `delta` (an atomic UPDATE: concurrent moves add up). */
export async function countMembership(db: Queryable, customerId: number, delta: 1 | -1): Promise<void> {
  await db.execute(
    sql`UPDATE customers SET organisation_count = organisation_count + ${delta}::int WHERE id = ${customerId}`,
  );
}

/** The organisations the customer belongs to, by name. */
export async function listMyOrganisations(db: Queryable, customerId: number): Promise<Organisation[]> {
  const rows = await selectRows<OrganisationRow>(
    db,
    sql`SELECT o.id, o.name, o.document, o.contact_email, o.contact_phone, m.role
          FROM organisation_members m JOIN organisations o ON o.id = m.organisation_id
         WHERE m.customer_id = ${customerId}
         ORDER BY lower(o.name), o.id`,
  );
  return rows.map(organisationOf);
}

/** One organisation, for its members only (404 for anyone else). */
export async function getOrganisation(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<Organisation> {
  const row = await selectOne<OrganisationRow>(
    db,
    sql`SELECT o.id, o.name, o.document, o.contact_email, o.contact_phone, m.role
          FROM organisation_members m JOIN organisations o ON o.id = m.organisation_id
         WHERE m.organisation_id = ${organisationId} AND m.customer_id = ${customerId}`,
  );
  if (!row) throw new HttpError(404, ORGANISATION_MESSAGES.notFound, 'not_found');
  return organisationOf(row);
}

/** Edits the organisation's name, document and contacts (owners only). */
export async function updateOrganisation(
  db: Queryable,
  organisationId: number,
  customerId: number,
  input: OrganisationInput,
): Promise<Organisation> {
  await requirePower(db, organisationId, customerId, 'organisation.edit');
  const clean = validated(input);
  await db.execute(
    sql`UPDATE organisations
           SET name = ${clean.name}, document = ${clean.document},
               contact_email = ${clean.contactEmail}, contact_phone = ${clean.contactPhone}
         WHERE id = ${organisationId}`,
  );
  return getOrganisation(db, organisationId, customerId);
}

/**
 * The organisation events created for `producerId` go into when no organisation is named:
 * the first one the producer owns, or a new one in their name (the demo seed and events
 * made before organisations existed). `now` is the app's clock; null takes the database's.
 */
export async function producersOrganisation(
  db: Queryable,
  producerId: number,
  now: Date | null,
): Promise<number> {
  const owned = await selectOne<{ id: number }>(
    db,
    sql`SELECT organisation_id AS id FROM organisation_members
         WHERE customer_id = ${producerId} AND role = 'owner'
         ORDER BY organisation_id LIMIT 1`,
  );
  if (owned) return Number(owned.id);
  const row = await selectOne<{ id: number; created_at: string | Date }>(
    db,
    sql`INSERT INTO organisations (name, contact_email, contact_phone, created_by, created_at)
        SELECT coalesce(nullif(trim(namef || ' ' || namel), ''), email), email, phone, id,
               ${now ? sql`${now.toISOString()}::timestamptz` : sql`now()`}
          FROM customers WHERE id = ${producerId}
        RETURNING id, created_at`,
  );
  if (!row) throw new Error(`no customer ${producerId} to make an organisation for`);
  await addMember(db, Number(row.id), producerId, 'owner', new Date(row.created_at));
  return Number(row.id);
}
