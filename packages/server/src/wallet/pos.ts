/**
 * Spending at the event's point of sale (docs/wallet.md): the customer shows a short-lived
 * pay code from `/cashless` (its QR); the event's producer's POS sends it with the amount and
 * its own idempotency key. One spend per (event, key): a retry after a lost answer repeats
 * the first outcome instead of charging twice. Ledger `pos_spend` (wallet → the event's
 * producer revenue), key `pos:{spendId}`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { WalletPayCode, WalletPosSpendAnswer } from '@plateia/core/contracts/wallet';
import { WALLET_ANSWER_MESSAGES } from '@plateia/core/messages/wallet';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne } from '../db/sql.ts';
import { InsufficientFunds, postMovement } from '../ledger/index.ts';
import { requireEventPower } from '../organisations/access.ts';
import { brCodeSvg } from '../payments/pix/brcode.ts';
import { HttpError } from '../plugins/errors.ts';
import { PAY_CODE_SECONDS } from './limits.ts';

/** Pay codes read `PW` then 20 letters and digits (100 random bits, base32). */
const PAY_CODE = /^PW[A-Z2-7]{20}$/;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');

/** Issues a new pay code for the customer (older ones stay valid until they lapse). */
export async function createPayCode(db: Database, customerId: number, now: Date): Promise<WalletPayCode> {
  const bytes = randomBytes(20);
  const code = `PW${Array.from(bytes, (byte) => BASE32[byte % 32]).join('')}`;
  const expiresAt = new Date(now.getTime() + PAY_CODE_SECONDS * 1000);
  // Lapsed codes of this customer are removed as new ones are made.
  await execute(
    db,
    sql`DELETE FROM wallet_pay_codes WHERE customer_id = ${customerId} AND expires_at <= ${now.toISOString()}::timestamptz`,
  );
  await execute(
    db,
    sql`INSERT INTO wallet_pay_codes (code_hash, customer_id, expires_at, created_at)
        VALUES (${hashOf(code)}, ${customerId}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
  );
  return { code, qrSvg: brCodeSvg(code), expiresAt: expiresAt.toISOString() };
}

/** Who asks: the authenticated customer. */
export interface PosActor {
  id: number;
  /** '1' for producers (docs/wallet.md). */
  isadmin: string;
}

/** A point-of-sale charge. */
export interface PosSpendInput {
  code: string;
  amountCents: number;
  idempotencyKey: string;
  description?: string | undefined;
}

/**
 * Checks that `actor` runs the box office of the event's organisation (`box-office`,
 * docs/producers.md): 403 for a customer (before the lookup) or a role without it, 404 for an
 * unknown event or another organisation's.
 */
async function producedEvent(db: Queryable, actor: PosActor, eventId: number): Promise<void> {
  await requireEventPower(db, eventId, actor.id, 'box-office', {
    notProducer: WALLET_ANSWER_MESSAGES.notProducer,
    notFound: WALLET_ANSWER_MESSAGES.eventNotFound,
    forbidden: WALLET_ANSWER_MESSAGES.notProducer,
  });
}

interface SpendRow {
  id: number;
  customer_id: number;
  amount_cents: number;
}

/** The spend already made with this key at this event, if any: the same charge answers it again, another is refused. */
async function replay(
  db: Queryable,
  eventId: number,
  input: PosSpendInput,
): Promise<WalletPosSpendAnswer | null> {
  const row = await selectOne<SpendRow & { description: string | null }>(
    db,
    sql`SELECT id, customer_id, amount_cents, description FROM wallet_pos_spends
        WHERE event_id = ${eventId} AND idempotency_key = ${input.idempotencyKey}`,
  );
  if (!row) return null;
  if (Number(row.amount_cents) !== input.amountCents) {
    throw new HttpError(409, WALLET_ANSWER_MESSAGES.posKeyReused, 'idempotency_conflict');
  }
  return {
    id: Number(row.id),
    amountCents: Number(row.amount_cents),
    replayed: true,
    message: WALLET_ANSWER_MESSAGES.posCharged,
  };
}

/**
 * Charges `amountCents` from the wallet of the pay code's owner to the event's producer.
 * Producer-only; idempotent by (event, key); 409 when the wallet does not hold enough.
 */
export async function posSpend(
  db: Database,
  now: Date,
  actor: PosActor,
  eventId: number,
  input: PosSpendInput,
): Promise<WalletPosSpendAnswer> {
  await producedEvent(db, actor, eventId);
  const earlier = await replay(db, eventId, input);
  if (earlier) return earlier;
  const code = input.code.trim().toUpperCase();
  const owner = PAY_CODE.test(code)
    ? await selectOne<{ customer_id: number }>(
        db,
        sql`SELECT customer_id FROM wallet_pay_codes
            WHERE code_hash = ${hashOf(code)} AND expires_at > ${now.toISOString()}::timestamptz`,
      )
    : null;
  if (!owner) throw new HttpError(422, WALLET_ANSWER_MESSAGES.payCodeInvalid, 'invalid_code');
  const customerId = Number(owner.customer_id);
  try {
    const spent = await db.transaction(async (tx) => {
      const row = await selectOne<{ id: number }>(
        tx,
        sql`INSERT INTO wallet_pos_spends (event_id, producer_id, customer_id, amount_cents, idempotency_key, description, created_at)
            VALUES (${eventId}, ${actor.id}, ${customerId}, ${input.amountCents}, ${input.idempotencyKey},
                    ${input.description ?? null}, ${now.toISOString()}::timestamptz)
            ON CONFLICT (event_id, idempotency_key) DO NOTHING RETURNING id`,
      );
      // The same key from another request that committed first: answer its outcome.
      if (!row) return null;
      await postMovement(tx, {
        idempotencyKey: `pos:${row.id}`,
        kind: 'pos_spend',
        legs: [
          { account: { kind: 'customer_wallet', customerId }, amountCents: -input.amountCents },
          { account: { kind: 'producer_revenue', eventId }, amountCents: input.amountCents },
        ],
        customerId,
        memo: input.description ?? null,
        at: now,
      });
      return Number(row.id);
    });
    if (spent === null) return (await replay(db, eventId, input))!;
    return {
      id: spent,
      amountCents: input.amountCents,
      replayed: false,
      message: WALLET_ANSWER_MESSAGES.posCharged,
    };
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      throw new HttpError(409, WALLET_ANSWER_MESSAGES.insufficientFunds, 'insufficient_funds');
    }
    throw error;
  }
}
