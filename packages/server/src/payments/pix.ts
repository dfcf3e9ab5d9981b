/**
 * PIX: opening an order's charge at the PSP, and confirming a payment with the PSP's own
 * record before settling it (the webhook and status polling both end here).
 */
import { randomBytes } from 'node:crypto';
import type { PixCharge } from '@plateia/core/contracts/payments';
import { PAYMENT_ANSWER_MESSAGES } from '@plateia/core/messages/payments';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import type { PaymentDeps, PixConfirmation } from './deps.ts';
import { assertPayable, dueCents, ownedOrder, type PayableOrder } from './order.ts';
import { brCodeSvg } from './pix/brcode.ts';
import { type Cob, centsToValor, PixProviderError, type PixReceived, valorToCents } from './pix/provider.ts';
import { type PaymentRow, paymentOf, paymentWhere } from './records.ts';
import { settlePayment } from './settlement.ts';

/**
 * Opens (or returns the open) PIX charge for a reserved order. The charge expires with the
 * reservation: `calendario.expiracao` is the seconds left until the order's `expires_at`.
 */
export async function createPixCharge(
  db: Database,
  deps: PaymentDeps,
  customerId: number,
  orderId: number,
): Promise<PixCharge> {
  const order = await ownedOrder(db, customerId, orderId);
  const now = deps.now();
  assertPayable(order, now);
  const open = await openCharge(db, orderId);
  if (open) return pixView(deps, open);

  const txid = `PLT${randomBytes(15).toString('hex')}`;
  const cob = await requestCharge(deps, order, txid, now);
  const inserted = await insertCharge(db, order, customerId, txid, cob.pixCopiaECola);
  if (inserted) return pixView(deps, inserted);
  // Another request opened a charge at the same moment: show that one, close ours.
  await deps.providers.pix.removeCharge(txid).catch(() => {});
  const winner = await openCharge(db, orderId);
  if (!winner) throw new HttpError(409, PAYMENT_ANSWER_MESSAGES.pixUnavailable, 'conflict');
  return pixView(deps, winner);
}

/**
 * Confirms a PIX payment with the PSP (`GET /cob/{txid}`) and settles what it pays for. The
 * notification only says where to look: the PSP's own record decides, the endToEndId must be
 * one it lists, and the amount must be the charge's. Throws PixProviderError when the PSP
 * cannot be asked (the webhook then answers 503 so the PSP retries).
 */
export async function confirmPix(
  db: Database,
  deps: PaymentDeps,
  txid: string,
  endToEndId?: string,
): Promise<PixConfirmation> {
  const payment = await paymentWhere(db, sql`txid = ${txid} AND method = 'pix'`);
  if (!payment) return 'unknown_txid';
  const cob = await deps.providers.pix.getCharge(txid);
  if (cob?.status !== 'CONCLUIDA' || !cob.pix?.length) return 'not_confirmed';
  const received: PixReceived | undefined = endToEndId
    ? cob.pix.find((entry) => entry.endToEndId === endToEndId)
    : cob.pix[0];
  if (!received || received.txid !== txid) return 'not_confirmed';
  const cents = valorToCents(received.valor);
  if (cents !== payment.amount_cents || valorToCents(cob.valor.original) !== payment.amount_cents) {
    deps.log.warn({ txid, endToEndId: received.endToEndId }, 'PIX amount differs from the charge');
    return 'amount_mismatch';
  }
  return settlePayment(db, deps, payment, {
    pix: { endToEndId: received.endToEndId, amountCents: cents, paidAt: new Date(received.horario) },
  });
}

/** The order's open PIX charge, if it has one. */
function openCharge(db: Queryable, orderId: number): Promise<PaymentRow | null> {
  return paymentWhere(
    db,
    sql`order_id = ${orderId} AND method = 'pix' AND status = 'pending' AND shared_payment_id IS NULL`,
  );
}

/** Asks the PSP for a charge (`PUT /cob/{txid}`) lasting as long as the reservation. */
async function requestCharge(deps: PaymentDeps, order: PayableOrder, txid: string, now: Date): Promise<Cob> {
  const expiracao = Math.max(1, Math.ceil((order.expiresAt.getTime() - now.getTime()) / 1000));
  try {
    return await deps.providers.pix.createCharge(txid, {
      calendario: { expiracao },
      valor: { original: centsToValor(dueCents(order)) },
      chave: deps.providers.settings.pixKey,
      solicitacaoPagador: `Plateia pedido ${order.number}`,
    });
  } catch (error) {
    if (error instanceof PixProviderError) {
      deps.log.error({ err: error, orderId: order.id }, 'PSP refused or unreachable when creating a charge');
      throw new HttpError(502, PAYMENT_ANSWER_MESSAGES.pixUnavailable, 'psp_unavailable');
    }
    throw error;
  }
}

/** Stores the PSP's charge; null when another request stored the order's open charge first. */
async function insertCharge(
  db: Queryable,
  order: PayableOrder,
  customerId: number,
  txid: string,
  brcode: string,
): Promise<PaymentRow | null> {
  const inserted = await selectOne<PaymentRow>(
    db,
    sql`INSERT INTO payments (order_id, customer_id, method, amount_cents, txid, brcode, charge_expires_at)
        VALUES (${order.id}, ${customerId}, 'pix', ${dueCents(order)}, ${txid}, ${brcode},
                ${order.expiresAt.toISOString()}::timestamptz)
        ON CONFLICT (order_id) WHERE method = 'pix' AND status = 'pending' AND shared_payment_id IS NULL DO NOTHING
        RETURNING *`,
  );
  return inserted ? paymentOf(inserted) : null;
}

/** A PIX payment as answered: the copia-e-cola, its QR and, in sandbox, where to simulate paying. */
function pixView(deps: PaymentDeps, payment: PaymentRow): PixCharge {
  const simulate = deps.providers.simulateUrl;
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
