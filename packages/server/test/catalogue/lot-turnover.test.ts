import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedEvent,
  createEvent,
  type EventInput,
  type LotInput,
} from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createCustomer, festivalInput, newSessionId, post, type TestCustomer } from './fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A festival whose "Pista" has three lots of the given sizes (R$ 100, 120, 150). */
function threeLots(slug: string, sizes: [number, number, number]): EventInput & { lots: LotInput[] } {
  return {
    ...festivalInput(slug),
    coupons: [],
    products: [],
    lots: [
      { name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: sizes[0], perOrderLimit: 4 },
      { name: 'Pista', nNumber: 2, priceCents: 12_000, quantity: sizes[1], perOrderLimit: 4 },
      { name: 'Pista', nNumber: 3, priceCents: 15_000, quantity: sizes[2], perOrderLimit: 4 },
    ],
  };
}

interface TypeView {
  id: number;
  n_number: number;
  onSale: boolean;
  current: boolean;
  available: number;
  lotLabel: string;
  nextLot: { id: number; priceCents: number; lotLabel: string; opensAt: string | null } | null;
}

describe('lot turnover (virada de lote)', () => {
  let t: TestApp;
  let buyers: TestCustomer[];

  beforeAll(async () => {
    t = await createTestApp();
    buyers = [];
    for (let i = 0; i < 8; i++) buyers.push(await createCustomer(t.database.db, `lote${i}@teste.dev`));
  });
  afterAll(() => t.close());

  const reserve = (customer: TestCustomer, event: CreatedEvent, tickets: unknown[]) =>
    post(
      t.app,
      '/cart/reserve',
      { user: customer.id, event_id: event.id, products: [], tickets, sessionId: newSessionId() },
      customer.auth,
    );
  const types = async (event: CreatedEvent): Promise<TypeView[]> =>
    (await t.app.inject({ method: 'GET', url: `/events/${event.id}` })).json().ticketTypes;

  it('shows only the current lot on sale, with the next lot and its price', async () => {
    const event = await createEvent(t.database.db, threeLots('lotes-vitrine', [5, 5, 5]));
    const [one, two, three] = await types(event);
    expect(one).toMatchObject({ onSale: true, current: true, lotLabel: '1º lote' });
    expect(one!.nextLot).toEqual({
      id: event.lotIds[1],
      n_number: 2,
      priceCents: 12_000,
      lotLabel: '2º lote',
      opensAt: null,
    });
    expect(two).toMatchObject({ onSale: false, current: false, nextLot: null });
    expect(three).toMatchObject({ onSale: false, current: false, nextLot: null });
  });

  it('a buyer in the race for the last units of a lot gets the next lot at its price, told so', async () => {
    const event = await createEvent(t.database.db, threeLots('lotes-virada', [5, 5, 5]));
    const first = await reserve(buyers[0]!, event, [{ tk_id: event.lotIds[0], tk_qtd: 4 }]);
    expect(first.status).toBe(200);
    expect(first.body.order.notices).toEqual([]);
    const second = await reserve(buyers[1]!, event, [{ tk_id: event.lotIds[0], tk_qtd: 3 }]);
    expect(second.status).toBe(200);
    const lines = second.body.order.items.map((item: { ticketTypeId: number; unitPriceCents: number }) => [
      item.ticketTypeId,
      item.unitPriceCents,
    ]);
    expect(lines).toEqual([
      [event.lotIds[0], 10_000],
      [event.lotIds[1], 12_000],
      [event.lotIds[1], 12_000],
    ]);
    expect(second.body.order.subtotalCents).toBe(34_000);
    expect(second.body.order.notices).toEqual([
      'O 1º lote esgotou; 2 dos seus ingressos são do 2º lote por R$ 120,00',
    ]);
    const after = await types(event);
    expect(after.map((type) => type.current)).toEqual([false, true, false]);
    // The listing's "a partir de" follows: the 1º lote's price is gone.
    const listed = (await t.app.inject({ method: 'GET', url: '/events?slug=lotes-virada' })).json().data[0];
    expect(listed.priceFromCents).toBe(12_000);
    expect(after[1]!.nextLot?.priceCents).toBe(15_000);

    // A cart still naming the 1º lote is served from the 2º.
    const third = await reserve(buyers[2]!, event, [{ tk_id: event.lotIds[0], tk_qtd: 1 }]);
    expect(third.body.order.items[0]).toMatchObject({ ticketTypeId: event.lotIds[1], n_number: 2 });
    expect(third.body.order.notices).toEqual(['O 1º lote esgotou; seu ingresso é do 2º lote por R$ 120,00']);
  });

  it('naming a later lot while an earlier one sells gives the earlier lot at its price', async () => {
    const event = await createEvent(t.database.db, threeLots('lotes-anterior', [5, 5, 5]));
    const res = await reserve(buyers[0]!, event, [{ tk_id: event.lotIds[2], tk_qtd: 1 }]);
    expect(res.status).toBe(200);
    expect(res.body.order.items[0]).toMatchObject({ ticketTypeId: event.lotIds[0], unitPriceCents: 10_000 });
    expect(res.body.order.notices).toEqual([
      'O 1º lote ainda está à venda; seu ingresso é do 1º lote por R$ 100,00',
    ]);
  });

  it('refuses only when every lot of the type is exhausted, telling how many are left', async () => {
    const event = await createEvent(t.database.db, threeLots('lotes-fim', [2, 2, 2]));
    expect((await reserve(buyers[0]!, event, [{ tk_id: event.lotIds[0], tk_qtd: 4 }])).status).toBe(200);
    const short = await reserve(buyers[1]!, event, [{ tk_id: event.lotIds[0], tk_qtd: 3 }]);
    expect(short.status).toBe(409);
    expect(short.body.tickets[0].tk_allow).toEqual({ tk_allow: 2, tk_is_permitted_to_buy: false });
    // Nothing stayed taken by the refused attempt.
    const [row] = await selectRows<{ reserved: number }>(
      t.database.db,
      sql`SELECT sum(reserved)::int AS reserved FROM ticket_types WHERE event_id = ${event.id}`,
    );
    expect(row!.reserved).toBe(4);
  });

  it('expired units go back to the lot they came from, which sells again before the later lot', async () => {
    const event = await createEvent(t.database.db, threeLots('lotes-volta', [3, 5, 5]));
    const first = await reserve(buyers[0]!, event, [{ tk_id: event.lotIds[0], tk_qtd: 3 }]);
    expect((await types(event))[1]!.current).toBe(true);
    await t.database.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${first.body.order.id}`,
    );
    // Reads count the expired units at once: the 1º lote is current again.
    expect((await types(event)).map((type) => type.current)).toEqual([true, false, false]);
    // A buyer now needs the reclaim: the lot looks sold out until it runs.
    const again = await reserve(buyers[1]!, event, [{ tk_id: event.lotIds[1], tk_qtd: 2 }]);
    expect(again.status).toBe(200);
    expect(again.body.order.items.map((item: { ticketTypeId: number }) => item.ticketTypeId)).toEqual([
      event.lotIds[0],
      event.lotIds[0],
    ]);
    const [lot] = await selectRows<{ reserved: number }>(
      t.database.db,
      sql`SELECT reserved FROM ticket_types WHERE id = ${event.lotIds[0]!}`,
    );
    expect(lot!.reserved).toBe(2);
  });

  it('turns by date: once the next lot’s opening time comes, the earlier lot closes', async () => {
    const input = threeLots('lotes-data', [5, 5, 5]);
    input.lots[1] = { ...input.lots[1]!, salesStart: new Date(Date.now() + DAY) };
    const event = await createEvent(t.database.db, input);
    const before = await types(event);
    expect(before[0]!.current).toBe(true);
    expect(before[0]!.nextLot?.opensAt).toBe(new Date(input.lots[1]!.salesStart!).toISOString());
    await t.database.db.execute(
      sql`UPDATE ticket_types SET sales_start = now() - interval '1 minute' WHERE id = ${event.lotIds[1]!}`,
    );
    expect((await types(event)).map((type) => type.current)).toEqual([false, true, false]);
    const res = await reserve(buyers[0]!, event, [{ tk_id: event.lotIds[0], tk_qtd: 1 }]);
    expect(res.body.order.items[0].ticketTypeId).toBe(event.lotIds[1]);
    expect(res.body.order.notices).toEqual(['O 1º lote encerrou; seu ingresso é do 2º lote por R$ 120,00']);
  });

  it('sells nothing before the type’s first lot opens', async () => {
    const input = threeLots('lotes-cedo', [5, 5, 5]);
    input.lots[0] = { ...input.lots[0]!, salesStart: new Date(Date.now() + DAY) };
    const event = await createEvent(t.database.db, input);
    expect((await types(event)).some((type) => type.onSale)).toBe(false);
    const res = await reserve(buyers[0]!, event, [{ tk_id: event.lotIds[1], tk_qtd: 1 }]);
    expect(res.status).toBe(409);
    expect(res.body.tickets[0].tk_allow.tk_is_permitted_to_buy).toBe(false);
  });

  it('under a race of many buyers never oversells across lots, and every price is its lot’s', async () => {
    const event = await createEvent(t.database.db, threeLots('lotes-corrida', [47, 61, 72]));
    const racers: TestCustomer[] = [];
    for (let i = 0; i < 150; i++) racers.push(await createCustomer(t.database.db, `corrida${i}@teste.dev`));
    // 150 buyers × 2 units = 300 asked for 180 units in three lots (one pair spans two lots).
    const answers = await Promise.all(
      racers.map((racer, i) => reserve(racer, event, [{ tk_id: event.lotIds[i % 3], tk_qtd: 2 }])),
    );
    const won = answers.filter((res) => res.status === 200);
    const lost = answers.filter((res) => res.status === 409);
    expect(won.length + lost.length).toBe(150);
    const lots = await selectRows<{ id: number; quantity: number; reserved: number; price_cents: number }>(
      t.database.db,
      sql`SELECT id, quantity, reserved, price_cents FROM ticket_types WHERE event_id = ${event.id} ORDER BY n_number`,
    );
    const lines = won.flatMap(
      (res) => res.body.order.items as { ticketTypeId: number; unitPriceCents: number }[],
    );
    for (const lot of lots) {
      expect(lot.reserved).toBeLessThanOrEqual(lot.quantity);
      const mine = lines.filter((line) => line.ticketTypeId === lot.id);
      expect(mine.length).toBe(lot.reserved);
      expect(mine.every((line) => line.unitPriceCents === lot.price_cents)).toBe(true);
    }
    // Units run out exactly: 180 sold as 90 pairs, the other buyers refused (0 left).
    expect(lines.length).toBe(180);
    expect(won.length).toBe(90);
    expect(lots.map((lot) => lot.reserved)).toEqual([47, 61, 72]);
    for (const res of lost) expect(res.body.tickets[0].tk_allow.tk_allow).toBe(0);
    // Each order's total is its lines' prices plus the fee.
    for (const res of won) {
      const sum = (res.body.order.items as { unitPriceCents: number }[]).reduce(
        (s, i) => s + i.unitPriceCents,
        0,
      );
      expect(res.body.order.subtotalCents).toBe(sum);
    }
  });
});
