import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import {
  createCustomer,
  festivalInput,
  newSessionId,
  post,
  type TestCustomer,
} from '../catalogue/fixtures.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('one customer cannot hoard a lot or a coupon', () => {
  let t: TestApp;
  let festival: CreatedEvent;
  let hoarder: TestCustomer;
  let other: TestCustomer;

  const reserve = (customer: TestCustomer, body: Record<string, unknown>, sessionId = newSessionId()) =>
    post(
      t.app,
      '/cart/reserve',
      { user: customer.id, event_id: festival.id, products: [], tickets: [], sessionId, ...body },
      customer.auth,
    );
  const lot = (index: number) => festival.lotIds[index]!;
  const reserved = async (lotId: number) =>
    (await selectOne<{ reserved: number }>(
      t.database.db,
      sql`SELECT reserved FROM ticket_types WHERE id = ${lotId}`,
    ))!.reserved;
  const pay = (orderId: number) =>
    t.database.db.execute(sql`UPDATE orders SET status = 'paid', paid_at = now() WHERE id = ${orderId}`);

  beforeAll(async () => {
    t = await createTestApp();
    hoarder = await createCustomer(t.database.db, 'acumulador@teste.dev');
    other = await createCustomer(t.database.db, 'outra.pessoa@teste.dev');
    festival = await createEvent(t.database.db, festivalInput('festival-acumulo'));
  });
  afterAll(() => t.close());

  it('keeps one live reservation per customer per event, whatever session ids they vary', async () => {
    // Lot 0 has 5 units and a limit of 4 per order: three sessions used to keep 12 reserved.
    for (let i = 0; i < 3; i++) {
      const res = await reserve(hoarder, { tickets: [{ tk_id: lot(0), tk_qtd: 1 }] });
      expect(res.status).toBe(200);
    }
    expect(await reserved(lot(0))).toBe(1);
    const live = await selectOne<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${hoarder.id} AND status = 'reserved'`,
    );
    expect(live!.n).toBe(1);
    // Someone else can still buy the rest.
    expect((await reserve(other, { tickets: [{ tk_id: lot(0), tk_qtd: 4 }] })).status).toBe(200);
  });

  it('lets two reservations of one customer at once end with one live', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(() => reserve(hoarder, { tickets: [{ tk_id: lot(1), tk_qtd: 2 }] })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await reserved(lot(1))).toBe(2);
  });

  it('caps the units of a lot per customer across paid orders', async () => {
    // Camarote: 6 per order. Paying 4, then asking for 4 more goes past 6 for this customer.
    const first = await reserve(hoarder, { tickets: [{ tk_id: lot(2), tk_qtd: 4 }] });
    expect(first.status).toBe(200);
    await pay(first.body.order.id);
    const more = await reserve(hoarder, { tickets: [{ tk_id: lot(2), tk_qtd: 4 }] });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(
      'Você já atingiu o limite de 6 ingressos deste lote por cliente, somando suas compras anteriores.',
    );
    expect(more.body.tickets[0].tk_allow).toEqual({ tk_allow: 2, tk_is_permitted_to_buy: false });
    expect((await reserve(hoarder, { tickets: [{ tk_id: lot(2), tk_qtd: 2 }] })).status).toBe(200);
  });

  it('takes one use of a limited coupon per customer and never lets one customer hold several', async () => {
    const coupon = { cupom: 'MENOS20' };
    // Usage limit 1: a second session of the same customer replaces the first reservation,
    // so the single use moves with it instead of being used up twice.
    expect((await reserve(hoarder, { ...coupon, tickets: [{ tk_id: lot(1), tk_qtd: 1 }] })).status).toBe(200);
    const again = await reserve(hoarder, { ...coupon, tickets: [{ tk_id: lot(1), tk_qtd: 1 }] });
    expect(again.status).toBe(200);
    await pay(again.body.order.id);
    const thirdUse = await reserve(hoarder, { ...coupon, tickets: [{ tk_id: lot(1), tk_qtd: 1 }] });
    expect(thirdUse.status).toBe(400);
    expect(thirdUse.body.message).toBe('Você já usou este cupom.');
  });
});
