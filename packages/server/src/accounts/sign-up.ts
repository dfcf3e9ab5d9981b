import type { ProfileDetails } from '@plateia/core/contracts/profile';
import { type Queryable, sqlState } from '../db/sql.ts';
import { loggableError } from '../logging.ts';
import { verificationEmail } from '../mail/templates.ts';
import { type AccountMail, storefrontLink } from './account-mail.ts';
import { cpfTakenError, isCpfTaken } from './cpf.ts';
import { findCustomerByEmail, insertCustomer } from './customers.ts';
import { issueEmailToken } from './email-tokens.ts';
import { hashDigest, newSalt, passwordDigest } from './passwords.ts';
import { normalizeProfile, requireEmail, requireName } from './profile.ts';
import { openSession } from './sessions.ts';

// PostgreSQL's unique_violation: the e-mail got an account between the check and the insert.
const UNIQUE_VIOLATION = '23505';

/** What sign-up takes (docs/accounts.md): `pw` is the password itself; the server picks the salt. */
export interface SignUpInput extends ProfileDetails {
  user: string;
  namef: string;
  namel?: string;
  pw: string;
  passport?: string;
  country?: string;
}

/** A new account: its id and the short-lived grant that lets it upload its documents. */
export interface SignedUp {
  id: number;
  uploadToken: string;
}

/**
 * Creates an account (argon2id of md5(salt + pw), status and uidcad fixed at 1), e-mails
 * the confirmation link and opens the upload grant. Answers null when the e-mail already
 * has an account. Throws 400 for a malformed e-mail, a missing name or a bad profile field,
 * and 409 when another account has the CPF (docs/accounts.md, "One CPF, one account").
 */
export async function signUp(
  db: Queryable,
  input: SignUpInput,
  deps: AccountMail & { now: Date },
): Promise<SignedUp | null> {
  const { now } = deps;
  const email = requireEmail(input.user);
  requireName(input.namef);
  const profile = normalizeProfile(input, now);
  if (await findCustomerByEmail(db, email)) return null;
  const salt = newSalt();
  const passwordHash = await hashDigest(passwordDigest(salt, input.pw));
  let id: number;
  try {
    const row = await insertCustomer(db, {
      ...profile,
      email,
      salt,
      password_hash: passwordHash,
      namef: input.namef.trim(),
      namel: (input.namel ?? '').trim(),
      passport: (input.passport ?? '').trim(),
      country: input.country?.trim() || 'Brasil',
      // The spec's fixed sign-up values: a client cannot pick another status.
      status: 1,
      uidcad: 1,
      created_at: now,
      updated_at: now,
    });
    id = row.id;
  } catch (error) {
    if (isCpfTaken(error)) throw cpfTakenError(true);
    // Two sign-ups racing with the same e-mail: the loser gets the same answer.
    if (sqlState(error) === UNIQUE_VIOLATION) return null;
    throw error;
  }
  const token = await issueEmailToken(db, id, 'verify', now);
  const link = storefrontLink(deps.siteUrl, '/verificar-email', { token });
  try {
    await deps.mailer.send(verificationEmail({ to: email, name: input.namef, link }));
  } catch (error) {
    // The account exists either way; the FAQ sends people without the e-mail to support.
    deps.log.error({ err: loggableError(error) }, 'verification e-mail not sent');
  }
  const uploadToken = await openSession(db, id, now, { scope: 'upload' });
  return { id, uploadToken };
}
