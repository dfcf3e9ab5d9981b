import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import { paymentDeps } from '../../src/routes/payment-deps.ts';
import { expireDueSharedPayments } from '../../src/shared-payments/expiry.ts';
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
  let other: TestCustomer;
  let eventId: number;
  let lotId: number;
  let posterId: number;

  let offsetMs = 0;

  beforeAll(async () => {
    h = await startPaymentsHarness({ clock: () => new Date(Date.now() + offsetMs) });
    leader = await createCustomer(h.database.db, 'lider.estoque@plateia.dev');
    friend = await createCustomer(h.database.db, 'amigo.estoque@plateia.dev');
    other = await createCustomer(h.database.db, 'outra.estoque@plateia.dev');
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

  const reserveCart = (
    products: { product_id: number; product_qtd: number }[],
    tickets = 1,
    buyer = leader,
  ) =>
    post('/cart/reserve', buyer.auth, {
      user: buyer.id,
      event_id: eventId,
      products,
      tickets: [{ tk_id: lotId, tk_qtd: tickets }],
      sessionId: `sessao-${Math.random().toString(36).slice(2)}`,
    });

  const split = (order: { id: number; totalCents: number }, buyer = leader) =>
    post('/shared-payments/create', buyer.auth, {
      orderId: order.id,
      shares: [
        { email: buyer.email, amountCents: order.totalCents - 100, tickets: 1 },
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

  it('the long hold starts only once the leader paid their share; before, it is the 15-minute reservation', async () => {
    const reserved = await reserveCart([{ product_id: posterId, product_qtd: 1 }], 1, other);
    expect(reserved.statusCode, reserved.body).toBe(200);
    const order = reserved.json().order as { id: number; totalCents: number; expiresAt: string };
    const created = await split(order, other);
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as {
      id: number;
      closesAt: string;
      shares: { id: number; position: number }[];
    };
    const expiresAt = async () =>
      new Date(
        (await selectOne<{ expires_at: string }>(
          h.database.db,
          sql`SELECT expires_at FROM orders WHERE id = ${order.id}`,
        ))!.expires_at,
      ).getTime();
    // Not paid by the leader: still the reservation's own expiry, not the group's close.
    expect(await expiresAt()).toBe(new Date(order.expiresAt).getTime());

    // The leader never pays: at the reservation's expiry the group closes and the stock is back.
    offsetMs = 16 * 60_000;
    try {
      await expireDueSharedPayments(h.database.db, { ...paymentDeps(h.app), jobs: h.app.jobs });
    } finally {
      offsetMs = 0;
    }
    const after = await selectOne<{ status: string; posters: number; order_status: string }>(
      h.database.db,
      sql`SELECT g.status, (SELECT reserved FROM products WHERE id = ${posterId}) AS posters, o.status AS order_status
          FROM shared_payments g JOIN orders o ON o.id = g.order_id WHERE g.id = ${group.id}`,
    );
    // (the first test's group, whose leader never paid either, closed too)
    expect(after).toEqual({ status: 'expired', posters: 0, order_status: 'cancelled' });

    // Another group, whose leader pays: now the order is held until the group closes.
    const again = await reserveCart([], 1, other);
    const second = await split(again.json().order, other);
    expect(second.statusCode, second.body).toBe(201);
    const secondGroup = second.json() as { id: number; closesAt: string; shares: { id: number }[] };
    const txid = (await selectOne<{ txid: string }>(
      h.database.db,
      sql`SELECT p.txid FROM shared_payment_shares s JOIN payments p ON p.id = s.payment_id WHERE s.id = ${secondGroup.shares[0]!.id}`,
    ))!.txid;
    expect((await fetch(`${h.psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' })).status).toBe(200);
    const held = await selectOne<{ expires_at: string }>(
      h.database.db,
      sql`SELECT expires_at FROM orders WHERE id = ${again.json().order.id}`,
    );
    expect(new Date(held!.expires_at).getTime()).toBe(new Date(secondGroup.closesAt).getTime());
  });
});
