/**
 * Card payments: a tokenised card charged at the gateway under an idempotency key, the
 * attempt stored with the key so a repeat answers the stored outcome, and the card
 * configuration the checkout page loads.
 */
import { createHash } from 'node:crypto';
import type { CardChargeAnswer } from '@plateia/core/contracts/payments';
import { PAYMENT_ANSWER_MESSAGES } from '@plateia/core/messages/payments';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import type { CardAttemptGuard } from '../rate-limits/card-attempts.ts';
import { SANDBOX_TEST_CARDS } from '../stand-ins/card-gateway/cards.ts';
import { type CardCharge, CardGatewayError } from './card/gateway.ts';
import type { PaymentDeps } from './deps.ts';
import {
  installmentOptions,
  MAX_INSTALLMENTS,
  MIN_INSTALLMENT_CENTS,
  splitInstallments,
} from './installments.ts';
import { cardMessage } from './messages.ts';
import { assertPayable, dueCents, ownedOrder, type PayableOrder } from './order.ts';
import type { PaymentProviders } from './providers.ts';
import { type PaymentRow, paymentOf, paymentWhere } from './records.ts';
import { settlePayment } from './settlement.ts';

/** The card payment request. */
export interface CardPaymentInput {
  orderId: number;
  token: string;
  installments: number;
  idempotencyKey: string;
}

/**
 * Charges a tokenised card for an order. The idempotency key is stored with the attempt
 * (unique per customer): a repeat answers the stored outcome without charging again, and an
 * attempt cut off before the gateway answered is retried at the gateway under the same
 * gateway key, which the gateway de-duplicates too. A new attempt is refused while the
 * order, the customer or the address backs off after declines (`guard`; replays of a
 * stored attempt are not new attempts).
 */
export async function payByCard(
  db: Database,
  deps: PaymentDeps,
  customerId: number,
  input: CardPaymentInput,
  guard?: CardAttemptGuard,
): Promise<CardChargeAnswer> {
  const fingerprint = createHash('sha256')
    .update(`${input.orderId}|${input.token}|${input.installments}`)
    .digest('hex');
  const earlier = await attemptWithKey(db, customerId, input.idempotencyKey);
  if (earlier) return replay(db, deps, earlier, fingerprint, input.token);
  const order = await ownedOrder(db, customerId, input.orderId);
  assertPayable(order, deps.now());
  if (!splitInstallments(dueCents(order), input.installments)) {
    throw new HttpError(400, PAYMENT_ANSWER_MESSAGES.installmentsUnavailable, 'installments');
  }
  const attempt = { orderId: order.id, customerId };
  await guard?.beforeCharge(attempt);
  const inserted = await insertAttempt(db, order, customerId, input, fingerprint);
  if (inserted) {
    const answer = await chargeAttempt(db, deps, inserted, input.token);
    await guard?.afterCharge(attempt, answer.status);
    return answer;
  }
  // The same key arrived twice at once: the other request stored the attempt.
  const concurrent = await attemptWithKey(db, customerId, input.idempotencyKey);
  if (!concurrent) throw new HttpError(409, PAYMENT_ANSWER_MESSAGES.cardUnavailable, 'conflict');
  return replay(db, deps, concurrent, fingerprint, input.token);
}

/**
 * Records a card charge the gateway decided: an approval settles the order, anything else
 * is stored on the payment. Answers the payment as stored.
 */
export async function applyCardCharge(
  db: Database,
  deps: PaymentDeps,
  payment: PaymentRow,
  charge: CardCharge,
): Promise<CardChargeAnswer> {
  const withCard: PaymentRow = {
    ...payment,
    gateway_charge_id: charge.id,
    card_brand: charge.card.brand,
    card_last4: charge.card.last4,
    status_detail: charge.statusDetail,
  };
  if (charge.status === 'approved') {
    await settlePayment(db, deps, withCard, { card: charge });
    // A concurrent retry may have settled it first: answer what is stored.
    const stored = await paymentWhere(db, sql`id = ${payment.id}`);
    return cardView(stored ?? { ...withCard, status: 'approved' }, false);
  }
  await execute(
    db,
    sql`UPDATE payments SET status = ${charge.status}, gateway_charge_id = ${charge.id}, card_brand = ${charge.card.brand},
          card_last4 = ${charge.card.last4}, status_detail = ${charge.statusDetail}, updated_at = now()
        WHERE id = ${payment.id}`,
  );
  return cardView({ ...withCard, status: charge.status }, false);
}

/** The gateway's tokeniser and the installment options for an amount (cents), with test cards in sandbox. */
export function cardCheckoutConfig(providers: PaymentProviders, amount: number | null) {
  const sandbox = Boolean(providers.simulateUrl);
  return {
    tokenizerUrl: providers.card.tokenizerScriptUrl,
    tokenizerGlobal: providers.card.tokenizerGlobal,
    maxInstallments: MAX_INSTALLMENTS,
    minInstallmentCents: MIN_INSTALLMENT_CENTS,
    amount,
    installments: amount === null ? [] : installmentOptions(amount),
    sandbox,
    ...(sandbox
      ? {
          testCards: [
            { number: SANDBOX_TEST_CARDS.mastercard, holder: 'APRO', outcome: 'Aprovado' },
            { number: SANDBOX_TEST_CARDS.visa, holder: 'OTHE', outcome: 'Recusado' },
            { number: SANDBOX_TEST_CARDS.mastercard, holder: 'CONT', outcome: 'Pendente (em análise)' },
            { number: SANDBOX_TEST_CARDS.visa, holder: 'FUND', outcome: 'Recusado: limite insuficiente' },
          ],
        }
      : {}),
  };
}

/** The customer's attempt stored under an idempotency key, if any. */
function attemptWithKey(
  db: Queryable,
  customerId: number,
  idempotencyKey: string,
): Promise<PaymentRow | null> {
  return paymentWhere(db, sql`customer_id = ${customerId} AND idempotency_key = ${idempotencyKey}`);
}

/** Stores a new card attempt; null when the customer's key is already taken. */
async function insertAttempt(
  db: Queryable,
  order: PayableOrder,
  customerId: number,
  input: CardPaymentInput,
  fingerprint: string,
): Promise<PaymentRow | null> {
  const inserted = await selectOne<PaymentRow>(
    db,
    sql`INSERT INTO payments (order_id, customer_id, method, amount_cents, idempotency_key, request_fingerprint, installments)
        VALUES (${order.id}, ${customerId}, 'card', ${dueCents(order)}, ${input.idempotencyKey}, ${fingerprint},
                ${input.installments})
        ON CONFLICT (customer_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
        RETURNING *`,
  );
  return inserted ? paymentOf(inserted) : null;
}

/** Answers a repeated key: the stored outcome, or the same request again if it never reached an answer. */
async function replay(
  db: Database,
  deps: PaymentDeps,
  payment: PaymentRow,
  fingerprint: string,
  token: string,
): Promise<CardChargeAnswer> {
  if (payment.method !== 'card' || payment.request_fingerprint !== fingerprint) {
    throw new HttpError(422, PAYMENT_ANSWER_MESSAGES.idempotencyConflict, 'idempotency_conflict');
  }
  // Cut off before the gateway answered (or still in flight): ask again with the same token
  // under the same gateway key; the gateway answers its first result, so it charges once.
  if (payment.status === 'pending' && !payment.gateway_charge_id && !payment.status_detail) {
    return { ...(await chargeAttempt(db, deps, payment, token)), replayed: true };
  }
  return cardView(payment, true);
}

/** Charges the card at the gateway for a stored attempt and records the outcome. */
async function chargeAttempt(
  db: Database,
  deps: PaymentDeps,
  payment: PaymentRow,
  token: string,
): Promise<CardChargeAnswer> {
  let charge: CardCharge;
  try {
    charge = await deps.providers.card.charge({
      token,
      amountCents: payment.amount_cents,
      installments: payment.installments ?? 1,
      // Namespaced by our payment id: customers choose their keys, the gateway's are global.
      idempotencyKey: `plateia-payment-${payment.id}`,
      description: 'Plateia ingressos',
      reference: String(payment.order_id),
    });
  } catch (error) {
    if (
      error instanceof CardGatewayError &&
      (error.code === 'invalid_token' || error.code === 'token_used')
    ) {
      await execute(
        db,
        sql`UPDATE payments SET status = 'declined', status_detail = ${error.code}, updated_at = now() WHERE id = ${payment.id}`,
      );
      return cardView({ ...payment, status: 'declined', status_detail: error.code }, false);
    }
    deps.log.error({ err: error, paymentId: payment.id }, 'card gateway failed');
    throw new HttpError(502, PAYMENT_ANSWER_MESSAGES.cardUnavailable, 'gateway_unavailable');
  }
  return applyCardCharge(db, deps, payment, charge);
}

/** A card attempt as answered, with its pt-BR message and installment label. */
function cardView(payment: PaymentRow, replayed: boolean): CardChargeAnswer {
  const status = payment.status === 'expired' ? 'declined' : payment.status;
  const split = splitInstallments(payment.amount_cents, payment.installments ?? 1);
  return {
    paymentId: payment.id,
    orderId: payment.order_id,
    status,
    message: cardMessage(status, payment.status_detail),
    installments: payment.installments ?? 1,
    installmentLabel: split?.label ?? '',
    card:
      payment.card_brand && payment.card_last4
        ? { brand: payment.card_brand, last4: payment.card_last4 }
        : null,
    replayed,
  };
}
