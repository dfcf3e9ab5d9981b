import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { balanceOf, trialBalance } from '../../src/ledger/index.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness, tokenize } from '../payments/support.ts';
import { ticketPayload } from '../routes/check-in/fixtures.ts';

/**
 * A cancelled event refunds every paid ticket, whatever its door state (docs/refunds.md,
 * "Event cancelled"): a ticket already admitted (or marked used by an offline upload) gets
 * its money back like a valid one, from the job and from its buyer's own request.
 */
describe('a cancelled event refunds used tickets too', () => {
  let h: PaymentsHarness;
  let producer: TestCustomer;
  let ana: TestCustomer;
  let bia: TestCustomer;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    producer = await createCustomer(h.database.db, 'produtora-cu@plateia.dev', '1');
    ana = await createCustomer(h.database.db, 'ana-cu@plateia.dev');
    bia = await createCustomer(h.database.db, 'bia-cu@plateia.dev');
  });
  afterAll(() => h.close());

  const post = async (url: string, who: TestCustomer, payload: unknown = {}) => {
    const res = await h.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as object });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };

  async function buy(who: TestCustomer, eventId: number, lotId: number): Promise<number> {
    const order = await reserve(h.app, who, eventId, [{ tk_id: lotId, tk_qtd: 1 }]);
    const paid = await post('/payments/card', who, {
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO TESTE'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('approved');
    const [ticket] = await selectRows<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${order.id}`,
    );
    return Number(ticket!.id);
  }

  async function admit(eventId: number, ticketId: number) {
    const payload = await ticketPayload(
      h.database.db,
      { eventId, id: ticketId, holderVersion: 1 },
      new Date(),
    );
    const res = await post(`/check-in/events/${eventId}/scan`, producer, {
      nonce: randomUUID(),
      deviceId: 'porta-cancelada',
      payload,
    });
    expect(res.body.admitted, JSON.stringify(res.body)).toBe(true);
  }

  const statusOf = async (id: number) =>
    (await selectOne<{ status: string }>(h.database.db, sql`SELECT status FROM tickets WHERE id = ${id}`))!
      .status;

  it('refunds admitted tickets with their fee, by the job and on the buyer’s request', async () => {
    const event = await createEvent(h.database.db, festivalInput('festival-cancelado-na-porta', producer.id));
    const lotId = event.lotIds[1]!;
    const anaTicket = await buy(ana, event.id, lotId);
    const biaTicket = await buy(bia, event.id, lotId);
    // The doors are open: both tickets are admitted, then the producer calls the show off.
    await h.database.db.execute(
      sql`UPDATE events SET starts_at = now() + interval '30 minutes', ends_at = now() + interval '5 hours'
          WHERE id = ${event.id}`,
    );
    await admit(event.id, anaTicket);
    await admit(event.id, biaTicket);
    expect(await statusOf(anaTicket)).toBe('used');

    const cancelled = await post(`/events/${event.id}/cancel`, producer);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ ordersToRefund: 2, ticketsToRefund: 2 });
    // Bia asks before the job runs: her used ticket of a cancelled event is refundable.
    const asked = await post(`/refunds/tickets/${biaTicket}`, bia);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.refund.amountCents).toBe(13_200);
    await runDueJobs(h.app, { names: ['refunds.cancel-event'] });
    expect(await statusOf(anaTicket)).toBe('refunded');
    expect(await statusOf(biaTicket)).toBe('refunded');
    const refunds = await selectRows<{ customer_id: number; amount_cents: number }>(
      h.database.db,
      sql`SELECT r.customer_id, r.amount_cents FROM refunds r WHERE r.ticket_id IN (${anaTicket}, ${biaTicket})
          ORDER BY r.customer_id`,
    );
    expect(refunds.map((r) => [Number(r.customer_id), Number(r.amount_cents)])).toEqual([
      [ana.id, 13_200],
      [bia.id, 13_200],
    ]);
    expect(await balanceOf(h.database.db, { kind: 'producer_revenue', eventId: event.id })).toBe(0);
    expect(await trialBalance(h.database.db)).toEqual({
      totalCents: 0,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeWallets: [],
    });
  });
});
