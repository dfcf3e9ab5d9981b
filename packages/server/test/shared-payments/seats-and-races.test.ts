import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { trialBalance } from '../../src/ledger/index.ts';
import { paymentDeps } from '../../src/routes/payment-deps.ts';
import { expireSharedPayment } from '../../src/shared-payments/expiry.ts';
import {
  createCustomer,
  festivalInput,
  newSessionId,
  sectionSeatIds,
  type TestCustomer,
  theatreInput,
} from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness } from '../payments/support.ts';

const HOUR = 3_600_000;

/**
 * Shared payments of numbered seats, and what happens when things arrive at once: two shares
 * paid together settle the order once; two processes closing one group close it once.
 */
describe('shared payments: seats and races', () => {
  let h: PaymentsHarness;
  let offsetMs = 0;
  /** The PSP's clock ahead of ours when charges open, so they outlive our close. */
  let pspSkewMs = 0;
  let leader: TestCustomer;
  let friend: TestCustomer;
  let rival: TestCustomer;
  let eventId: number;
  let lotId: number;
  let seats: number[];

  beforeAll(async () => {
    h = await startPaymentsHarness({
      clock: () => new Date(Date.now() + offsetMs),
      psp: { now: () => new Date(Date.now() + offsetMs + pspSkewMs), devolucaoDelayMs: null },
    });
    leader = await createCustomer(h.database.db, 'lider.teatro@plateia.dev');
    friend = await createCustomer(h.database.db, 'amiga.teatro@plateia.dev');
    rival = await createCustomer(h.database.db, 'outro.teatro@plateia.dev');
    const theatre = await createEvent(h.database.db, theatreInput('teatro-em-grupo'));
    eventId = theatre.id;
    lotId = theatre.sections[0]!.lotIds[0]!;
    seats = await sectionSeatIds(h.database.db, theatre.sections[0]!.id);
  });
  afterAll(() => h.close());

  const post = (url: string, auth: { authorization: string }, payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url, headers: auth, payload });

  /** Holds two seats in one browser session, reserves them and splits them with the friend. */
  async function seatedGroup(seatIds: number[]) {
    const sessionId = newSessionId();
    const hold = await post('/seat/hold', leader.auth, { eventId, seatIds, sessionId });
    expect(hold.statusCode, hold.body).toBe(200);
    const order = await reserve(
      h.app,
      leader,
      eventId,
      seatIds.map((seatId) => ({ tk_id: lotId, tk_qtd: 1, seat_id: seatId })),
      { sessionId },
    );
    const half = Math.floor(order.totalCents / 2);
    const res = await post('/shared-payments/create', leader.auth, {
      orderId: order.id,
      shares: [
        { email: leader.email, amountCents: order.totalCents - half, tickets: 1 },
        { email: friend.email, amountCents: half, tickets: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return { sessionId, order, group: res.json() as { id: number; shares: { id: number }[] } };
  }

  const txidOf = async (shareId: number) =>
    (await selectOne<{ txid: string }>(
      h.database.db,
      sql`SELECT p.txid FROM shared_payment_shares s JOIN payments p ON p.id = s.payment_id WHERE s.id = ${shareId}`,
    ))!.txid;
  const simulate = (txid: string) => fetch(`${h.psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' });

  it('keeps the seats held for the group when the leader’s browser releases its holds; both shares paid at once settle once', async () => {
    const chosen = [seats[0]!, seats[1]!];
    const { sessionId, order, group } = await seatedGroup(chosen);
    // The checkout forgets its holds; even a release from that session leaves the group's seats.
    const release = await post('/seat/release', leader.auth, { eventId, seatIds: chosen, sessionId });
    expect(release.statusCode).toBe(200);
    expect(release.json().seatIds).toEqual([]);
    const taken = await post('/seat/hold', rival.auth, {
      eventId,
      seatIds: [chosen[0]],
      sessionId: newSessionId(),
    });
    expect(taken.statusCode).toBe(409);

    const txids = await Promise.all(group.shares.map((share) => txidOf(share.id)));
    const paid = await Promise.all(txids.map(simulate));
    expect(paid.map((r) => r.status)).toEqual([200, 200]);
    const state = await selectOne<{ status: string }>(
      h.database.db,
      sql`SELECT status FROM shared_payments WHERE id = ${group.id}`,
    );
    expect(state?.status).toBe('completed');
    const sold = await selectRows<{ state: string; order_id: number }>(
      h.database.db,
      sql`SELECT state, order_id FROM seats WHERE id IN (${chosen[0]}, ${chosen[1]}) ORDER BY id`,
    );
    expect(sold.map((s) => [s.state, Number(s.order_id)])).toEqual([
      ['sold', order.id],
      ['sold', order.id],
    ]);
    const tickets = await selectRows<{ holder_email: string; seat_id: number }>(
      h.database.db,
      sql`SELECT holder_email, seat_id FROM tickets WHERE order_id = ${order.id} ORDER BY seat_id`,
    );
    expect(tickets.map((t) => t.holder_email).sort()).toEqual([friend.email, leader.email].sort());
    expect(tickets.map((t) => Number(t.seat_id))).toEqual(chosen);
    const revenue = await selectRows(
      h.database.db,
      sql`SELECT id FROM ledger_transactions WHERE order_id = ${order.id} AND kind = 'shared_payment'`,
    );
    expect(revenue).toHaveLength(1);
    expect((await trialBalance(h.database.db)).unbalancedTransactions).toEqual([]);
  });

  it('two processes closing one group close it once: one expiry, one refund per paid share, seats free', async () => {
    const chosen = [seats[4]!, seats[5]!];
    const { order, group } = await seatedGroup(chosen);
    expect((await simulate(await txidOf(group.shares[1]!.id))).status).toBe(200);
    offsetMs = 25 * HOUR + 60_000;
    try {
      const deps = { ...paymentDeps(h.app), jobs: h.app.jobs };
      const results = await Promise.all([
        expireSharedPayment(h.database.db, deps, group.id),
        expireSharedPayment(h.database.db, deps, group.id),
      ]);
      expect(results.filter((r) => r === 'expired')).toHaveLength(1);
      expect(results.filter((r) => r === 'closed')).toHaveLength(1);
      const refunds = await selectRows(
        h.database.db,
        sql`SELECT r.id FROM refunds r WHERE r.order_id = ${order.id}`,
      );
      expect(refunds).toHaveLength(1);
      const orderRow = await selectOne<{ status: string }>(
        h.database.db,
        sql`SELECT status FROM orders WHERE id = ${order.id}`,
      );
      expect(orderRow?.status).toBe('cancelled');
      const freed = await selectRows<{ order_id: number | null }>(
        h.database.db,
        sql`SELECT order_id FROM seats WHERE id IN (${chosen[0]}, ${chosen[1]})`,
      );
      expect(freed.every((s) => s.order_id === null)).toBe(true);
    } finally {
      offsetMs = 0;
    }
    // The freed seats can be bought by someone else.
    const hold = await post('/seat/hold', rival.auth, {
      eventId,
      seatIds: chosen,
      sessionId: newSessionId(),
    });
    expect(hold.statusCode, hold.body).toBe(200);
  });

  it('a completed group’s event cancelled: each payer gets back what their share paid, by devolução', async () => {
    const producer = await createCustomer(h.database.db, 'produtora.grupo@plateia.dev', '1');
    const festival = await createEvent(h.database.db, festivalInput('festival-grupo-cancelado', producer.id));
    const third = friend.email;
    const order = await reserve(h.app, leader, festival.id, [{ tk_id: festival.lotIds[1]!, tk_qtd: 3 }]);
    const part = Math.floor(order.totalCents / 3);
    const created = await post('/shared-payments/create', leader.auth, {
      orderId: order.id,
      shares: [
        { email: leader.email, amountCents: order.totalCents - 2 * part, tickets: 1 },
        { email: third, amountCents: part, tickets: 1 },
        { email: rival.email, amountCents: part, tickets: 1 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const shares = (created.json() as { shares: { id: number; amountCents: number }[] }).shares;
    for (const share of shares) expect((await simulate(await txidOf(share.id))).status).toBe(200);
    const cancelled = await post(`/events/${festival.id}/cancel`, producer.auth, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runDueJobs(h.app, { names: ['refunds.cancel-event'] });
    // One row per payment's part (a parent keeps its own part; split_cents went to its children).
    const refunds = await selectRows<{ payment_id: number; own_cents: number; wallet_cents: number }>(
      h.database.db,
      sql`SELECT payment_id, amount_cents - wallet_cents - split_cents AS own_cents, wallet_cents
          FROM refunds WHERE order_id = ${order.id}`,
    );
    expect(refunds.reduce((sum, r) => sum + Number(r.wallet_cents), 0)).toBe(0);
    const back = new Map<number, number>();
    for (const r of refunds)
      back.set(Number(r.payment_id), (back.get(Number(r.payment_id)) ?? 0) + Number(r.own_cents));
    const paid = await selectRows<{ id: number; amount_cents: number }>(
      h.database.db,
      sql`SELECT p.id, p.amount_cents FROM shared_payment_shares s JOIN payments p ON p.id = s.payment_id
          WHERE s.id IN (${shares[0]!.id}, ${shares[1]!.id}, ${shares[2]!.id})`,
    );
    expect(new Map(paid.map((p) => [Number(p.id), Number(p.amount_cents)]))).toEqual(back);
    expect((await trialBalance(h.database.db)).unbalancedTransactions).toEqual([]);
  });

  it('a share paid at the moment the group closes: one outcome, every paid share refunded once', async () => {
    pspSkewMs = HOUR;
    const { order, group } = await seatedGroup([seats[8]!, seats[9]!]);
    pspSkewMs = 0;
    expect((await simulate(await txidOf(group.shares[0]!.id))).status).toBe(200);
    offsetMs = 25 * HOUR + 60_000;
    try {
      const deps = { ...paymentDeps(h.app), jobs: h.app.jobs };
      const late = await txidOf(group.shares[1]!.id);
      const [paid, closed] = await Promise.all([
        simulate(late),
        expireSharedPayment(h.database.db, deps, group.id),
      ]);
      // The PSP took the money either way; whichever came first, the group expired.
      expect([200, 409]).toContain(paid.status);
      expect(['expired', 'closed']).toContain(closed);
      await runDueJobs(h.app, {
        scheduled: true,
        names: ['shared-payments.expire-due', 'refunds.follow-up'],
      });
      const state = await selectOne<{ status: string }>(
        h.database.db,
        sql`SELECT status FROM shared_payments WHERE id = ${group.id}`,
      );
      expect(state?.status).toBe('expired');
      const paidPayments = await selectRows<{ id: number }>(
        h.database.db,
        sql`SELECT id FROM payments WHERE shared_payment_id = ${group.id} AND paid_at IS NOT NULL`,
      );
      const refunds = await selectRows<{ payment_id: number }>(
        h.database.db,
        sql`SELECT payment_id FROM refunds WHERE order_id = ${order.id}`,
      );
      expect(refunds.map((r) => Number(r.payment_id)).sort()).toEqual(
        paidPayments.map((p) => Number(p.id)).sort(),
      );
      expect((await trialBalance(h.database.db)).unbalancedTransactions).toEqual([]);
    } finally {
      offsetMs = 0;
    }
  });

  it('an invitation not sent (the mailer refused, the process died) is sent by the next sweep with a working link', async () => {
    const { group } = await seatedGroup([seats[12]!, seats[13]!]);
    const friendShare = group.shares[1]!.id;
    const before = h.mailer.sent.length;
    // The leader pays their share: the next sweep sends the invitation.
    expect((await simulate(await txidOf(group.shares[0]!.id))).status).toBe(200);
    await runDueJobs(h.app, { scheduled: true, names: ['shared-payments.expire-due'] });
    expect(h.mailer.sent.slice(before).map((m) => m.to)).toEqual([friend.email]);
    // As if that e-mail never left: nothing recorded as sent.
    await h.database.db.execute(
      sql`UPDATE shared_payment_shares SET email_sent_at = NULL WHERE id = ${friendShare}`,
    );
    const again = h.mailer.sent.length;
    offsetMs = 3 * 60_000;
    try {
      await runDueJobs(h.app, { scheduled: true, names: ['shared-payments.expire-due'] });
    } finally {
      offsetMs = 0;
    }
    const sent = h.mailer.sent.slice(again);
    expect(sent.map((m) => m.to)).toEqual([friend.email]);
    const token = decodeURIComponent(
      new RegExp(`/cota/${friendShare}\\?t=([A-Za-z0-9_%-]+)`).exec(sent[0]!.text)![1]!,
    );
    const page = await h.app.inject({
      method: 'GET',
      url: `/shared-payments/payment/${friendShare}`,
      headers: { 'x-share-token': token },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().share.emailSentAt).not.toBeNull();
    // Sent once: the next pass has nothing to do.
    await runDueJobs(h.app, { scheduled: true, names: ['shared-payments.expire-due'] });
    expect(h.mailer.sent.length).toBe(again + 1);
  });
});
