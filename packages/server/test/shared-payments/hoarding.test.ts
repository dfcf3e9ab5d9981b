import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { type PaymentsHarness, startPaymentsHarness } from '../payments/support.ts';

/**
 * Shared payments count against the hoarding caps (docs/shared-payments.md, "Creating"): one
 * open group per customer per event, and what an open group holds counts against the
 * customer's per-order limits of lots and products.
 */
describe('shared payments cannot hoard stock', () => {
  let h: PaymentsHarness;
  let leader: TestCustomer;
  let friend: TestCustomer;
  let eventId: number;
  let lotId: number;
  let posterId: number;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    leader = await createCustomer(h.database.db, 'lider.estoque@plateia.dev');
    friend = await createCustomer(h.database.db, 'amigo.estoque@plateia.dev');
    const input = festivalInput('festival-sem-estoque-preso');
    input.products = [{ name: 'Pôster autografado', priceCents: 5_000, stock: 10, perOrderLimit: 1 }];
    const festival = await createEvent(h.database.db, input);
    eventId = festival.id;
    lotId = festival.lotIds[1]!;
    posterId = festival.productIds[0]!;
  });
  afterAll(() => h.close());

  const post = (url: string, auth: { authorization: string }, payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url, headers: auth, payload });

  const reserveCart = (products: { product_id: number; product_qtd: number }[], tickets = 1) =>
    post('/cart/reserve', leader.auth, {
      user: leader.id,
      event_id: eventId,
      products,
      tickets: [{ tk_id: lotId, tk_qtd: tickets }],
      sessionId: `sessao-${Math.random().toString(36).slice(2)}`,
    });

  const split = (order: { id: number; totalCents: number }) =>
    post('/shared-payments/create', leader.auth, {
      orderId: order.id,
      shares: [
        { email: leader.email, amountCents: order.totalCents - 100, tickets: 1 },
        { email: friend.email, amountCents: 100, tickets: 0 },
      ],
    });

  it('one open group per customer per event; its products count against the per-order limit', async () => {
    const first = await reserveCart([{ product_id: posterId, product_qtd: 1 }]);
    expect(first.statusCode, first.body).toBe(200);
    const group = await split(first.json().order);
    expect(group.statusCode, group.body).toBe(201);

    // The poster is one per customer: the group's order already holds it.
    const again = await reserveCart([{ product_id: posterId, product_qtd: 1 }]);
    expect(again.statusCode, again.body).toBe(409);

    // Another order without the poster may be reserved, but not split into a second group.
    const second = await reserveCart([]);
    expect(second.statusCode, second.body).toBe(200);
    const secondGroup = await split(second.json().order);
    expect(secondGroup.statusCode, secondGroup.body).toBe(409);
    expect(secondGroup.json().message).toBe(
      'Você já tem um pagamento compartilhado aberto para este evento. Conclua ou aguarde o fim dele para abrir outro.',
    );

    const held = await selectOne<{ groups: number; posters: number }>(
      h.database.db,
      sql`SELECT (SELECT count(*)::int FROM shared_payments WHERE leader_id = ${leader.id} AND event_id = ${eventId}) AS groups,
                 (SELECT reserved FROM products WHERE id = ${posterId}) AS posters`,
    );
    expect(held).toEqual({ groups: 1, posters: 1 });
  });
});
