import {
  type CustomerRow,
  findCustomerByEmail,
  findCustomerByGoogleSub,
  insertCustomer,
  markEmailVerified,
  updateCustomer,
} from '../accounts/customers.ts';
import { newSalt } from '../accounts/passwords.ts';
import { type Queryable, sqlState } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import type { ExternalIdentity } from './identity-provider.ts';

/** Shown when the provider did not vouch for an e-mail we could use. */
export const UNVERIFIED_GOOGLE_EMAIL = 'Não foi possível confirmar seu e-mail com o Google.';
/** Shown when an account with the e-mail exists and the provider did not verify it. */
export const EMAIL_TAKEN = 'Já existe uma conta com este e-mail. Entre com e-mail e senha.';

// PostgreSQL's unique_violation: another account already has the e-mail.
const UNIQUE_VIOLATION = '23505';

/**
 * The customer an external identity signs in as: the one already linked to its `sub`;
 * else the one with its e-mail, linked now, but only when the provider verified that
 * e-mail; else a new verified customer. Throws 403 otherwise.
 */
export async function customerForIdentity(
  db: Queryable,
  identity: ExternalIdentity,
  now: Date,
): Promise<CustomerRow> {
  const linked = await findCustomerByGoogleSub(db, identity.sub);
  if (linked) return linked;
  if (!identity.email || !identity.emailVerified)
    throw new HttpError(403, UNVERIFIED_GOOGLE_EMAIL, 'unverified_email');
  const existing = await findCustomerByEmail(db, identity.email);
  if (existing) {
    // The provider vouched for the address, which is what the confirmation link proves.
    const row = await updateCustomer(
      db,
      existing.id,
      { google_sub: identity.sub, updated_at: now },
      markEmailVerified(now),
    );
    if (!row) throw new Error('customer vanished while linking');
    return row;
  }
  try {
    const picture = identity.picture?.startsWith('https://') ? identity.picture : '';
    return await insertCustomer(db, {
      email: identity.email,
      // A salt so getsalt answers like for any account; no password until recovery sets one.
      salt: newSalt(),
      password_hash: null,
      namef: (identity.givenName ?? '').slice(0, 100),
      namel: (identity.familyName ?? '').slice(0, 100),
      avatar: picture.slice(0, 500),
      google_sub: identity.sub,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new HttpError(409, EMAIL_TAKEN, 'email_taken');
    throw error;
  }
}
