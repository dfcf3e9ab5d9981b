/**
 * Payment flows behind the routes: PIX charges and their confirmation (webhook or polling,
 * always checked with the PSP), card attempts with idempotency keys, and the order's
 * payment status. Settlement itself is in fulfilment.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CardChargeAnswer, PaymentStatusAnswer, PixCharge } from '@plateia/core/contracts/payments';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../plugins/errors.ts';
import { type CardCharge, CardGatewayError } from './card/gateway.ts';
import { purchaseConfirmationEmail, ticketsReceivedEmail } from './confirmation-email.ts';
import { loadOrder, type PayableOrder, rowsOf, type SettleOutcome, settleOrder } from './fulfilment.ts';
import { splitInstallments } from './installments.ts';
import { brCodeSvg } from './pix/brcode.ts';
import { centsToValor, PixProviderError, type PixReceived, valorToCents } from './pix/provider.ts';

/** pt-BR texts the payment routes answer with. */
export const PAYMENT_MESSAGES = {
  orderNotFound: 'Pedido não encontrado.',
  forbidden: 'Este pedido pertence a outro cliente.',
  alreadyPaid: 'Este pedido já foi pago.',
  cancelled: 'Este pedido foi cancelado.',
  expired: 'Sua reserva expirou. Refaça o pedido para continuar.',
  nothingToPay: 'Este pedido não tem valor a pagar.',
  pixUnavailable: 'Não foi possível gerar o PIX agora. Tente novamente em instantes.',
  cardUnavailable: 'Não foi possível processar o pagamento agora. Tente novamente em instantes.',
  installmentsUnavailable: 'Parcelamento indisponível para este valor.',
  idempotencyConflict: 'Esta chave de idempotência já foi usada em outra tentativa de pagamento.',
  approved: 'Pagamento aprovado! Seus ingressos já estão em Meus Ingressos.',
  pending: 'Pagamento em análise. Você receberá um e-mail assim que for aprovado.',
  pixWaiting: 'Aguardando o pagamento do PIX.',
  refundRequired:
    'Sua reserva expirou e os ingressos não estão mais disponíveis. O valor pago será estornado integralmente.',
  invalidCard: 'Não foi possível validar o cartão. Confira os dados e tente novamente.',
  declined: 'Pagamento recusado pelo emissor do cartão. Tente outro cartão ou pague com PIX.',
} as const;

const declineMessages: Record<string, string> = {
  cc_rejected_insufficient_amount:
    'Pagamento recusado: limite insuficiente. Tente outro cartão ou pague com PIX.',
  cc_rejected_bad_filled_security_code: 'Pagamento recusado: código de segurança inválido.',
  cc_rejected_bad_filled_date: 'Pagamento recusado: data de validade inválida.',
  cc_rejected_call_for_authorize:
    'Pagamento recusado: autorize a compra com o banco emissor do cartão e tente novamente.',
  invalid_token: PAYMENT_MESSAGES.invalidCard,
  token_used: PAYMENT_MESSAGES.invalidCard,
};

/** The pt-BR message for a card outcome. */
export function cardMessage(status: string, detail: string | null): string {
  if (status === 'approved') return PAYMENT_MESSAGES.approved;
  if (status === 'pending') return PAYMENT_MESSAGES.pending;
  if (status === 'refund_required') return PAYMENT_MESSAGES.refundRequired;
  return declineMessages[detail ?? ''] ?? PAYMENT_MESSAGES.declined;
}

interface PaymentRow {
  id: number;
  order_id: number;
  customer_id: number;
  method: 'pix' | 'card';
  status: 'pending' | 'approved' | 'declined' | 'expired' | 'refund_required';
  amount_cents: number;
  txid: string | null;
  brcode: string | null;
  charge_expires_at: string | Date | null;
  end_to_end_id: string | null;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  gateway_charge_id: string | null;
  installments: number | null;
  card_brand: string | null;
  card_last4: string | null;
  status_detail: string | null;
  paid_at: string | Date | null;
}

/** A payments row with its ids and amount as numbers, whichever way the driver returned them. */
const paymentOf = (row: PaymentRow): PaymentRow => ({
  ...row,
  id: Number(row.id),
  order_id: Number(row.order_id),
  amount_cents: Number(row.amount_cents),
});

async function paymentWhere(app: FastifyInstance, where: ReturnType<typeof sql>): Promise<PaymentRow | null> {
  const [row] = await rowsOf<PaymentRow>(app.database.db, sql`SELECT * FROM payments WHERE ${where} LIMIT 1`);
  return row ? paymentOf(row) : null;
}

/** The order, if it exists and belongs to the customer (404 / 403 otherwise). */
export async function ownedOrder(
  app: FastifyInstance,
  customerId: number,
  orderId: number,
): Promise<PayableOrder> {
  const order = await loadOrder(app.database.db, orderId);
  if (!order) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound, 'not_found');
  if (order.customerId !== customerId) throw new HttpError(403, PAYMENT_MESSAGES.forbidden, 'forbidden');
  return order;
}

function assertPayable(order: PayableOrder, now: Date): void {
  if (order.status === 'paid') throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid, 'already_paid');
  if (order.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled, 'cancelled');
  if (order.status === 'expired' || order.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(410, PAYMENT_MESSAGES.expired, 'expired');
  }
  if (order.totalCents <= 0) throw new HttpError(400, PAYMENT_MESSAGES.nothingToPay, 'nothing_to_pay');
}

/** Sends the confirmation e-mails after a settlement committed; a mail failure never undoes a sale. */
async function sendConfirmations(app: FastifyInstance, outcome: SettleOutcome): Promise<void> {
  if (outcome.kind !== 'paid') return;
  const mailer = (app as { mailer?: FastifyInstance['mailer'] }).mailer;
  if (!mailer) return;
  try {
    const [event] = await rowsOf<{ name: string }>(
      app.database.db,
      sql`SELECT name FROM events WHERE id = ${outcome.order.eventId}`,
    );
    const eventName = event?.name ?? 'seu evento';
    const site = app.config.siteUrl.replace(/\/$/, '');
    const others = new Map<string, { count: number; hasAccount: boolean }>();
    for (const ticket of outcome.tickets) {
      if (ticket.holderEmail === outcome.buyerEmail.toLowerCase()) continue;
      const entry = others.get(ticket.holderEmail) ?? { count: 0, hasAccount: ticket.customerId !== null };
      entry.count += 1;
      others.set(ticket.holderEmail, entry);
    }
    await mailer.send(
      purchaseConfirmationEmail({
        to: outcome.buyerEmail,
        name: outcome.buyerName,
        orderNumber: outcome.order.number,
        eventName,
        totalCents: outcome.order.totalCents,
        ticketCount: outcome.tickets.length,
        transferredTo: [...others.keys()],
        ticketsUrl: `${site}/mytickets`,
      }),
    );
    for (const [to, entry] of others) {
      await mailer.send(
        ticketsReceivedEmail({
          to,
          buyerEmail: outcome.buyerEmail,
          eventName,
          ticketCount: entry.count,
          hasAccount: entry.hasAccount,
          ticketsUrl: `${site}/mytickets`,
          signUpUrl: `${site}/cadastro`,
        }),
      );
    }
  } catch (error) {
    app.log.error({ err: error, orderId: outcome.order.id }, 'purchase confirmation e-mail failed');
  }
}

/** What a settlement attempt did to the payment. */
export type SettlementResult = 'settled' | 'duplicate' | 'refund_required' | 'not_found';

/**
 * Settles the order of `payment` in one transaction with the payment's own update. For PIX
 * the confirmed payment's endToEndId is recorded first: a second delivery of it stops there.
 */
async function settlePayment(
  app: FastifyInstance,
  payment: PaymentRow,
  pix?: { endToEndId: string; amountCents: number; paidAt: Date },
  card?: CardCharge,
): Promise<SettlementResult> {
  const now = app.now();
  const nowIso = now.toISOString();
  let settled: SettleOutcome | null = null;
  const result = await app.database.db.transaction(async (tx) => {
    // One settlement per payment at a time; a second one finds it already decided.
    const [locked] = await rowsOf<{ status: string }>(
      tx,
      sql`SELECT status FROM payments WHERE id = ${payment.id} FOR UPDATE`,
    );
    if (!locked) return 'not_found' as const;
    if (!pix && (locked.status === 'approved' || locked.status === 'refund_required'))
      return 'duplicate' as const;
    if (pix) {
      const inserted = await rowsOf(
        tx,
        sql`INSERT INTO pix_received (end_to_end_id, txid, payment_id, amount_cents, paid_at)
            VALUES (${pix.endToEndId}, ${payment.txid}, ${payment.id}, ${pix.amountCents}, ${pix.paidAt.toISOString()}::timestamptz)
            ON CONFLICT (end_to_end_id) DO NOTHING RETURNING end_to_end_id`,
      );
      if (inserted.length === 0) return 'duplicate' as const;
    }
    const outcome = await settleOrder(tx, payment.order_id, now);
    if (!outcome) return 'not_found' as const;
    const cardColumns = card
      ? sql`, gateway_charge_id = ${card.id}, card_brand = ${card.card.brand}, card_last4 = ${card.card.last4},
            status_detail = ${card.statusDetail}`
      : sql``;
    const pixColumns = pix ? sql`, end_to_end_id = ${pix.endToEndId}` : sql``;
    if (outcome.kind === 'paid') {
      await tx.execute(
        sql`UPDATE payments SET status = 'approved', paid_at = ${nowIso}::timestamptz, updated_at = ${nowIso}::timestamptz
            ${pixColumns} ${cardColumns} WHERE id = ${payment.id}`,
      );
      settled = outcome;
      return 'settled' as const;
    }
    // Paid by this very payment before: nothing more to do.
    if (outcome.kind === 'already_paid' && locked.status === 'approved') return 'duplicate' as const;
    // Money arrived for an order that is paid by another payment, cancelled, or whose stock
    // is gone after expiry: keep it on record for a refund (docs/payments.md).
    await tx.execute(
      sql`UPDATE payments SET status = 'refund_required', paid_at = ${nowIso}::timestamptz,
            updated_at = ${nowIso}::timestamptz ${pixColumns} ${cardColumns}
          WHERE id = ${payment.id}`,
    );
    return 'refund_required' as const;
  });
  if (result === 'refund_required') {
    app.log.warn(
      { paymentId: payment.id, orderId: payment.order_id },
      'payment received for an order that cannot be fulfilled: refund',
    );
  }
  if (settled) await sendConfirmations(app, settled);
  return result;
}

function pixView(app: FastifyInstance, payment: PaymentRow): PixCharge {
  const simulate = app.payments.simulateUrl;
  return {
    paymentId: payment.id,
    orderId: payment.order_id,
    txid: payment.txid!,
    brcode: payment.brcode!,
    qrSvg: brCodeSvg(payment.brcode!),
    amount: payment.amount_cents,
    expiresAt: new Date(payment.charge_expires_at!).toISOString(),
    status: payment.status,
    ...(simulate ? { simulateUrl: simulate(payment.txid!) } : {}),
  };
}

/**
 * Opens (or returns the open) PIX charge for a reserved order. The charge expires with the
 * reservation: `calendario.expiracao` is the seconds left until the order's `expires_at`.
 */
export async function createPixCharge(
  app: FastifyInstance,
  customerId: number,
  orderId: number,
): Promise<PixCharge> {
  const order = await ownedOrder(app, customerId, orderId);
  const now = app.now();
  assertPayable(order, now);
  const open = await paymentWhere(app, sql`order_id = ${orderId} AND method = 'pix' AND status = 'pending'`);
  if (open) return pixView(app, open);

  const txid = `PLT${randomBytes(15).toString('hex')}`;
  const expiracao = Math.max(1, Math.ceil((order.expiresAt.getTime() - now.getTime()) / 1000));
  let cob: Awaited<ReturnType<FastifyInstance['payments']['pix']['createCharge']>>;
  try {
    cob = await app.payments.pix.createCharge(txid, {
      calendario: { expiracao },
      valor: { original: centsToValor(order.totalCents) },
      chave: app.payments.settings.pixKey,
      solicitacaoPagador: `Plateia pedido ${order.number}`,
    });
  } catch (error) {
    if (error instanceof PixProviderError) {
      app.log.error({ err: error, orderId }, 'PSP refused or unreachable when creating a charge');
      throw new HttpError(502, PAYMENT_MESSAGES.pixUnavailable, 'psp_unavailable');
    }
    throw error;
  }
  const [inserted] = await rowsOf<PaymentRow>(
    app.database.db,
    sql`INSERT INTO payments (order_id, customer_id, method, amount_cents, txid, brcode, charge_expires_at)
        VALUES (${orderId}, ${customerId}, 'pix', ${order.totalCents}, ${txid}, ${cob.pixCopiaECola},
                ${order.expiresAt.toISOString()}::timestamptz)
        ON CONFLICT (order_id) WHERE method = 'pix' AND status = 'pending' DO NOTHING
        RETURNING *`,
  );
  if (inserted) return pixView(app, paymentOf(inserted));
  // Another request opened a charge at the same moment: show that one, close ours.
  await app.payments.pix.removeCharge(txid).catch(() => {});
  const winner = await paymentWhere(
    app,
    sql`order_id = ${orderId} AND method = 'pix' AND status = 'pending'`,
  );
  if (!winner) throw new HttpError(409, PAYMENT_MESSAGES.pixUnavailable, 'conflict');
  return pixView(app, winner);
}

/** Why a PIX notification was not acted on. */
export type PixConfirmation = SettlementResult | 'unknown_txid' | 'not_confirmed' | 'amount_mismatch';

/**
 * Confirms a PIX payment with the PSP (`GET /cob/{txid}`) and settles its order. The
 * notification only says where to look: the PSP's own record decides, the endToEndId must be
 * one it lists, and the amount must be the charge's. Throws PixProviderError when the PSP
 * cannot be asked (the webhook then answers 503 so the PSP retries).
 */
export async function confirmPix(
  app: FastifyInstance,
  txid: string,
  endToEndId?: string,
): Promise<PixConfirmation> {
  const payment = await paymentWhere(app, sql`txid = ${txid} AND method = 'pix'`);
  if (!payment) return 'unknown_txid';
  const cob = await app.payments.pix.getCharge(txid);
  if (cob?.status !== 'CONCLUIDA' || !cob.pix?.length) return 'not_confirmed';
  const received: PixReceived | undefined = endToEndId
    ? cob.pix.find((entry) => entry.endToEndId === endToEndId)
    : cob.pix[0];
  if (!received || received.txid !== txid) return 'not_confirmed';
  const cents = valorToCents(received.valor);
  if (cents !== payment.amount_cents || valorToCents(cob.valor.original) !== payment.amount_cents) {
    app.log.warn({ txid, endToEndId: received.endToEndId }, 'PIX amount differs from the charge');
    return 'amount_mismatch';
  }
  return settlePayment(app, payment, {
    endToEndId: received.endToEndId,
    amountCents: cents,
    paidAt: new Date(received.horario),
  });
}

/** One notification's outcome, for the webhook's answer and logs. */
export interface WebhookItemResult {
  endToEndId: string;
  txid: string;
  result: PixConfirmation;
}

/** Handles a webhook body `{pix: [...]}`: every entry is confirmed with the PSP. */
export async function handlePixWebhook(app: FastifyInstance, pix: { endToEndId: string; txid?: string }[]) {
  const results: WebhookItemResult[] = [];
  for (const entry of pix) {
    if (!entry.txid) {
      results.push({ endToEndId: entry.endToEndId, txid: '', result: 'unknown_txid' });
      continue;
    }
    const result = await confirmPix(app, entry.txid, entry.endToEndId);
    if (result !== 'settled' && result !== 'duplicate') {
      app.log.warn({ txid: entry.txid, endToEndId: entry.endToEndId, result }, 'PIX webhook not acted on');
    }
    results.push({ endToEndId: entry.endToEndId, txid: entry.txid, result });
  }
  return results;
}

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
 * gateway key, which the gateway de-duplicates too.
 */
export async function payByCard(
  app: FastifyInstance,
  customerId: number,
  input: CardPaymentInput,
): Promise<CardChargeAnswer> {
  const fingerprint = createHash('sha256')
    .update(`${input.orderId}|${input.token}|${input.installments}`)
    .digest('hex');
  let payment = await paymentWhere(
    app,
    sql`customer_id = ${customerId} AND idempotency_key = ${input.idempotencyKey}`,
  );
  if (!payment) {
    const order = await ownedOrder(app, customerId, input.orderId);
    assertPayable(order, app.now());
    if (!splitInstallments(order.totalCents, input.installments)) {
      throw new HttpError(400, PAYMENT_MESSAGES.installmentsUnavailable, 'installments');
    }
    const [inserted] = await rowsOf<PaymentRow>(
      app.database.db,
      sql`INSERT INTO payments (order_id, customer_id, method, amount_cents, idempotency_key, request_fingerprint, installments)
          VALUES (${order.id}, ${customerId}, 'card', ${order.totalCents}, ${input.idempotencyKey}, ${fingerprint},
                  ${input.installments})
          ON CONFLICT (customer_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
          RETURNING *`,
    );
    payment = inserted
      ? paymentOf(inserted)
      : await paymentWhere(
          app,
          sql`customer_id = ${customerId} AND idempotency_key = ${input.idempotencyKey}`,
        );
    if (!payment) throw new HttpError(409, PAYMENT_MESSAGES.cardUnavailable, 'conflict');
    if (!inserted) return replay(app, payment, fingerprint, input.token);
  } else {
    return replay(app, payment, fingerprint, input.token);
  }
  return chargeAttempt(app, payment, input.token);
}

async function replay(
  app: FastifyInstance,
  payment: PaymentRow,
  fingerprint: string,
  token: string,
): Promise<CardChargeAnswer> {
  if (payment.method !== 'card' || payment.request_fingerprint !== fingerprint) {
    throw new HttpError(422, PAYMENT_MESSAGES.idempotencyConflict, 'idempotency_conflict');
  }
  // Cut off before the gateway answered (or still in flight): ask again with the same token
  // under the same gateway key; the gateway answers its first result, so it charges once.
  if (payment.status === 'pending' && !payment.gateway_charge_id && !payment.status_detail) {
    return { ...(await chargeAttempt(app, payment, token)), replayed: true };
  }
  return cardView(payment, true);
}

async function chargeAttempt(
  app: FastifyInstance,
  payment: PaymentRow,
  token: string,
): Promise<CardChargeAnswer> {
  let charge: CardCharge;
  try {
    charge = await app.payments.card.charge({
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
      await app.database.db.execute(
        sql`UPDATE payments SET status = 'declined', status_detail = ${error.code}, updated_at = now() WHERE id = ${payment.id}`,
      );
      return cardView({ ...payment, status: 'declined', status_detail: error.code }, false);
    }
    app.log.error({ err: error, paymentId: payment.id }, 'card gateway failed');
    throw new HttpError(502, PAYMENT_MESSAGES.cardUnavailable, 'gateway_unavailable');
  }
  return applyCardCharge(app, payment, charge);
}

async function applyCardCharge(
  app: FastifyInstance,
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
    await settlePayment(app, withCard, undefined, charge);
    // A concurrent retry may have settled it first: answer what is stored.
    const stored = await paymentWhere(app, sql`id = ${payment.id}`);
    return cardView(stored ?? { ...withCard, status: 'approved' }, false);
  }
  await app.database.db.execute(
    sql`UPDATE payments SET status = ${charge.status}, gateway_charge_id = ${charge.id}, card_brand = ${charge.card.brand},
          card_last4 = ${charge.card.last4}, status_detail = ${charge.statusDetail}, updated_at = now()
        WHERE id = ${payment.id}`,
  );
  return cardView({ ...withCard, status: charge.status }, false);
}

/**
 * The order's status, refreshed from the providers: an open PIX charge is checked with the
 * PSP (so a lost webhook never strands a payment) and a pending card charge with the gateway.
 * An unpaid charge whose reservation expired is removed at the PSP.
 */
export async function paymentStatus(
  app: FastifyInstance,
  customerId: number,
  orderId: number,
): Promise<PaymentStatusAnswer> {
  let order = await ownedOrder(app, customerId, orderId);
  const now = app.now();
  // An expired order is checked too: a PIX paid at the last second may still be honoured.
  if (order.status === 'reserved' || order.status === 'expired') {
    const pending = await rowsOf<PaymentRow>(
      app.database.db,
      sql`SELECT * FROM payments WHERE order_id = ${orderId} AND status = 'pending' ORDER BY id`,
    );
    for (const payment of pending.map(paymentOf)) {
      try {
        if (payment.method === 'pix' && payment.txid) {
          const result = await confirmPix(app, payment.txid);
          if (result === 'not_confirmed' && order.expiresAt.getTime() <= now.getTime()) {
            // The reservation is over: close the charge so it can no longer be paid.
            await app.payments.pix.removeCharge(payment.txid).catch(() => {});
            await app.database.db.execute(
              sql`UPDATE payments SET status = 'expired', updated_at = now() WHERE id = ${payment.id} AND status = 'pending'`,
            );
          }
        } else if (payment.method === 'card' && payment.gateway_charge_id) {
          const charge = await app.payments.card.getCharge(payment.gateway_charge_id);
          if (charge && charge.status !== 'pending') await applyCardCharge(app, payment, charge);
        }
      } catch (error) {
        // The provider being down only means the status is not refreshed this time.
        app.log.warn({ err: error, paymentId: payment.id }, 'payment status refresh failed');
      }
    }
    order = (await loadOrder(app.database.db, orderId))!;
  }
  const latest = await paymentWhere(
    app,
    sql`order_id = ${orderId} ORDER BY (status = 'approved') DESC, id DESC`,
  );
  let status: PaymentStatusAnswer['status'] = order.status;
  if (status === 'reserved' && order.expiresAt.getTime() <= now.getTime()) status = 'expired';
  if (status !== 'paid' && latest?.status === 'refund_required') status = 'refund_required';
  const message =
    status === 'paid'
      ? PAYMENT_MESSAGES.approved
      : status === 'refund_required'
        ? PAYMENT_MESSAGES.refundRequired
        : status === 'expired'
          ? PAYMENT_MESSAGES.expired
          : status === 'cancelled'
            ? PAYMENT_MESSAGES.cancelled
            : latest?.method === 'card'
              ? cardMessage(latest.status, latest.status_detail)
              : PAYMENT_MESSAGES.pixWaiting;
  return {
    orderId: order.id,
    orderNumber: order.number,
    status,
    totalCents: order.totalCents,
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    message,
    payment: latest
      ? { id: latest.id, method: latest.method, status: latest.status, txid: latest.txid }
      : null,
  };
}
