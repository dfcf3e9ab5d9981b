/**
 * The money leaving (docs/refunds.md, "States"): a PIX devolução to the account that paid,
 * driven by the devolução machine (payments/pix/devolucoes.ts, docs/payments.md
 * "Devoluções") with our id `RF{refund}N{attempt}`, or the card gateway's refund keyed
 * `refund-{refund}-{attempt}`. DEVOLVIDO or a succeeded card refund posts the `payout`
 * movement (clearing → pix_out/card_out); NAO_REALIZADO is retried under a new id by the
 * sweep, and after the last attempt the payer is asked for another PIX key. A refund drawn on several payments (a shared payment's
 * shares) is one row per payment: the parent and its children each follow this on their own.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne } from '../db/sql.ts';
import { postMovement } from '../ledger/index.ts';
import { CardGatewayError, type CardRefund } from '../payments/card/gateway.ts';
import type { PaymentDeps } from '../payments/deps.ts';
import {
  applyDevolucao,
  askDevolucao,
  type DevolucaoOwner,
  type DevolucaoStanding,
  needsNewAttempt,
} from '../payments/pix/devolucoes.ts';
import { type PixEnvio, PixProviderError } from '../payments/pix/provider.ts';
import { pixKeyNeededEmail } from './emails.ts';
import { externalCents, openChildren, payerOf, type RefundRow, refundById, updateRefund } from './records.ts';

/** What refunds use besides the database: the providers, clock, log, mailer and site address. */
export type RefundDeps = Omit<PaymentDeps, 'purposes'>;

/** Devoluções (or card refunds) tried before the customer is asked for another PIX key. */
export const MAX_REFUND_ATTEMPTS = 3;

/** Our devolução id for a refund's attempt: letters and digits only, as the API Pix requires. */
export const devolucaoIdOf = (refundId: number, attempt: number): string => `RF${refundId}N${attempt}`;

/** The refund and attempt a devolução id of ours names; null for anyone else's id. */
export function parseDevolucaoId(id: string): { refundId: number; attempt: number } | null {
  const match = /^RF(\d+)N(\d+)$/.exec(id);
  return match ? { refundId: Number(match[1]), attempt: Number(match[2]) } : null;
}

/**
 * Moves a refund one step: starts an attempt when it is requested (or failed with attempts
 * left), asks the PSP or gateway where it stands when processing. Throws the provider's
 * error when it cannot be reached (the refund stays as it was, for the next sweep).
 */
export async function processRefund(db: Database, deps: RefundDeps, refundId: number): Promise<void> {
  await processOne(db, deps, refundId);
  // A refund drawn on several payments: each other payment's part is a devolução of its own.
  for (const child of await openChildren(db, refundId)) await processOne(db, deps, child);
}

async function processOne(db: Database, deps: RefundDeps, refundId: number): Promise<void> {
  const row = await refundById(db, refundId);
  if (!row || row.status === 'refunded' || row.status === 'needs_pix_key') return;
  if (externalCents(row) <= 0) {
    await finishRefund(db, deps, row.id);
    return;
  }
  // Out of attempts: waits for another PIX key (or for support, for a card).
  if (row.status === 'failed' && row.attempts >= MAX_REFUND_ATTEMPTS && !row.pix_key) return;
  if (row.method === 'pix') await processPix(db, deps, row);
  else if (row.method === 'card') await processCard(db, deps, row);
}

/** Opens the next attempt: a fresh id (devolução) or key (card), recorded before the call. */
async function nextAttempt(db: Database, deps: RefundDeps, row: RefundRow): Promise<RefundRow> {
  const attempt = row.attempts + 1;
  await updateRefund(
    db,
    row.id,
    {
      attempts: attempt,
      devolucao_id: row.method === 'pix' ? devolucaoIdOf(row.id, attempt) : null,
      status: 'requested',
    },
    deps.now(),
  );
  return (await refundById(db, row.id))!;
}

async function paymentOf(db: Queryable, paymentId: number | null) {
  if (paymentId === null) return null;
  return selectOne<{ end_to_end_id: string | null; gateway_charge_id: string | null }>(
    db,
    sql`SELECT end_to_end_id, gateway_charge_id FROM payments WHERE id = ${paymentId}`,
  );
}

async function processPix(db: Database, deps: RefundDeps, current: RefundRow): Promise<void> {
  let row = current;
  const payment = await paymentOf(db, row.payment_id);
  const e2eid = payment?.end_to_end_id;
  if (!e2eid) {
    deps.log.error({ refundId: row.id }, 'PIX refund without the endToEndId of its payment');
    return;
  }
  // A requested refund with an id keeps it (a crash after PUT asks the same devolução again).
  if (needsNewAttempt(standingOf(row))) row = await nextAttempt(db, deps, row);
  const id = row.devolucao_id!;
  if (row.pix_key) {
    await sendToKey(db, deps, row, id, row.pix_key);
    return;
  }
  const devolucao = await askDevolucao(
    deps.providers.pix,
    {
      endToEndId: e2eid,
      id,
      amountCents: externalCents(row),
      descricao: `Reembolso Plateia pedido ${row.order_number}`,
      known: row.status === 'processing',
    },
    deps.now(),
  );
  await applyDevolucao(db, deps, refundDevolucoes, row.id, devolucao);
}

/**
 * The customer gave another key after the devoluções failed: the PSP sends a PIX to it under
 * the attempt's id (the same id never sends twice).
 */
async function sendToKey(
  db: Database,
  deps: RefundDeps,
  row: RefundRow,
  id: string,
  chave: string,
): Promise<void> {
  let envio: PixEnvio | null;
  try {
    envio = row.status === 'processing' ? await deps.providers.pix.getSentPix(id) : null;
    envio ??= await deps.providers.pix.sendPix(id, chave, externalCents(row));
  } catch (error) {
    if (error instanceof PixProviderError && error.status >= 400 && error.status < 500) {
      await updateRefund(
        db,
        row.id,
        { status: 'needs_pix_key', status_detail: error.message.slice(0, 140) },
        deps.now(),
      );
      return;
    }
    throw error;
  }
  if (envio.status === 'REALIZADO') await finishRefund(db, deps, row.id, id);
  else if (envio.status === 'EM_PROCESSAMENTO')
    await updateRefund(db, row.id, { status: 'processing' }, deps.now());
  else {
    await updateRefund(
      db,
      row.id,
      { status: 'needs_pix_key', pix_key: null, status_detail: envio.motivo ?? 'NAO_REALIZADO' },
      deps.now(),
    );
  }
}

/** A refund's devolução in the machine's terms (payments/pix/devolucoes.ts). */
function standingOf(row: RefundRow): DevolucaoStanding {
  return {
    id: row.devolucao_id,
    attempts: row.attempts,
    state:
      row.status === 'refunded'
        ? 'closed'
        : row.status === 'requested' || row.status === 'processing'
          ? 'open'
          : 'failed',
  };
}

/**
 * Refunds as a kind of devolução (payments/pix/devolucoes.ts): ids `RF{refund}N{attempt}`,
 * 3 attempts; DEVOLVIDO posts the `payout`, NAO_REALIZADO leaves the refund `failed` for the
 * sweep to retry, and after the last attempt `needs_pix_key` with an e-mail to the payer.
 */
export const refundDevolucoes: DevolucaoOwner<RefundDeps> = {
  kind: 'refund',
  maxAttempts: MAX_REFUND_ATTEMPTS,
  async recordOf(db, id) {
    const ours = parseDevolucaoId(id);
    if (!ours) return null;
    const row = await refundById(db, ours.refundId);
    return row && row.devolucao_id === id ? row.id : null;
  },
  async lock(tx, refundId) {
    const row = await refundById(tx, refundId, true);
    return row ? standingOf(row) : null;
  },
  async apply(tx, refundId, change, now) {
    if (change.to === 'returned') {
      const row = await refundById(tx, refundId);
      if (row) await completeRefund(tx, row, now);
    } else if (change.to === 'processing') {
      await updateRefund(tx, refundId, { status: 'processing' }, now);
    } else {
      await updateRefund(
        tx,
        refundId,
        { status: change.last ? 'needs_pix_key' : 'failed', status_detail: change.motivo },
        now,
      );
    }
  },
  async afterCommit(db, deps, refundId, change) {
    if (change.to !== 'not_made' || !change.last) return;
    const row = await refundById(db, refundId);
    if (row) await askForPixKey(db, deps, row);
  },
};

/**
 * E-mails the payer that another PIX key is needed (the buyer, or for a shared payment's share
 * the share's e-mail: only the payer names where its money goes); a mail failure changes nothing.
 */
async function askForPixKey(db: Database, deps: RefundDeps, row: RefundRow): Promise<void> {
  if (!deps.mailer) return;
  try {
    const payer = await payerOf(db, row);
    const buyer = payer.email
      ? {
          email: payer.email,
          namef:
            payer.customerId === null
              ? null
              : ((
                  await selectOne<{ namef: string | null }>(
                    db,
                    sql`SELECT namef FROM customers WHERE id = ${payer.customerId}`,
                  )
                )?.namef ?? null),
        }
      : await selectOne<{ email: string; namef: string | null }>(
          db,
          sql`SELECT email, namef FROM customers WHERE id = ${row.customer_id}`,
        );
    if (!buyer) return;
    await deps.mailer.send(
      pixKeyNeededEmail({
        to: buyer.email,
        name: buyer.namef ?? '',
        amountCents: externalCents(row),
        orderNumber: row.order_number,
        ticketsUrl: `${deps.siteUrl.replace(/\/$/, '')}/mytickets`,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, refundId: row.id }, 'PIX key request e-mail failed');
  }
}

async function processCard(db: Database, deps: RefundDeps, current: RefundRow): Promise<void> {
  let row = current;
  const chargeId = (await paymentOf(db, row.payment_id))?.gateway_charge_id;
  if (!chargeId) {
    deps.log.error({ refundId: row.id }, 'card refund without the gateway charge of its payment');
    return;
  }
  if (row.status === 'failed' || (row.status === 'requested' && row.attempts === 0)) {
    row = await nextAttempt(db, deps, row);
  }
  let refund: CardRefund | null;
  try {
    refund =
      row.status === 'processing' && row.card_refund_id
        ? await deps.providers.card.getRefund(row.card_refund_id)
        : null;
    refund ??= await deps.providers.card.refund({
      chargeId,
      amountCents: externalCents(row),
      idempotencyKey: `refund-${row.id}-${row.attempts}`,
      reason: `Reembolso Plateia pedido ${row.order_number}`,
    });
  } catch (error) {
    if (error instanceof CardGatewayError && error.status >= 400 && error.status < 500) {
      await updateRefund(db, row.id, { status: 'failed', status_detail: error.code }, deps.now());
      deps.log.error({ err: error, refundId: row.id }, 'card gateway refused the refund');
      return;
    }
    throw error;
  }
  if (refund.status === 'succeeded') {
    await updateRefund(db, row.id, { card_refund_id: refund.id }, deps.now());
    await finishRefund(db, deps, row.id);
  } else if (refund.status === 'pending') {
    await updateRefund(db, row.id, { status: 'processing', card_refund_id: refund.id }, deps.now());
  } else {
    await updateRefund(
      db,
      row.id,
      { status: 'failed', card_refund_id: refund.id, status_detail: refund.statusDetail },
      deps.now(),
    );
  }
}

/**
 * The money left: the refund is done and the `payout` movement takes it to pix_out or
 * card_out (`completeRefund`). With `devolucaoId`, only if that is the refund's current attempt.
 */
async function finishRefund(
  db: Database,
  deps: RefundDeps,
  refundId: number,
  devolucaoId?: string,
): Promise<void> {
  const now = deps.now();
  await db.transaction(async (tx) => {
    const row = await refundById(tx, refundId, true);
    if (!row || row.status === 'refunded') return;
    if (devolucaoId !== undefined && row.devolucao_id !== devolucaoId) return;
    await completeRefund(tx, row, now);
  });
}

/**
 * Marks a locked refund refunded and posts its `payout` (key `payout:refund:{id}`): clearing
 * to pix_out or card_out, for what the row sends out.
 */
async function completeRefund(tx: Queryable, row: RefundRow, now: Date): Promise<void> {
  await updateRefund(
    tx,
    row.id,
    { status: 'refunded', refunded_at: now.toISOString(), status_detail: null },
    now,
  );
  const cents = externalCents(row);
  if (cents <= 0 || row.method === 'wallet') return;
  await postMovement(tx, {
    idempotencyKey: `payout:refund:${row.id}`,
    kind: 'payout',
    legs: [
      { account: { kind: 'platform_clearing' }, amountCents: -cents },
      { account: { kind: row.method === 'pix' ? 'pix_out' : 'card_out' }, amountCents: cents },
    ],
    customerId: row.customer_id,
    orderId: row.order_id,
    paymentId: row.payment_id,
    ticketId: row.ticket_id,
    at: now,
  });
}
