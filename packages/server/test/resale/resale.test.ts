import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { balanceOf, trialBalance, walletBalance } from '../../src/ledger/index.ts';
import { settleOrder } from '../../src/orders/fulfilment.ts';
import { withdrawListing } from '../../src/resale/listings.ts';
import { RESALE_FEE_SETTING } from '../../src/resale/settings.ts';
import { releaseResaleProceeds } from '../../src/resale/settlement.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import { type PaymentsHarness, startPaymentsHarness, tokenize } from '../payments/support.ts';
import { ticketPayload } from '../routes/check-in/fixtures.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field.
type Loose = any;

describe('resale, selling side', () => {
  let h: PaymentsHarness;
  let producer: TestCustomer;
  let seller: TestCustomer;
  let buyer: TestCustomer;
  let rival: TestCustomer;
  let eventId: number;
  let lotIds: number[];

  beforeAll(async () => {
    h = await startPaymentsHarness();
    const db = h.database.db;
    producer = await createCustomer(db, { email: 'produtora-revenda@example.com', isadmin: '1' });
    seller = await createCustomer(db, { email: 'vendedora@example.com' });
    buyer = await createCustomer(db, { email: 'compradora@example.com' });
    rival = await createCustomer(db, { email: 'rival@example.com' });
    const event = await createEvent(db, festivalInput('festival-revenda', producer.id));
    eventId = event.id;
    lotIds = event.lotIds;
    // The seller buys this lot again and again across the tests; a lot's limit counts a
    // customer's earlier orders too, so give it room.
    await db.execute(sql`UPDATE ticket_types SET per_order_limit = 100 WHERE id = ${lotIds[1]!}`);
    // The event starts in an hour: still on sale and open to resale, and its doors are open
    // (they open 6 hours before the start, docs/check-in.md), so the tests can scan codes.
    await db.execute(
      sql`UPDATE events SET starts_at = now() + interval '1 hour', ends_at = now() + interval '11 hours' WHERE id = ${eventId}`,
    );
  });
  afterAll(() => h.close());

  const call = async (method: 'GET' | 'POST', url: string, who: TestCustomer | null, payload?: unknown) => {
    const res = await h.app.inject({
      method,
      url,
      headers: who ? bearer(who.token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : null) as Loose };
  };
  const quote = (who: TestCustomer | null, ticketId: number, price?: number) =>
    call('GET', `/resale/tickets/${ticketId}/quote${price === undefined ? '' : `?priceCents=${price}`}`, who);
  const list = (who: TestCustomer | null, ticketId: number, priceCents: number) =>
    call('POST', `/resale/tickets/${ticketId}`, who, { priceCents });
  const withdraw = (who: TestCustomer | null, listingId: number) =>
    call('POST', `/resale/listings/${listingId}/withdraw`, who, {});

  /** Reserves `tickets` for `who` and answers the reservation's status and order. */
  const reserve = (
    who: TestCustomer,
    tickets: Record<string, unknown>[],
    extra: Record<string, unknown> = {},
  ) =>
    call('POST', '/cart/reserve', who, {
      user: who.id,
      event_id: eventId,
      products: [],
      tickets,
      sessionId: `s-${randomUUID()}`,
      ...extra,
    });

  /** Pays an order by card (approved at once by the sandbox gateway). */
  const payByCard = async (who: TestCustomer, orderId: number) => {
    const paid = await call('POST', '/payments/card', who, {
      orderId,
      token: await tokenize(h.gateway, 'APRO TESTE'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('approved');
  };

  /** Buys `quantity` tickets of a lot and answers their ids. */
  const buyTickets = async (who: TestCustomer, quantity: number, extra: Record<string, unknown> = {}) => {
    const reserved = await reserve(who, [{ tk_id: lotIds[1], tk_qtd: quantity }], extra);
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    await payByCard(who, reserved.body.order.id);
    const rows = await selectRows<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${reserved.body.order.id} ORDER BY id`,
    );
    return { ticketIds: rows.map((row) => Number(row.id)), order: reserved.body.order };
  };

  const resaleLine = (listingId: number) => ({
    tk_id: lotIds[1],
    tk_qtd: 1,
    is_from_resale: 1,
    resaleId: listingId,
  });

  const ticketRow = async (ticketId: number) =>
    (await selectOne<{ status: string; holder_version: number; customer_id: number | null }>(
      h.database.db,
      sql`SELECT status, holder_version, customer_id FROM tickets WHERE id = ${ticketId}`,
    ))!;

  /** Runs the release job as if the event (ending in 11 hours) were over. */
  const releaseAfterEvent = () => releaseResaleProceeds(h.database.db, new Date(Date.now() + 86_400_000));

  const scan = async (ticketId: number, holderVersion: number) => {
    const payload = await ticketPayload(h.database.db, { eventId, id: ticketId, holderVersion }, new Date());
    const res = await call('POST', `/check-in/events/${eventId}/scan`, producer, {
      nonce: randomUUID(),
      deviceId: 'porta-revenda',
      payload,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { verdict: string; admitted: boolean };
  };

  it('answers 401 without a session on every route', async () => {
    const answers = await Promise.all([
      quote(null, 1),
      list(null, 1, 1_000),
      withdraw(null, 1),
      call('GET', '/resale/listings', null),
    ]);
    for (const answer of answers) expect(answer.status).toBe(401);
  });

  it('quotes the cap (the face value, never the service fee), the fee and the net; 403 and 404 otherwise', async () => {
    const { ticketIds, order } = await buyTickets(seller, 2);
    // Two tickets of R$ 120,00 with a 10% service fee: each may be resold for R$ 120,00.
    expect(order.feeCents).toBe(2_400);
    const answer = await quote(seller, ticketIds[0]!);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ticketId: ticketIds[0],
      maxPriceCents: 12_000,
      minPriceCents: 100,
      feeBps: 1000,
      priceCents: 12_000,
      feeCents: 1_200,
      netCents: 10_800,
    });
    expect((await quote(seller, ticketIds[0]!, 10_001)).body).toMatchObject({
      feeCents: 1_000,
      netCents: 9_001,
    });
    expect((await quote(rival, ticketIds[0]!)).status).toBe(403);
    expect((await quote(seller, 999_999)).status).toBe(404);
  });

  it('lowers the cap by the coupon discount the seller had', async () => {
    const { ticketIds } = await buyTickets(seller, 1, { cupom: 'PLATEIA10' });
    // R$ 120,00 less 10% = R$ 108,00.
    expect((await quote(seller, ticketIds[0]!)).body.maxPriceCents).toBe(10_800);
  });

  it('the cap does not grow from hop to hop: a ticket bought on resale is capped at what its price was', async () => {
    const { ticketIds } = await buyTickets(seller, 1);
    const listing = (await list(seller, ticketIds[0]!, 12_000)).body.listing;
    const reserved = await reserve(buyer, [resaleLine(listing.id)]);
    // The buyer paid R$ 120,00 and a service fee on top; only the R$ 120,00 may be asked again.
    expect(reserved.body.order.feeCents).toBeGreaterThan(0);
    await payByCard(buyer, reserved.body.order.id);
    const [bought] = await selectRows<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${reserved.body.order.id}`,
    );
    expect((await quote(buyer, Number(bought!.id))).body.maxPriceCents).toBe(12_000);
    expect((await list(buyer, Number(bought!.id), 12_001)).status).toBe(400);
  });

  it('refuses a price above the cap or below R$ 1,00 in pt-BR, and lets only the owner list', async () => {
    const { ticketIds } = await buyTickets(seller, 1);
    const above = await list(seller, ticketIds[0]!, 12_001);
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(
      'O preço de revenda pode ser no máximo R$ 120,00: o valor do ingresso, sem a taxa de serviço.',
    );
    const below = await list(seller, ticketIds[0]!, 99);
    expect(below.status).toBe(400);
    expect(below.body.message).toBe('O preço de revenda deve ser de pelo menos R$ 1,00.');
    const notMine = await list(rival, ticketIds[0]!, 10_000);
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe('Este ingresso não está na sua conta.');
    expect((await list(seller, 999_999, 10_000)).status).toBe(404);
    expect((await ticketRow(ticketIds[0]!)).holder_version).toBe(1);
  });

  it("listing kills the seller's code at once: the door refuses it, no code key, the manifest says listed", async () => {
    const { ticketIds } = await buyTickets(seller, 1);
    const ticketId = ticketIds[0]!;
    const listed = await list(seller, ticketId, 12_000);
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    expect(listed.body.listing).toMatchObject({
      ticketId,
      status: 'active',
      priceCents: 12_000,
      feeCents: 1_200,
      netCents: 10_800,
      reserved: false,
    });
    const row = await ticketRow(ticketId);
    expect(row).toMatchObject({ status: 'valid', holder_version: 2, customer_id: seller.id });

    expect(await scan(ticketId, 1)).toMatchObject({ verdict: 'old_code', admitted: false });
    // Even a code of the current version does not enter while the ticket is on sale.
    expect(await scan(ticketId, 2)).toMatchObject({ verdict: 'not_admissible', admitted: false });
    expect((await call('GET', `/tickets/${ticketId}/code-key`, seller)).status).toBe(409);
    const keys = await call('GET', '/tickets/code-keys', seller);
    expect(keys.body.keys.map((key: { ticketId: number }) => key.ticketId)).not.toContain(ticketId);
    const manifest = await call('GET', `/check-in/events/${eventId}/manifest`, producer);
    expect(manifest.body.tickets).toContainEqual([ticketId, 2, 'listed']);
    const mine = await call('GET', '/tickets', seller);
    expect(mine.body.tickets.find((ticket: { id: number }) => ticket.id === ticketId).status).toBe('listed');
    // Listed twice, transferred or quoted while listed: refused.
    expect((await list(seller, ticketId, 10_000)).body.message).toBe(
      'Este ingresso já está anunciado para revenda.',
    );
    expect(
      (await call('POST', `/tickets/${ticketId}/transfer`, seller, { email: 'amiga@example.com' })).status,
    ).toBe(409);
    const offers = (await call('GET', `/events/${eventId}`, null)).body.resale;
    expect(offers.map((offer: { resaleId: number }) => offer.resaleId)).toContain(listed.body.listing.id);
  });

  it('withdrawal gives the seller a fresh code; only the seller withdraws, once', async () => {
    const { ticketIds } = await buyTickets(seller, 1);
    const ticketId = ticketIds[0]!;
    const listing = (await list(seller, ticketId, 12_000)).body.listing;
    expect((await withdraw(rival, listing.id)).status).toBe(403);
    expect((await withdraw(seller, 999_999)).status).toBe(404);
    const back = await withdraw(seller, listing.id);
    expect(back.status).toBe(200);
    expect(back.body.listing).toMatchObject({ status: 'cancelled' });
    expect(back.body.listing.closedAt).not.toBeNull();
    expect(await ticketRow(ticketId)).toMatchObject({ status: 'valid', holder_version: 3 });
    const again = await withdraw(seller, listing.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Este anúncio não está mais ativo: o ingresso já foi vendido ou retirado da revenda.',
    );
    const key = await call('GET', `/tickets/${ticketId}/code-key`, seller);
    expect(key.body.holderVersion).toBe(3);
    // The code shown while listed stays dead; the fresh one enters.
    expect(await scan(ticketId, 2)).toMatchObject({ verdict: 'old_code' });
    expect(await scan(ticketId, 3)).toMatchObject({ verdict: 'admitted', admitted: true });
    // A used ticket cannot go on sale.
    expect((await list(seller, ticketId, 10_000)).status).toBe(409);
    const listings = await call('GET', '/resale/listings', seller);
    expect(listings.body.listings[0]).toMatchObject({ id: listing.id, status: 'cancelled', ticketId });
    expect((await call('GET', '/resale/listings', rival)).body.listings).toEqual([]);
  });

  it('two buyers racing for one listing: exactly one reserves it; after the event the seller gets the price less the fee', async () => {
    const { ticketIds } = await buyTickets(seller, 1);
    const ticketId = ticketIds[0]!;
    const listing = (await list(seller, ticketId, 11_500)).body.listing;
    // Earlier tests' sales are paid out first, so this one is measured alone.
    await releaseAfterEvent();
    const before = await walletBalance(h.database.db, seller.id);
    const fees = await balanceOf(h.database.db, { kind: 'platform_fees' });

    const answers = await Promise.all([
      reserve(buyer, [resaleLine(listing.id)]),
      reserve(rival, [resaleLine(listing.id)]),
    ]);
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(1);
    const winner = answers[0]!.status === 200 ? buyer : rival;
    const order = winners[0]!.body.order;
    expect(order.number).toBe(`RESALE_${listing.id}`);
    // While the buyer is in checkout the seller cannot pull the ticket away.
    const blocked = await withdraw(seller, listing.id);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(
      'Um comprador está finalizando a compra deste ingresso. Tente novamente em alguns minutos.',
    );
    await payByCard(winner, order.id);

    // The seller's ticket is void with its code dead; the buyer holds a new ticket.
    expect(await ticketRow(ticketId)).toMatchObject({ status: 'resold', holder_version: 3 });
    const [bought] = await selectRows<{
      id: number;
      customer_id: number;
      seat_id: number | null;
      price_cents: number;
    }>(
      h.database.db,
      sql`SELECT id, customer_id, seat_id, price_cents FROM tickets WHERE order_id = ${order.id}`,
    );
    expect(bought).toMatchObject({ customer_id: winner.id, price_cents: 11_500 });
    expect(await scan(ticketId, 3)).toMatchObject({ verdict: 'resold', admitted: false });
    expect(await scan(bought!.id, 1)).toMatchObject({ verdict: 'admitted' });

    // The price is held in clearing until the event is over (a refund would undo the sale).
    expect(await walletBalance(h.database.db, seller.id)).toBe(before);
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBe(11_500);
    expect(await balanceOf(h.database.db, { kind: 'platform_fees' })).toBe(fees + order.feeCents);
    expect(await releaseAfterEvent()).toBe(1);
    // R$ 115,00 less the 10% resale fee reaches the seller's wallet; the fee is the platform's.
    expect(await walletBalance(h.database.db, seller.id)).toBe(before + 10_350);
    // The platform keeps the resale fee and the buyer's service fee on the resale order.
    expect(await balanceOf(h.database.db, { kind: 'platform_fees' })).toBe(fees + 1_150 + order.feeCents);
    const [movement] = await selectRows<{ kind: string; customer_id: number; order_id: number }>(
      h.database.db,
      sql`SELECT kind, customer_id, order_id FROM ledger_transactions WHERE idempotency_key = ${`resale:${listing.id}`}`,
    );
    expect(movement).toMatchObject({ kind: 'resale_sale', customer_id: seller.id, order_id: order.id });
    const listings = (await call('GET', '/resale/listings', seller)).body.listings;
    expect(listings.find((entry: { id: number }) => entry.id === listing.id)).toMatchObject({
      status: 'sold',
      netCents: 10_350,
    });
    // Released sales leave nothing in clearing, and the books balance.
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBe(0);
    expect(await trialBalance(h.database.db)).toEqual({
      totalCents: 0,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeWallets: [],
    });
  });

  it('keeps the fee quoted at listing even when the setting changes before the sale', async () => {
    const { ticketIds } = await buyTickets(seller, 1);
    const listing = (await list(seller, ticketIds[0]!, 10_000)).body.listing;
    await h.database.db.execute(
      sql`INSERT INTO app_settings (key, value) VALUES (${RESALE_FEE_SETTING}, '2500')
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    try {
      expect((await quote(seller, (await buyTickets(seller, 1)).ticketIds[0]!)).body.feeBps).toBe(2500);
      await releaseAfterEvent();
      const before = await walletBalance(h.database.db, seller.id);
      const reserved = await reserve(buyer, [resaleLine(listing.id)]);
      await payByCard(buyer, reserved.body.order.id);
      await releaseAfterEvent();
      expect(await walletBalance(h.database.db, seller.id)).toBe(before + 9_000);
    } finally {
      await h.database.db.execute(sql`DELETE FROM app_settings WHERE key = ${RESALE_FEE_SETTING}`);
    }
  });

  it("a resale paid whole with the buyer's wallet holds the price for the seller like any other", async () => {
    const topUp = await call('POST', '/wallet/topups', buyer, { amountCents: 20_000 });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
    expect(
      (await fetch(`${h.psp.url}/sandbox/cob/${topUp.body.txid}/pagar`, { method: 'POST' })).status,
    ).toBe(200);
    await expect
      .poll(async () => (await call('GET', `/wallet/topups/${topUp.body.id}`, buyer)).body.status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe('credited');
    const { ticketIds } = await buyTickets(seller, 1);
    const listing = (await list(seller, ticketIds[0]!, 10_000)).body.listing;
    await releaseAfterEvent();
    const before = await walletBalance(h.database.db, seller.id);
    const reserved = await reserve(buyer, [resaleLine(listing.id)]);
    const paid = await call('POST', '/wallet/checkout', buyer, { orderId: reserved.body.order.id });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await ticketRow(ticketIds[0]!)).toMatchObject({ status: 'resold' });
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBe(10_000);
    expect(await walletBalance(h.database.db, seller.id)).toBe(before);
    await releaseAfterEvent();
    expect(await walletBalance(h.database.db, seller.id)).toBe(before + 9_000);
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBe(0);
    expect(await trialBalance(h.database.db)).toMatchObject({ totalCents: 0, driftedAccounts: [] });
  });

  it('refuses courtesy tickets and tickets of an event that started', async () => {
    const { ticketIds } = await buyTickets(seller, 2);
    await h.database.db.execute(sql`UPDATE tickets SET courtesy = true WHERE id = ${ticketIds[0]!}`);
    expect((await list(seller, ticketIds[0]!, 1_000)).body.message).toBe(
      'Ingressos de cortesia não podem ser revendidos.',
    );
    const started = await createEvent(h.database.db, festivalInput('festival-comecou', producer.id));
    await h.database.db.execute(
      sql`UPDATE tickets SET event_id = ${started.id}, ticket_type_id = ${started.lotIds[1]!} WHERE id = ${ticketIds[1]!}`,
    );
    await h.database.db.execute(
      sql`UPDATE events SET starts_at = now() - interval '1 hour' WHERE id = ${started.id}`,
    );
    const late = await list(seller, ticketIds[1]!, 1_000);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A revenda deste evento foi encerrada: o evento já começou.');
  });

  it('two listings of one ticket at once: one is created', async () => {
    const { ticketIds } = await buyTickets(seller, 1);
    const answers = await Promise.all([
      list(seller, ticketIds[0]!, 10_000),
      list(seller, ticketIds[0]!, 11_000),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await ticketRow(ticketIds[0]!)).holder_version).toBe(2);
  });

  it('a listing racing its own withdrawal against a buyer: exactly one wins, every time', async () => {
    for (let round = 0; round < 4; round++) {
      const { ticketIds } = await buyTickets(seller, 1);
      const listing = (await list(seller, ticketIds[0]!, 10_000)).body.listing;
      const [taken, withdrawn] = await Promise.all([
        reserve(buyer, [resaleLine(listing.id)]),
        withdraw(seller, listing.id),
      ]);
      expect([taken.status, withdrawn.status].sort(), JSON.stringify([taken.body, withdrawn.body])).toEqual([
        200, 409,
      ]);
      const state = await selectOne<{ status: string; order_id: number | null }>(
        h.database.db,
        sql`SELECT status, order_id FROM resale_listings WHERE id = ${listing.id}`,
      );
      if (taken.status === 200) {
        expect(state).toMatchObject({ status: 'active', order_id: taken.body.order.id });
        expect(await ticketRow(ticketIds[0]!)).toMatchObject({ holder_version: 2 });
        await payByCard(buyer, taken.body.order.id);
      } else {
        expect(state?.status).toBe('cancelled');
        expect(await ticketRow(ticketIds[0]!)).toMatchObject({ status: 'valid', holder_version: 3 });
      }
    }
    await releaseAfterEvent();
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBe(0);
  });

  it('a withdrawal racing the settlement of an expired reservation: the listing ends one way only', async () => {
    const { ticketIds } = await buyTickets(seller, 1);
    const ticketId = ticketIds[0]!;
    const listing = (await list(seller, ticketId, 10_000)).body.listing;
    const reserved = await reserve(buyer, [resaleLine(listing.id)]);
    // The buyer's checkout window ends: the seller may withdraw, and a late payment may still settle.
    await h.database.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${reserved.body.order.id}`,
    );
    await h.database.db.execute(
      sql`UPDATE resale_listings SET reserved_until = now() - interval '1 second' WHERE id = ${listing.id}`,
    );
    const now = new Date();
    const [settled, withdrawn] = await Promise.allSettled([
      h.database.db.transaction((tx) => settleOrder(tx, reserved.body.order.id, now)),
      withdrawListing(h.database.db, { now }, seller.id, listing.id),
    ]);
    expect(settled.status).toBe('fulfilled');
    const outcome = settled.status === 'fulfilled' ? settled.value?.kind : null;
    const row = await ticketRow(ticketId);
    if (outcome === 'paid') {
      expect(withdrawn.status).toBe('rejected');
      expect(row.status).toBe('resold');
    } else {
      expect(outcome).toBe('unavailable');
      expect(withdrawn.status).toBe('fulfilled');
      expect(row).toMatchObject({ status: 'valid', holder_version: 3 });
    }
    // Without a payment row this settlement posts no order_payment; the books still balance.
    expect((await trialBalance(h.database.db)).totalCents).toBe(0);
  });
});
