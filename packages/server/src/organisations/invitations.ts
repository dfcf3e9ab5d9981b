/**
 * Inviting someone to an organisation's team (docs/producers.md, "Team"): an owner or
 * manager names an e-mail address and a role; Plateia e-mails a link; only the account with
 * that verified address accepts it, within `INVITATION_DAYS`. The token is never stored,
 * only its SHA-256. Inviting an address again replaces its open invitation.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { InvitationPreview, OrganisationInvitation } from '@plateia/core/contracts/organisations';
import {
  ORGANISATION_MESSAGES,
  ORGANISATION_ROLE_LABELS,
  type OrganisationRole,
} from '@plateia/core/messages/organisations';
import { isValidEmail } from '@plateia/core/rules/email';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import type { Mailer } from '../mail/mailer.ts';
import { escapeHtml, linkEmail } from '../mail/templates.ts';
import { HttpError } from '../plugins/errors.ts';
import { takeOrRefuse } from '../rate-limits/backoff.ts';
import type { RateLimitCounters } from '../rate-limits/counters.ts';
import { requirePower } from './access.ts';
import { addMember } from './organisations.ts';

/** How long an invitation link lasts. */
export const INVITATION_DAYS = 7;
/** Invitations one organisation sends a day. */
export const INVITATIONS_PER_ORGANISATION_PER_DAY = 50;
/** Invitations one address receives a day, from all organisations together. */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What sending an invitation uses besides the database. */
export interface InvitationDeps {
  mailer: Mailer;
  /** The storefront's address, where the producer area lives. */
  siteUrl: string;
  counters: RateLimitCounters;
  now: Date;
  log: { error(details: object, message: string): void };
}

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The e-mail with the invitation's link; the organisation's name is the only text not ours. */
function invitationEmail(input: { to: string; organisation: string; role: OrganisationRole; link: string }) {
  const role = ORGANISATION_ROLE_LABELS[input.role];
  const lead = `Você foi convidado para a equipe da organização "${input.organisation}" na Plateia, com o papel ${role}.`;
  return linkEmail(
    { to: input.to, name: '', link: input.link },
    {
      subject: 'Convite para uma equipe de produtores na Plateia',
      leadText: `${lead} Para aceitar, entre na Plateia com este e-mail e acesse o link abaixo:`,
      leadHtml: `${escapeHtml(lead)} Para aceitar, entre na Plateia com este e-mail e use o botão abaixo.`,
      validity: `O convite vale por ${INVITATION_DAYS} dias.`,
      ignore: 'Se você não conhece esta organização, ignore esta mensagem.',
      button: 'Ver convite',
    },
  );
}

/**
 * Invites `email` with `role`: owners and managers invite, only owners invite owners.
 * 409 when the address already belongs to a member; 429 past the daily limits.
 */
export async function inviteMember(
  db: Database,
  deps: InvitationDeps,
  organisationId: number,
  actorId: number,
  input: { email: string; role: OrganisationRole },
): Promise<OrganisationInvitation> {
  const actorRole = await requirePower(db, organisationId, actorId, 'team.manage');
  if (input.role === 'owner' && actorRole !== 'owner') {
    throw new HttpError(403, ORGANISATION_MESSAGES.ownersOnly, 'forbidden');
  }
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email)) throw new HttpError(400, ORGANISATION_MESSAGES.emailInvalid, 'validation');
  const member = await selectOne<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM organisation_members m JOIN customers c ON c.id = m.customer_id
                        WHERE m.organisation_id = ${organisationId} AND lower(c.email) = ${email}) AS found`,
  );
  if (member?.found) throw new HttpError(409, ORGANISATION_MESSAGES.alreadyInTeam, 'already_member');
  const day = { durationSeconds: 24 * 60 * 60 };
  await takeOrRefuse(
    deps.counters,
    { prefix: 'organisation-invitations', points: INVITATIONS_PER_ORGANISATION_PER_DAY, ...day },
    String(organisationId),
    ORGANISATION_MESSAGES.tooManyInvitations,
  );
  await takeOrRefuse(
    deps.counters,
    { prefix: 'organisation-invitation-address', points: INVITATIONS_PER_ADDRESS_PER_DAY, ...day },
    email,
    ORGANISATION_MESSAGES.tooManyInvitations,
  );
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now.getTime() + INVITATION_DAYS * DAY_MS);
  const { id, organisation } = await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE organisation_invitations SET revoked_at = ${deps.now.toISOString()}::timestamptz
           WHERE organisation_id = ${organisationId} AND email = ${email}
             AND accepted_at IS NULL AND revoked_at IS NULL`,
    );
    const row = await selectOne<{ id: number; name: string }>(
      tx,
      sql`INSERT INTO organisation_invitations
            (organisation_id, email, role, token_hash, invited_by, created_at, expires_at)
          VALUES (${organisationId}, ${email}, ${input.role}, ${tokenHash(token)}, ${actorId},
                  ${deps.now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
          RETURNING id, (SELECT name FROM organisations WHERE id = ${organisationId}) AS name`,
    );
    if (!row) throw new Error('invitation insert returned no row');
    return { id: Number(row.id), organisation: row.name };
  });
  // The token travels in the fragment, so it never reaches a server log or a Referer header.
  const link = `${deps.siteUrl.replace(/\/$/, '')}/produtor/convite#${token}`;
  try {
    await deps.mailer.send(invitationEmail({ to: email, organisation, role: input.role, link }));
  } catch (error) {
    deps.log.error({ err: error, invitationId: id }, 'organisation invitation e-mail failed');
  }
  return { id, email, role: input.role, expiresAt: expiresAt.toISOString() };
}

/** The organisation's open invitations, newest first (owners and managers only). */
export async function listInvitations(
  db: Queryable,
  organisationId: number,
  actorId: number,
  now: Date,
): Promise<OrganisationInvitation[]> {
  await requirePower(db, organisationId, actorId, 'team.manage');
  const rows = await selectRows<{
    id: number;
    email: string;
    role: OrganisationRole;
    expires_at: string | Date;
  }>(
    db,
    sql`SELECT id, email, role, expires_at FROM organisation_invitations
         WHERE organisation_id = ${organisationId} AND accepted_at IS NULL AND revoked_at IS NULL
           AND expires_at > ${now.toISOString()}::timestamptz
         ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    role: row.role,
    expiresAt: new Date(row.expires_at).toISOString(),
  }));
}

/** Withdraws an open invitation; an owner's invitation only by an owner. */
export async function revokeInvitation(
  db: Queryable,
  organisationId: number,
  actorId: number,
  invitationId: number,
  now: Date,
): Promise<void> {
  const actorRole = await requirePower(db, organisationId, actorId, 'team.manage');
  const row = await selectOne<{ role: OrganisationRole }>(
    db,
    sql`SELECT role FROM organisation_invitations
         WHERE id = ${invitationId} AND organisation_id = ${organisationId}
           AND accepted_at IS NULL AND revoked_at IS NULL`,
  );
  if (!row) throw new HttpError(404, ORGANISATION_MESSAGES.invitationNotFound, 'not_found');
  if (row.role === 'owner' && actorRole !== 'owner') {
    throw new HttpError(403, ORGANISATION_MESSAGES.ownersOnly, 'forbidden');
  }
  await db.execute(
    sql`UPDATE organisation_invitations SET revoked_at = ${now.toISOString()}::timestamptz
         WHERE id = ${invitationId} AND revoked_at IS NULL AND accepted_at IS NULL`,
  );
}

interface OpenInvitationRow {
  id: number;
  organisation_id: number;
  name: string;
  role: OrganisationRole;
  email: string;
  expires_at: string | Date;
}

async function openInvitation(db: Queryable, token: string, now: Date, lock: boolean) {
  const row = await selectOne<OpenInvitationRow>(
    db,
    sql`SELECT i.id, i.organisation_id, o.name, i.role, i.email, i.expires_at
          FROM organisation_invitations i JOIN organisations o ON o.id = i.organisation_id
         WHERE i.token_hash = ${tokenHash(token)} AND i.accepted_at IS NULL AND i.revoked_at IS NULL
           AND i.expires_at > ${now.toISOString()}::timestamptz
           ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  if (!row) throw new HttpError(404, ORGANISATION_MESSAGES.invitationNotFound, 'not_found');
  return row;
}

/** The invitation a token names, while it is open (404 otherwise). */
export async function previewInvitation(db: Queryable, token: string, now: Date): Promise<InvitationPreview> {
  const row = await openInvitation(db, token, now, false);
  return {
    organisationId: Number(row.organisation_id),
    organisationName: row.name,
    role: row.role,
    email: row.email,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/**
 * Accepts an invitation for the signed-in customer: their e-mail must be verified and be the
 * invited address (403 otherwise); 409 when they are already in the team.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  customerId: number,
  now: Date,
): Promise<{ organisationId: number; role: OrganisationRole }> {
  return db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, now, true);
    const customer = await selectOne<{ email: string; verified: boolean }>(
      tx,
      sql`SELECT email, email_verified_at IS NOT NULL AS verified FROM customers WHERE id = ${customerId}`,
    );
    if (!customer || customer.email.toLowerCase() !== invitation.email) {
      throw new HttpError(403, ORGANISATION_MESSAGES.invitationOtherEmail, 'forbidden');
    }
    if (!customer.verified) {
      throw new HttpError(403, ORGANISATION_MESSAGES.invitationVerifiedOnly, 'email_not_verified');
    }
    const organisationId = Number(invitation.organisation_id);
    const existing = await selectOne<{ role: OrganisationRole }>(
      tx,
      sql`SELECT role FROM organisation_members
           WHERE organisation_id = ${organisationId} AND customer_id = ${customerId}`,
    );
    if (existing) throw new HttpError(409, ORGANISATION_MESSAGES.alreadyMember, 'already_member');
    await addMember(tx, organisationId, customerId, invitation.role, now);
    await tx.execute(
      sql`UPDATE organisation_invitations
             SET accepted_at = ${now.toISOString()}::timestamptz, accepted_by = ${customerId}
           WHERE id = ${invitation.id}`,
    );
    return { organisationId, role: invitation.role };
  });
}
