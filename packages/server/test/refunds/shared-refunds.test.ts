import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import { checkInvariants } from '../../src/integrity/invariants.ts';
import { balanceOf, trialBalance, walletBalance } from '../../src/ledger/index.ts';
import { followUpRefunds } from '../../src/refunds/follow-up.ts';
import { MAX_REFUND_ATTEMPTS } from '../../src/refunds/payout.ts';
import { paymentDeps } from '../../src/routes/payment-deps.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness } from '../payments/support.ts';

interface RefundRowish {
  id: number;
  payment_id: number | null;
  amount_cents: number;
  wallet_cents: number;
  external: number;
  status: string;
  devolucao_id: string | null;
}

/**
 * Refunds of a shared purchase (docs/shared-payments.md, "Money"): each refund draws on the
 * payments that paid the order, one devolução per payment, never more than a payment paid,
 * never to the leader's wallet; only a payment's payer gives another PIX key for it.
 */
describe('refunds of a shared purchase', () => {
  let h: PaymentsHarness;
  let leader: TestCustomer;
  let ana: TestCustomer;
  let bruno: TestCustomer;
  let eventId: number;
  let lotId: number;

  beforeAll(async () => {
    h = await startPaymentsHarness({ psp: { devolucaoDelayMs: null } });
    leader = await createCustomer(h.database.db, 'lider.reembolso@plateia.dev');
    ana = await createCustomer(h.database.db, 'ana.reembolso@plateia.dev');
    bruno = await createCustomer(h.database.db, 'bruno.reembolso@plateia.dev');
    const festival = await createEvent(h.database.db, festivalInput('festival-reembolso-dividido'));
    eventId = festival.id;
    lotId = festival.lotIds[1]!;
  });
  afterAll(() => h.close());

  const post = (url: string, auth: { authorization: string }, payload: Record<string, unknown> = {}) =>
    h.app.inject({ method: 'POST', url, headers: auth, payload });
  const followDeps = () => paymentDeps(h.app);

  /** A paid group: the leader pays R$ 1,00 and keeps every ticket; the friends pay the rest. */
  async function paidGroup(tickets: number, friends: TestCustomer[]) {
    const order = await reserve(h.app, leader, eventId, [{ tk_id: lotId, tk_qtd: tickets }]);
    const rest = order.totalCents - 100;
    const each = Math.floor(rest / friends.length);
    const shares = [
      { email: leader.email, amountCents: 100, tickets },
      ...friends.map((friend, i) => ({
        email: friend.email,
        amountCents: i === 0 ? rest - each * (friends.length - 1) : each,
        tickets: 0,
      })),
    ];
    const created = await post('/shared-payments/create', leader.auth, { orderId: order.id, shares });
    expect(created.statusCode, created.body).toBe(201);
    const payments = await selectRows<{ id: number; txid: string; amount_cents: number; email: string }>(
      h.database.db,
      sql`SELECT p.id, p.txid, p.amount_cents, s.email FROM shared_payment_shares s JOIN payments p ON p.id = s.payment_id
          WHERE s.shared_payment_id = ${(created.json() as { id: number }).id} ORDER BY s.position`,
    );
    for (const payment of payments) {
      const paid = await fetch(`${h.psp.url}/sandbox/cob/${payment.txid}/pagar`, { method: 'POST' });
      expect(paid.status).toBe(200);
    }
    const withE2e = await selectRows<{ id: number; end_to_end_id: string; amount_cents: number }>(
      h.database.db,
      sql`SELECT id, end_to_end_id, amount_cents FROM payments WHERE order_id = ${order.id} AND status = 'approved' ORDER BY id`,
    );
    expect(withE2e).toHaveLength(payments.length);
    const e2e = new Map(withE2e.map((p) => [Number(p.id), p.end_to_end_id]));
    return {
      order,
      payments: payments.map((p) => ({
        id: Number(p.id),
        amountCents: Number(p.amount_cents),
        email: p.email,
        e2e: e2e.get(Number(p.id))!,
      })),
    };
  }

  const refundRows = (orderId: number) =>
    selectRows<RefundRowish>(
      h.database.db,
      sql`SELECT id, payment_id, amount_cents, wallet_cents,
                 amount_cents - wallet_cents - coalesce((SELECT sum(c.amount_cents) FROM refunds c WHERE c.parent_refund_id = r.id), 0) AS external,
                 status, devolucao_id
          FROM refunds r WHERE order_id = ${orderId} ORDER BY id`,
    );

  /** The ledger is sound: balanced, no wallet below zero or drifted, clearing never negative, every invariant holds. */
  async function ledgerSound() {
    const balance = await trialBalance(h.database.db);
    expect(balance).toEqual({
      totalCents: 0,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeWallets: [],
    });
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBeGreaterThanOrEqual(0);
    // Clearing equals what is in flight; no payment refunded past what it paid, or for another order.
    expect(await checkInvariants(h.database.db)).toEqual([]);
  }

  it('refunding the order returns each payment what it paid, by devolução, and nothing to the leader’s wallet', async () => {
    const { order, payments } = await paidGroup(3, [ana, bruno]);
    const refunded = await post(`/refunds/orders/${order.id}`, leader.auth);
    expect(refunded.statusCode, refunded.body).toBe(200);
    await ledgerSound();
    expect(await walletBalance(h.database.db, leader.id)).toBe(0);

    const rows = await refundRows(order.id);
    expect(rows.reduce((sum, r) => sum + Number(r.wallet_cents), 0)).toBe(0);
    const owed = new Map<number, number>();
    for (const row of rows) {
      if (row.payment_id === null) continue;
      owed.set(Number(row.payment_id), (owed.get(Number(row.payment_id)) ?? 0) + Number(row.external));
    }
    // Each payment gets back exactly what it paid: the leader R$ 1,00, each friend their share.
    expect(owed).toEqual(new Map(payments.map((p) => [p.id, p.amountCents])));

    // The PSP returns each devolução to the PIX it came from.
    for (const row of rows) {
      if (!row.devolucao_id) continue;
      const payment = payments.find((p) => p.id === Number(row.payment_id))!;
      expect(await h.psp.settleDevolucao(payment.e2e, row.devolucao_id, 'DEVOLVIDO')).toBe(true);
    }
    await followUpRefunds(h.database.db, followDeps());
    for (const payment of payments) {
      expect(h.psp.devolvido(payment.e2e).returnedCents, payment.email).toBe(payment.amountCents);
    }
    expect((await refundRows(order.id)).every((r) => r.status === 'refunded')).toBe(true);
    expect(await walletBalance(h.database.db, leader.id)).toBe(0);
    await ledgerSound();
  });

  it('a friend’s devolução that keeps failing asks the friend, not the leader, for another PIX key', async () => {
    // Two tickets held by the leader, who paid R$ 1,00: one ticket refunded.
    const { order, payments } = await paidGroup(2, [ana]);
    const tickets = await selectRows<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${order.id} ORDER BY id`,
    );
    const friendPayment = payments.find((p) => p.email === ana.email)!;
    for (let i = 0; i < MAX_REFUND_ATTEMPTS; i++) h.psp.failNextDevolucao(friendPayment.e2e);
    const asked = await post(`/refunds/tickets/${tickets[0]!.id}`, leader.auth);
    expect(asked.statusCode, asked.body).toBe(200);
    await ledgerSound();

    const friendsRow = async () =>
      (await refundRows(order.id)).find((r) => Number(r.payment_id) === friendPayment.id)!;
    const part = Number((await friendsRow()).external);
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThanOrEqual(friendPayment.amountCents);
    // Every devolução to the friend's PIX is refused (NAO_REALIZADO), attempt after attempt.
    for (let i = 0; i < 3 * MAX_REFUND_ATTEMPTS && (await friendsRow()).status !== 'needs_pix_key'; i++) {
      const row = await friendsRow();
      if (row.devolucao_id) await h.psp.settleDevolucao(friendPayment.e2e, row.devolucao_id, 'NAO_REALIZADO');
      await followUpRefunds(h.database.db, followDeps());
    }
    const stuck = await friendsRow();
    expect(stuck.status).toBe('needs_pix_key');
    expect(
      h.mailer.sent.filter((m) => m.subject === 'Reembolso: informe outra chave PIX').map((m) => m.to),
    ).toEqual([ana.email]);

    // The leader cannot send the friend's money to a key of the leader's choosing.
    const byLeader = await post(`/refunds/${stuck.id}/pix-key`, leader.auth, { chave: leader.email });
    expect(byLeader.statusCode, byLeader.body).toBe(403);
    const byFriend = await post(`/refunds/${stuck.id}/pix-key`, ana.auth, { chave: ana.email });
    expect(byFriend.statusCode, byFriend.body).toBe(200);
    expect(byFriend.json().refund.status).toBe('refunded');
    const sent = (await friendsRow()).devolucao_id!;
    expect(h.psp.envio(sent)).toMatchObject({ chave: ana.email, status: 'REALIZADO' });
    expect(await walletBalance(h.database.db, leader.id)).toBe(0);
    await ledgerSound();
  });
});
