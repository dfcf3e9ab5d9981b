import { eq, sql } from 'drizzle-orm';
import { type CustomerRow, findCustomerByEmail } from '../accounts/customers.ts';
import { isUniqueViolation } from '../accounts/database-errors.ts';
import { newSalt } from '../accounts/passwords.ts';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema/accounts.ts';
import { HttpError } from '../plugins/errors.ts';
import type { ExternalIdentity } from './identity-provider.ts';

/** Shown when the provider did not vouch for an e-mail we could use. */
export const UNVERIFIED_GOOGLE_EMAIL = 'Não foi possível confirmar seu e-mail com o Google.';
/** Shown when an account with the e-mail exists and the provider did not verify it. */
export const EMAIL_TAKEN = 'Já existe uma conta com este e-mail. Entre com e-mail e senha.';

/**
 * The customer an external identity signs in as: the one already linked to its `sub`;
 * else the one with its e-mail, linked now, but only when the provider verified that
 * e-mail; else a new verified customer. Throws 403 otherwise.
 */
export async function customerForIdentity(
  db: Database,
  identity: ExternalIdentity,
  now: Date,
): Promise<CustomerRow> {
  const [linked] = await db.select().from(customers).where(eq(customers.googleSub, identity.sub)).limit(1);
  if (linked) return linked;
  if (!identity.email || !identity.emailVerified)
    throw new HttpError(403, UNVERIFIED_GOOGLE_EMAIL, 'unverified_email');
  const existing = await findCustomerByEmail(db, identity.email);
  if (existing) {
    const [row] = await db
      .update(customers)
      .set({
        googleSub: identity.sub,
        // The provider vouched for the address, which is what the confirmation link proves.
        emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(customers.id, existing.id))
      .returning();
    if (!row) throw new Error('customer vanished while linking');
    return row;
  }
  try {
    const picture = identity.picture?.startsWith('https://') ? identity.picture : '';
    const [row] = await db
      .insert(customers)
      .values({
        email: identity.email,
        // A salt so getsalt answers like for any account; no password until recovery sets one.
        salt: newSalt(),
        passwordHash: null,
        namef: (identity.givenName ?? '').slice(0, 100),
        namel: (identity.familyName ?? '').slice(0, 100),
        avatar: picture.slice(0, 500),
        googleSub: identity.sub,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('customer insert returned nothing');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN, 'email_taken');
    throw error;
  }
}
