import type { Queryable } from '../db/sql.ts';
import { loggableError } from '../logging.ts';
import { recoveryEmail } from '../mail/templates.ts';
import { type AccountMail, storefrontLink } from './account-mail.ts';
import { type CustomerRow, findCustomerByEmail, markEmailVerified, updateCustomer } from './customers.ts';
import { consumeEmailToken, issueEmailToken, lastIssuedAt } from './email-tokens.ts';
import { hashDigest } from './passwords.ts';
import { revokeAllSessions } from './sessions.ts';

/** Spec §4/§5: a second recovery e-mail within a minute is not sent. */
const RECOVERY_RESEND_WAIT_MS = 60_000;

/** What became of a recovery request: the answer is the same unless the mail failed. */
export type RecoveryRequestOutcome = 'sent' | 'not_sent' | 'mail_failed';

/**
 * E-mails a one-hour recovery link when `email` has an account and no link went out in the
 * last minute; otherwise sends nothing (`not_sent`), so the answer does not reveal accounts.
 */
export async function sendRecoveryLink(
  db: Queryable,
  email: string,
  deps: AccountMail & { now: Date },
): Promise<RecoveryRequestOutcome> {
  const { now } = deps;
  const row = await findCustomerByEmail(db, email);
  if (!row) return 'not_sent';
  const last = await lastIssuedAt(db, row.id, 'recovery');
  if (last && now.getTime() - last.getTime() < RECOVERY_RESEND_WAIT_MS) return 'not_sent';
  const token = await issueEmailToken(db, row.id, 'recovery', now);
  const link = storefrontLink(deps.siteUrl, '/recuperar-senha', { token, email: row.email });
  try {
    await deps.mailer.send(recoveryEmail({ to: row.email, name: row.namef, link }));
    return 'sent';
  } catch (error) {
    deps.log.error({ err: loggableError(error) }, 'recovery e-mail not sent');
    return 'mail_failed';
  }
}

/**
 * Sets a new password (`digest` = md5(salt + newPassword)) with a recovery link token and
 * signs the customer out everywhere. Answers the updated customer, or null when the token
 * is unknown, used or expired.
 */
export async function resetPassword(
  db: Queryable,
  token: string,
  digest: string,
  now: Date,
): Promise<CustomerRow | null> {
  const customerId = await consumeEmailToken(db, token, 'recovery', now);
  if (customerId === null) return null;
  const passwordHash = await hashDigest(digest);
  // Following the e-mailed link proves the mailbox, so the account counts as verified too.
  const row = await updateCustomer(
    db,
    customerId,
    { password_hash: passwordHash, updated_at: now },
    markEmailVerified(now),
  );
  if (!row) return null;
  // Whoever knew the old password is signed out everywhere.
  await revokeAllSessions(db, customerId, now);
  return row;
}
