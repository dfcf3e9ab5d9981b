import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { formatCents } from '@plateia/core/format/money';
import { ERASURE_MESSAGES } from '@plateia/core/messages/profile';
import { sql } from 'drizzle-orm';
import { forgetChatAuthor } from '../chat/erasure.ts';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne } from '../db/sql.ts';
import { forgetFriendships } from '../friends/erasure.ts';
import { walletBalance } from '../ledger/accounts.ts';
import { loggableError } from '../logging.ts';
import { forgetOrderHolder } from '../orders/erasure.ts';
import { HttpError } from '../plugins/errors.ts';
import { forgetProducerApplications } from '../producer-applications/erasure.ts';
import { forgetShareEmail } from '../shared-payments/erasure.ts';
import { forgetSupportRequests } from '../support/erasure.ts';
import { forgetTransferRecipient } from '../ticket-transfers/erasure.ts';
import { forgetTicketHolder } from '../tickets/erasure.ts';
import { forgetQueueCpf } from '../virtual-queue/erasure.ts';
import type { AccountMail } from './account-mail.ts';
import { erasedEmail, erasureCodeEmail } from './account-notices.ts';
import { releaseCpf, withdrawCpfClaims } from './cpf.ts';
import { findCustomerById, isadminOf } from './customers.ts';
import { removeDocument } from './documents.ts';
import { newSalt } from './passwords.ts';

/**
 * "Excluir minha conta" (docs/accounts.md, "Erasure"): the customer erases their account at
 * once, confirmed by a code e-mailed to them. Personal data is blanked or deleted; orders,
 * payments and ledger entries stay (the law's records), linked to the blanked account row.
 * Refused while money or tickets are still on their way to or from the customer.
 */

/** The address an erased account and every record that named it carry instead of its e-mail. */
const erasedEmailOf = (customerId: number) => `conta-excluida-${customerId}@excluida.plateia.invalid`;

/** Something in flight that keeps the account from being erased now. */
export interface ErasureBlocker {
  code:
    | 'producer'
    | 'wallet_balance'
    | 'wallet_in_flight'
    | 'purchase_in_progress'
    | 'shared_payment'
    | 'refund_pending'
    | 'transfer_pending'
    | 'future_tickets'
    | 'resale_proceeds';
  message: string;
}

/** How long an erasure code lasts, and how many wrong tries it survives. */
export const ERASURE_CODE_TTL_MS = 15 * 60 * 1000;
const ERASURE_CODE_MAX_ATTEMPTS = 5;
const ERASURE_CODE_INTERVAL_MS = 60 * 1000;

const count = async (db: Queryable, query: ReturnType<typeof sql>) =>
  (await selectOne<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${query}) q`))?.n ?? 0;

/**
 * Everything that keeps the customer's account from being erased at `now`, in the order the
 * profile lists them. Empty when it may go.
 */
export async function erasureBlockers(
  db: Queryable,
  customerId: number,
  now: Date,
): Promise<ErasureBlocker[]> {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  // A producer: marked as one, or a member of any organisation (their events depend on them).
  const me = await selectOne<{ isadmin: string; email: string }>(
    db,
    sql`SELECT ${isadminOf('customers')} AS isadmin, email FROM customers WHERE id = ${customerId}`,
  );
  if (!me) return [];
  const blockers: ErasureBlocker[] = [];
  const add = (code: ErasureBlocker['code'], message: string) => blockers.push({ code, message });
  if (me.isadmin === '1') add('producer', ERASURE_MESSAGES.producer);
  const balance = await walletBalance(db, customerId);
  if (balance > 0) add('wallet_balance', ERASURE_MESSAGES.walletBalance(formatCents(balance)));
  const walletMoving = await count(
    db,
    sql`SELECT 1 FROM wallet_topups WHERE customer_id = ${customerId} AND status = 'pending' AND charge_expires_at > ${stamp}
        UNION ALL SELECT 1 FROM wallet_order_parts WHERE customer_id = ${customerId} AND status = 'held'
        UNION ALL SELECT 1 FROM wallet_returns WHERE customer_id = ${customerId} AND status = 'requested'`,
  );
  if (walletMoving > 0) add('wallet_in_flight', ERASURE_MESSAGES.walletInFlight);
  const buying = await count(
    db,
    sql`SELECT 1 FROM orders WHERE customer_id = ${customerId} AND status = 'reserved' AND expires_at > ${stamp}
        UNION ALL SELECT 1 FROM payments WHERE customer_id = ${customerId} AND status = 'pending'`,
  );
  if (buying > 0) add('purchase_in_progress', ERASURE_MESSAGES.purchaseInProgress);
  const sharing = await count(
    db,
    sql`SELECT 1 FROM shared_payments WHERE leader_id = ${customerId} AND status = 'open'
        UNION ALL
        SELECT 1 FROM shared_payment_shares s JOIN shared_payments g ON g.id = s.shared_payment_id
        WHERE lower(s.email) = lower(${me.email})
          AND (s.status = 'refunding' OR (s.status = 'paid' AND g.status = 'open'))`,
  );
  if (sharing > 0) add('shared_payment', ERASURE_MESSAGES.sharedPayment);
  const refunding = await count(
    db,
    sql`SELECT 1 FROM refunds WHERE customer_id = ${customerId} AND status <> 'refunded'
        UNION ALL SELECT 1 FROM payments WHERE customer_id = ${customerId} AND status = 'refund_required'`,
  );
  if (refunding > 0) add('refund_pending', ERASURE_MESSAGES.refundPending);
  const transferring = await count(
    db,
    sql`SELECT 1 FROM ticket_transfers
        WHERE status = 'pending' AND (from_customer_id = ${customerId} OR to_customer_id = ${customerId}
                                      OR lower(to_email) = lower(${me.email}))`,
  );
  if (transferring > 0) add('transfer_pending', ERASURE_MESSAGES.transferPending);
  const future = await count(
    db,
    sql`SELECT 1 FROM tickets t JOIN events e ON e.id = t.event_id
        WHERE t.customer_id = ${customerId} AND t.status = 'valid' AND e.ends_at > ${stamp}`,
  );
  if (future > 0) add('future_tickets', ERASURE_MESSAGES.futureTickets(future));
  const proceeds = await count(
    db,
    sql`SELECT 1 FROM resale_listings WHERE seller_id = ${customerId} AND status = 'sold'
          AND proceeds_released_at IS NULL AND undone_at IS NULL`,
  );
  if (proceeds > 0) add('resale_proceeds', ERASURE_MESSAGES.resaleProceeds);
  return blockers;
}

/** The 409 that lists, in one message, everything keeping the account. */
function refuse(blockers: ErasureBlocker[]): HttpError {
  return new HttpError(409, blockers.map((b) => b.message).join(' '), 'erasure_blocked');
}

const digest = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * E-mails a 6-digit code that confirms the erasure (valid 15 minutes, one live per account,
 * a new one at most once a minute). Refused (409) while anything keeps the account.
 */
export async function sendErasureCode(
  db: Queryable,
  deps: AccountMail & { now: Date },
  customerId: number,
): Promise<void> {
  const { now } = deps;
  const blockers = await erasureBlockers(db, customerId, now);
  if (blockers.length > 0) throw refuse(blockers);
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new HttpError(401, ERASURE_MESSAGES.failed, 'unauthorized');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const since = new Date(now.getTime() - ERASURE_CODE_INTERVAL_MS).toISOString();
  const stored = await selectOne<{ customer_id: number }>(
    db,
    sql`INSERT INTO account_erasure_codes (customer_id, code_hash, created_at, expires_at)
        VALUES (${customerId}, ${digest(code)}, ${now.toISOString()}::timestamptz,
                ${new Date(now.getTime() + ERASURE_CODE_TTL_MS).toISOString()}::timestamptz)
        ON CONFLICT (customer_id) DO UPDATE
          SET code_hash = EXCLUDED.code_hash, created_at = EXCLUDED.created_at,
              expires_at = EXCLUDED.expires_at, attempts = 0
          WHERE account_erasure_codes.created_at <= ${since}::timestamptz
        RETURNING customer_id`,
  );
  if (!stored) throw new HttpError(429, ERASURE_MESSAGES.codeTooSoon, 'too_soon');
  await deps.mailer.send(
    erasureCodeEmail({
      to: customer.email,
      name: customer.namef,
      code,
      minutes: ERASURE_CODE_TTL_MS / 60_000,
    }),
  );
}

/** Takes the code if it is the live one (counting a wrong try); answers whether it was. */
async function takeCode(db: Queryable, customerId: number, code: string, now: Date): Promise<boolean> {
  const row = await selectOne<{ code_hash: string; expired: boolean; attempts: number }>(
    db,
    sql`SELECT code_hash, expires_at <= ${now.toISOString()}::timestamptz AS expired, attempts
        FROM account_erasure_codes WHERE customer_id = ${customerId} FOR UPDATE`,
  );
  if (!row || row.expired || row.attempts >= ERASURE_CODE_MAX_ATTEMPTS) return false;
  const given = Buffer.from(digest(code));
  if (given.length === row.code_hash.length && timingSafeEqual(given, Buffer.from(row.code_hash))) {
    await db.execute(sql`DELETE FROM account_erasure_codes WHERE customer_id = ${customerId}`);
    return true;
  }
  await db.execute(
    sql`UPDATE account_erasure_codes SET attempts = attempts + 1 WHERE customer_id = ${customerId}`,
  );
  return false;
}

/**
 * Erases the account when `code` is the one e-mailed and nothing keeps it (docs/accounts.md,
 * "Erasure"). One transaction, the customer row locked: the profile is blanked, the login
 * e-mail replaced, sessions and links deleted, friendships and support requests deleted,
 * sent chat messages' text replaced, queue entries' CPF dropped, a CPF someone claims
 * handed on; then the documents and attachments are deleted from disk and a receipt goes
 * to the address the account had.
 */
export async function eraseAccount(
  db: Database,
  deps: AccountMail & { now: Date; dataDir: string },
  customerId: number,
  code: string,
): Promise<void> {
  const { now } = deps;
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const outcome = await db.transaction(async (tx) => {
    const customer = await selectOne<{ id: number }>(
      tx,
      sql`SELECT id FROM customers WHERE id = ${customerId} AND erased_at IS NULL FOR UPDATE`,
    );
    if (!customer) return { ok: false as const, reason: 'gone' as const };
    // Checked before the code is taken, so a refusal leaves the code usable once resolved.
    const blockers = await erasureBlockers(tx, customerId, now);
    if (blockers.length > 0) return { ok: false as const, reason: 'blocked' as const, blockers };
    // A wrong try is counted and committed (the transaction answers rather than throws).
    if (!(await takeCode(tx, customerId, code, now))) return { ok: false as const, reason: 'code' as const };
    const before = (await findCustomerById(tx, customerId))!;
    const supportFiles = await forgetSupportRequests(tx, customerId);
    await forgetChatAuthor(tx, customerId);
    await forgetFriendships(tx, customerId);
    await forgetQueueCpf(tx, customerId);
    await forgetProducerApplications(tx, customerId, before.email);
    const erased = erasedEmailOf(customerId);
    await forgetTicketHolder(tx, customerId, erased);
    await forgetTransferRecipient(tx, customerId, before.email, erased);
    await forgetOrderHolder(tx, before.email, erased);
    await forgetShareEmail(tx, before.email, erased);
    await tx.execute(sql`DELETE FROM sessions WHERE customer_id = ${customerId}`);
    await tx.execute(sql`DELETE FROM email_tokens WHERE customer_id = ${customerId}`);
    await tx.execute(
      sql`UPDATE customers SET
            email = ${erased}, salt = ${newSalt()},
            password_hash = NULL, google_sub = NULL, email_verified_at = NULL,
            namef = 'Conta excluída', namel = '', cpfnpj = '', passport = '', phone = '', country = '',
            nickname = '', gender = '', birth_date = NULL, cep = '', rua = '', numero = '',
            complemento = '', bairro = '', cidade = '', uf = '', instagram = '', profession = '',
            profession_details = '', avatar = '', document_path = NULL, address_proof_path = NULL,
            status = 0, erased_at = ${stamp}, updated_at = ${stamp}
          WHERE id = ${customerId}`,
    );
    // A CPF someone was claiming goes to them now that it is free; the customer's own claims end.
    await releaseCpf(tx, before.cpfnpj, now);
    await withdrawCpfClaims(tx, customerId, now);
    return { ok: true as const, before, supportFiles };
  });
  if (!outcome.ok) {
    if (outcome.reason === 'blocked') throw refuse(outcome.blockers);
    throw new HttpError(400, ERASURE_MESSAGES.codeInvalid, 'invalid_code');
  }
  const { before, supportFiles } = outcome;
  for (const name of [before.documentPath, before.addressProofPath, ...supportFiles]) {
    await removeDocument(deps.dataDir, name);
  }
  try {
    await deps.mailer.send(erasedEmail({ to: before.email, name: before.namef }));
  } catch (error) {
    deps.log.error({ err: loggableError(error) }, 'erasure receipt not sent');
  }
}
