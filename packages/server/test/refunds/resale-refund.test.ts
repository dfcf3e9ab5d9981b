import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { balanceOf, trialBalance, walletBalance } from '../../src/ledger/index.ts';
import { releaseResaleProceeds } from '../../src/resale/settlement.ts';
import { createCustomer, festivalInput, type TestCustomer, theatreInput } from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness, tokenize } from '../payments/support.ts';

const RELEASE_JOB = 'resale.release-proceeds';

/**
 * A resale ticket's refund undoes the resale (docs/resale.md, "Refunds and cancellation"):
 * the buyer's money comes from the price held in clearing, the seller's ticket comes back to
 * life, the unit never returns to stock, and the seller is paid only once the event is over.
 */
describe('refunds of resale tickets', () => {
  let h: PaymentsHarness;
  let producer: TestCustomer;
  let ana: TestCustomer;
  let bia: TestCustomer;
  let caio: TestCustomer;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    producer = await createCustomer(h.database.db, 'produtora-rr@plateia.dev', '1');
    ana = await createCustomer(h.database.db, 'ana-rr@plateia.dev');
    bia = await createCustomer(h.database.db, 'bia-rr@plateia.dev');
    caio = await createCustomer(h.database.db, 'caio-rr@plateia.dev');
  });
  afterAll(() => h.close());

  const post = async (url: string, who: TestCustomer, payload: unknown = {}) => {
    const res = await h.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as object });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };

  async function newEvent(slug: string) {
    const event = await createEvent(h.database.db, festivalInput(slug, producer.id));
    return { id: event.id, lotId: event.lotIds[1]! };
  }

  async function payByCard(who: TestCustomer, orderId: number) {
    const paid = await post('/payments/card', who, {
      orderId,
      token: await tokenize(h.gateway, 'APRO TESTE'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('approved');
  }

  async function ticketsOf(orderId: number): Promise<number[]> {
    const rows = await selectRows<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${orderId} ORDER BY id`,
    );
    return rows.map((row) => Number(row.id));
  }

  /** `who` buys one ticket of the lot by card; answers the ticket. */
  async function buyFromLot(who: TestCustomer, event: { id: number; lotId: number }): Promise<number> {
    const order = await reserve(h.app, who, event.id, [{ tk_id: event.lotId, tk_qtd: 1 }]);
    await payByCard(who, order.id);
    return (await ticketsOf(order.id))[0]!;
  }

  /** `seller` lists `ticketId` at `priceCents` and `buyer` buys it by card; answers the listing and the buyer's ticket. */
  async function resell(
    seller: TestCustomer,
    buyer: TestCustomer,
    event: { id: number; lotId: number },
    ticketId: number,
    priceCents: number,
  ): Promise<{ listingId: number; ticketId: number }> {
    const listed = await post(`/resale/tickets/${ticketId}`, seller, { priceCents });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const listingId = Number(listed.body.listing.id);
    const order = await reserve(h.app, buyer, event.id, [
      { tk_id: event.lotId, tk_qtd: 1, is_from_resale: 1, resaleId: listingId },
    ]);
    await payByCard(buyer, order.id);
    return { listingId, ticketId: (await ticketsOf(order.id))[0]! };
  }

  const ticketRow = async (id: number) =>
    (await selectOne<{ status: string; holder_version: number; customer_id: number | null }>(
      h.database.db,
      sql`SELECT status, holder_version, customer_id FROM tickets WHERE id = ${id}`,
    ))!;

  const lotSold = async (lotId: number) =>
    Number(
      (await selectOne<{ sold: number }>(
        h.database.db,
        sql`SELECT sold FROM ticket_types WHERE id = ${lotId}`,
      ))!.sold,
    );

  /**
   * The invariants after every scenario: the books balance, no wallet below zero, clearing
   * never negative and equal to the money in flight (refunds not yet paid out, resale prices
   * held for their sellers), one live ticket per seat, each lot's sold count its live tickets.
   */
  async function assertInvariants() {
    const db = h.database.db;
    expect(await trialBalance(db)).toEqual({
      totalCents: 0,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeWallets: [],
    });
    const clearing = await balanceOf(db, { kind: 'platform_clearing' });
    expect(clearing).toBeGreaterThanOrEqual(0);
    const inFlight = await selectOne<{ refunds: string | number; held: string | number }>(
      db,
      sql`SELECT
            (SELECT coalesce(sum(r.amount_cents - r.wallet_cents), 0) FROM refunds r
              WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions x WHERE x.idempotency_key = 'payout:refund:' || r.id)
                AND NOT EXISTS (SELECT 1 FROM ledger_transactions x WHERE x.idempotency_key = 'refund:' || r.id
                                  AND NOT EXISTS (SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                                                   WHERE e.transaction_id = x.id AND a.kind = 'platform_clearing'))) AS refunds,
            (SELECT coalesce(sum(l.price_cents), 0) FROM resale_listings l
              WHERE l.status = 'sold' AND l.proceeds_released_at IS NULL AND l.undone_at IS NULL) AS held`,
    );
    expect(clearing).toBe(Number(inFlight!.refunds) + Number(inFlight!.held));
    const doubleSeats = await selectRows(
      db,
      sql`SELECT seat_id FROM tickets WHERE seat_id IS NOT NULL AND status IN ('valid', 'used')
          GROUP BY seat_id HAVING count(*) > 1`,
    );
    expect(doubleSeats).toEqual([]);
    const lots = await selectRows<{ id: number; sold: number; live: string | number }>(
      db,
      sql`SELECT tt.id, tt.sold,
                 (SELECT count(*) FROM tickets t WHERE t.ticket_type_id = tt.id AND t.status IN ('valid', 'used')) AS live
          FROM ticket_types tt WHERE NOT tt.numbered`,
    );
    for (const lot of lots)
      expect({ lot: Number(lot.id), sold: Number(lot.sold) }).toEqual({
        lot: Number(lot.id),
        sold: Number(lot.live),
      });
  }

  it("a resale buyer's refund undoes the resale: paid from the held price, the seller's ticket comes back, no stock returns", async () => {
    const event = await newEvent('festival-revenda-reembolso');
    const first = await buyFromLot(ana, event);
    const soldBefore = await lotSold(event.lotId);
    const sale = await resell(ana, bia, event, first, 10_000);
    // The seller is not paid at the sale: the price waits in clearing until the event is over.
    expect(await walletBalance(h.database.db, ana.id)).toBe(0);
    await assertInvariants();

    const refund = await post(`/refunds/tickets/${sale.ticketId}`, bia);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    // The buyer gets the price and the service fee of the resale order back.
    expect(refund.body.refund.amountCents).toBe(11_000);
    expect((await ticketRow(sale.ticketId)).status).toBe('refunded');
    // The seller's ticket lives again, with a code none of the earlier ones matches.
    expect(await ticketRow(first)).toMatchObject({ status: 'valid', customer_id: ana.id, holder_version: 4 });
    expect(await lotSold(event.lotId)).toBe(soldBefore);
    await assertInvariants();

    // After the event the undone sale pays nobody.
    await h.database.db.execute(
      sql`UPDATE events SET starts_at = now() - interval '12 hours', ends_at = now() - interval '1 hour' WHERE id = ${event.id}`,
    );
    await runDueJobs(h.app, { scheduled: true, names: [RELEASE_JOB] });
    expect(await walletBalance(h.database.db, ana.id)).toBe(0);
    await assertInvariants();
  });

  it("a resold seat stays sold when the buyer refunds: it is the seller's again, nobody else can take it", async () => {
    const theatre = await createEvent(h.database.db, theatreInput('teatro-revenda-reembolso', producer.id));
    const [seat] = await selectRows<{ id: number; type_id: number }>(
      h.database.db,
      sql`SELECT s.id, tt.id AS type_id FROM seats s JOIN ticket_types tt ON tt.section_id = s.section_id
          WHERE s.event_id = ${theatre.id} AND s.table_id IS NULL ORDER BY s.id, tt.price_cents DESC LIMIT 1`,
    );
    const sessionId = randomUUID();
    expect(
      (
        await post('/seat/hold', ana, {
          eventId: theatre.id,
          seatIds: [seat!.id],
          holdSeconds: 600,
          sessionId,
        })
      ).status,
    ).toBe(200);
    const order = await reserve(
      h.app,
      ana,
      theatre.id,
      [{ tk_id: seat!.type_id, tk_qtd: 1, seat_id: seat!.id }],
      {
        sessionId,
      },
    );
    await payByCard(ana, order.id);
    const first = (await ticketsOf(order.id))[0]!;
    const sale = await resell(ana, bia, { id: theatre.id, lotId: seat!.type_id }, first, 15_000);
    expect((await post(`/refunds/tickets/${sale.ticketId}`, bia)).status).toBe(200);
    expect(await ticketRow(first)).toMatchObject({ status: 'valid', customer_id: ana.id });
    const state = await selectOne<{ state: string }>(
      h.database.db,
      sql`SELECT state FROM seats WHERE id = ${seat!.id}`,
    );
    expect(state?.state).toBe('sold');
    const grab = await post('/seat/hold', caio, {
      eventId: theatre.id,
      seatIds: [seat!.id],
      holdSeconds: 600,
      sessionId: randomUUID(),
    });
    expect(grab.status).not.toBe(200);
    await assertInvariants();
  });

  it('after the event the held price reaches the seller less the resale fee, once; the ended event cannot be cancelled', async () => {
    const event = await newEvent('festival-revenda-repasse');
    const first = await buyFromLot(ana, event);
    const sale = await resell(ana, caio, event, first, 9_000);
    const before = await walletBalance(h.database.db, ana.id);
    const fees = await balanceOf(h.database.db, { kind: 'platform_fees' });
    // Started but not over: still held.
    await h.database.db.execute(
      sql`UPDATE events SET starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour' WHERE id = ${event.id}`,
    );
    await runDueJobs(h.app, { scheduled: true, names: [RELEASE_JOB] });
    expect(await walletBalance(h.database.db, ana.id)).toBe(before);
    await h.database.db.execute(
      sql`UPDATE events SET ends_at = now() - interval '1 minute' WHERE id = ${event.id}`,
    );
    await runDueJobs(h.app, { scheduled: true, names: [RELEASE_JOB] });
    await runDueJobs(h.app, { scheduled: true, names: [RELEASE_JOB] });
    expect(await walletBalance(h.database.db, ana.id)).toBe(before + 8_100);
    expect(await balanceOf(h.database.db, { kind: 'platform_fees' })).toBe(fees + 900);
    const listing = await selectOne<{ proceeds_released_at: Date | null }>(
      h.database.db,
      sql`SELECT proceeds_released_at FROM resale_listings WHERE id = ${sale.listingId}`,
    );
    expect(listing?.proceeds_released_at).not.toBeNull();
    const cancel = await post(`/events/${event.id}/cancel`, producer);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Este evento já terminou e não pode mais ser cancelado.');
    await assertInvariants();
  });

  it('once the price reached the seller the resale ticket is no longer refunded; a refund racing the release ends one way', async () => {
    // A changed event opens refunds at any time, even after it ended: the only path left.
    const ended = async (eventId: number) =>
      h.database.db.execute(
        sql`UPDATE events SET changed_at = now(), starts_at = now() - interval '12 hours',
                              ends_at = now() - interval '1 minute' WHERE id = ${eventId}`,
      );
    const event = await newEvent('festival-revenda-alterado');
    const sale = await resell(ana, bia, event, await buyFromLot(ana, event), 8_000);
    await ended(event.id);
    expect(await releaseResaleProceeds(h.database.db, new Date())).toBeGreaterThanOrEqual(1);
    const refused = await post(`/refunds/tickets/${sale.ticketId}`, bia);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Este ingresso foi comprado na revenda e o valor já foi repassado a quem vendeu: não é mais possível reembolsá-lo.',
    );
    expect((await ticketRow(sale.ticketId)).status).toBe('valid');
    await assertInvariants();

    for (let round = 0; round < 3; round++) {
      const raced = await newEvent(`festival-revenda-corrida-${round}`);
      const first = await buyFromLot(ana, raced);
      const racedSale = await resell(ana, bia, raced, first, 8_000);
      await ended(raced.id);
      const before = await walletBalance(h.database.db, ana.id);
      const [, refund] = await Promise.all([
        releaseResaleProceeds(h.database.db, new Date()),
        post(`/refunds/tickets/${racedSale.ticketId}`, bia),
      ]);
      const listing = await selectOne<{ proceeds_released_at: Date | null; undone_at: Date | null }>(
        h.database.db,
        sql`SELECT proceeds_released_at, undone_at FROM resale_listings WHERE id = ${racedSale.listingId}`,
      );
      if (refund.status === 200) {
        expect(listing).toMatchObject({ proceeds_released_at: null });
        expect(listing?.undone_at).not.toBeNull();
        expect(await walletBalance(h.database.db, ana.id)).toBe(before);
        expect((await ticketRow(first)).status).toBe('valid');
      } else {
        expect(refund.status).toBe(409);
        expect(listing).toMatchObject({ undone_at: null });
        expect(await walletBalance(h.database.db, ana.id)).toBe(before + 7_200);
        expect((await ticketRow(first)).status).toBe('resold');
      }
      await assertInvariants();
    }
  });

  it('a chain undoes one hop at a time: A sells to B, B to C; C refunds, then B refunds', async () => {
    const event = await newEvent('festival-revenda-cadeia');
    const first = await buyFromLot(ana, event);
    const soldBefore = await lotSold(event.lotId);
    const hop1 = await resell(ana, bia, event, first, 10_000);
    // B may list what B paid for the ticket, never more.
    const hop2 = await resell(bia, caio, event, hop1.ticketId, 10_000);
    await assertInvariants();

    expect((await post(`/refunds/tickets/${hop2.ticketId}`, caio)).status).toBe(200);
    expect(await ticketRow(hop1.ticketId)).toMatchObject({ status: 'valid', customer_id: bia.id });
    expect((await ticketRow(first)).status).toBe('resold');
    await assertInvariants();

    expect((await post(`/refunds/tickets/${hop1.ticketId}`, bia)).status).toBe(200);
    expect(await ticketRow(first)).toMatchObject({ status: 'valid', customer_id: ana.id });
    expect(await lotSold(event.lotId)).toBe(soldBefore);
    await assertInvariants();
  });

  it('a cancelled event refunds a chain whole: the last buyer from the held price, each earlier holder revived and refunded', async () => {
    const event = await newEvent('festival-revenda-cancelado');
    const first = await buyFromLot(ana, event);
    const hop1 = await resell(ana, bia, event, first, 10_000);
    const hop2 = await resell(bia, caio, event, hop1.ticketId, 9_500);
    const revenue = await balanceOf(h.database.db, { kind: 'producer_revenue', eventId: event.id });
    expect(revenue).toBe(12_000);
    const anaBefore = await walletBalance(h.database.db, ana.id);

    const cancelled = await post(`/events/${event.id}/cancel`, producer);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await runDueJobs(h.app, { names: ['refunds.cancel-event'] });
    for (const id of [first, hop1.ticketId, hop2.ticketId])
      expect((await ticketRow(id)).status).toBe('refunded');
    const refunds = await selectRows<{ customer_id: number; amount_cents: number }>(
      h.database.db,
      sql`SELECT r.customer_id, r.amount_cents FROM refunds r JOIN orders o ON o.id = r.order_id
          WHERE o.event_id = ${event.id} AND r.ticket_id IS NOT NULL ORDER BY r.customer_id`,
    );
    expect(refunds.map((r) => [Number(r.customer_id), Number(r.amount_cents)])).toEqual([
      [ana.id, 13_200],
      [bia.id, 11_000],
      [caio.id, 10_450],
    ]);
    // The producer gives back exactly what the one ticket earned; nobody was paid by the resales.
    expect(await balanceOf(h.database.db, { kind: 'producer_revenue', eventId: event.id })).toBe(0);
    expect(await walletBalance(h.database.db, ana.id)).toBe(anaBefore);
    await assertInvariants();
  });
});
