import { sql } from 'drizzle-orm';
import { type AccountMail, storefrontLink } from '../accounts/account-mail.ts';
import {
  type CustomerColumns,
  type CustomerRow,
  findCustomerByEmail,
  findCustomerByGoogleSub,
  insertCustomer,
  markEmailVerified,
  updateCustomer,
} from '../accounts/customers.ts';
import { removeDocument } from '../accounts/documents.ts';
import { newSalt } from '../accounts/passwords.ts';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, sqlState } from '../db/sql.ts';
import { loggableError } from '../logging.ts';
import { googleLinkedEmail } from '../mail/templates.ts';
import { HttpError } from '../plugins/errors.ts';
import type { ExternalIdentity } from './identity-provider.ts';

/** Shown when the provider did not vouch for an e-mail we could use. */
export const UNVERIFIED_GOOGLE_EMAIL = 'Não foi possível confirmar seu e-mail com o Google.';
/** Shown when an account with the e-mail exists and the provider did not verify it. */
export const EMAIL_TAKEN = 'Já existe uma conta com este e-mail. Entre com e-mail e senha.';

// PostgreSQL's unique_violation: another account already has the e-mail.
const UNIQUE_VIOLATION = '23505';

/** What linking needs besides the database: where documents live, and how to tell the owner. */
export interface LinkDeps {
  now: Date;
  dataDir: string;
  mail: AccountMail;
}

/** The customer an identity signs in as, and whether an existing account was linked just now. */
export interface LinkedCustomer {
  customer: CustomerRow;
  /** `existing` when an account found by e-mail got the Google subject now. */
  linked: 'existing' | 'new' | 'already';
}

function safePicture(identity: ExternalIdentity): string {
  return (identity.picture?.startsWith('https://') ? identity.picture : '').slice(0, 500);
}

/**
 * What an unconfirmed sign-up supplied and the e-mail's owner never vouched for: the
 * password and every profile field (the names come from Google instead). Anyone can sign
 * up with someone else's address, so none of it may survive the owner proving the address.
 */
function discardUnconfirmedSignUp(identity: ExternalIdentity): CustomerColumns {
  return {
    salt: newSalt(),
    password_hash: null,
    namef: (identity.givenName ?? '').slice(0, 100),
    namel: (identity.familyName ?? '').slice(0, 100),
    cpfnpj: '',
    passport: '',
    phone: '',
    country: 'Brasil',
    nickname: '',
    gender: '',
    birth_date: null,
    cep: '',
    rua: '',
    numero: '',
    complemento: '',
    bairro: '',
    cidade: '',
    uf: '',
    instagram: '',
    profession: '',
    profession_details: '',
    avatar: safePicture(identity),
    document_path: null,
    address_proof_path: null,
  };
}

/** Ends every session and upload grant of a customer, and the links e-mailed for it. */
async function dropAccess(db: Queryable, customerId: number, now: Date): Promise<void> {
  await execute(db, sql`DELETE FROM sessions WHERE customer_id = ${customerId}`);
  await execute(
    db,
    sql`UPDATE email_tokens SET used_at = ${now.toISOString()}::timestamptz
        WHERE customer_id = ${customerId} AND used_at IS NULL`,
  );
}

/**
 * Links an account found by e-mail to the Google subject. An account whose e-mail was
 * confirmed is the owner's: it keeps everything. One never confirmed may have been made by
 * anyone (account pre-hijacking), so its password, sessions, upload grants, profile and
 * documents are dropped in the same transaction that links it.
 */
async function linkExisting(
  db: Database,
  existing: CustomerRow,
  identity: ExternalIdentity,
  deps: LinkDeps,
): Promise<CustomerRow> {
  const { now } = deps;
  const confirmed = existing.emailVerifiedAt !== null;
  const row = await db.transaction(async (tx) => {
    const updated = await updateCustomer(
      tx,
      existing.id,
      {
        ...(confirmed ? {} : discardUnconfirmedSignUp(identity)),
        google_sub: identity.sub,
        updated_at: now,
      },
      // The provider vouched for the address, which is what the confirmation link proves.
      markEmailVerified(now),
    );
    if (!updated) throw new Error('customer vanished while linking');
    if (!confirmed) await dropAccess(tx, existing.id, now);
    return updated;
  });
  if (!confirmed) {
    await removeDocument(deps.dataDir, existing.documentPath);
    await removeDocument(deps.dataDir, existing.addressProofPath);
  }
  return row;
}

/** Tells the owner their account now signs in with Google; a failed delivery is logged. */
async function tellOwner(customer: CustomerRow, discarded: boolean, mail: AccountMail): Promise<void> {
  const link = storefrontLink(mail.siteUrl, '/settings/perfil', {});
  try {
    await mail.mailer.send(googleLinkedEmail({ to: customer.email, name: customer.namef, link, discarded }));
  } catch (error) {
    mail.log.error({ err: loggableError(error) }, 'Google link notice not sent');
  }
}

/**
 * The customer an external identity signs in as: the one already linked to its `sub`;
 * else the one with its e-mail, linked now (see `linkExisting`) and told so by e-mail, but
 * only when the provider verified that e-mail; else a new verified customer. Throws 403
 * when the provider did not verify the e-mail, 409 when a racing sign-up took it.
 */
export async function customerForIdentity(
  db: Database,
  identity: ExternalIdentity,
  deps: LinkDeps,
): Promise<LinkedCustomer> {
  const { now } = deps;
  const already = await findCustomerByGoogleSub(db, identity.sub);
  if (already) return { customer: already, linked: 'already' };
  if (!identity.email || !identity.emailVerified)
    throw new HttpError(403, UNVERIFIED_GOOGLE_EMAIL, 'unverified_email');
  const existing = await findCustomerByEmail(db, identity.email);
  if (existing) {
    const customer = await linkExisting(db, existing, identity, deps);
    await tellOwner(customer, existing.emailVerifiedAt === null, deps.mail);
    return { customer, linked: 'existing' };
  }
  try {
    const customer = await insertCustomer(db, {
      email: identity.email,
      // A salt so getsalt answers like for any account; no password until recovery sets one.
      salt: newSalt(),
      password_hash: null,
      namef: (identity.givenName ?? '').slice(0, 100),
      namel: (identity.familyName ?? '').slice(0, 100),
      avatar: safePicture(identity),
      google_sub: identity.sub,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
    return { customer, linked: 'new' };
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new HttpError(409, EMAIL_TAKEN, 'email_taken');
    throw error;
  }
}
