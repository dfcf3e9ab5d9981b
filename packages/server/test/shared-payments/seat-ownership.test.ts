import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import {
  createCustomer,
  newSessionId,
  sectionSeatIds,
  type TestCustomer,
  theatreInput,
} from '../catalogue/fixtures.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness } from '../payments/support.ts';

/**
 * Who may take or free a held seat: a group's seats are its order's (no session id names
 * them), and a hold made by a signed-in account is the account's (knowing its browser session
 * id is not enough to free or buy it).
 */
describe('seat holds belong to their holder', () => {
  let h: PaymentsHarness;
  let leader: TestCustomer;
  let friend: TestCustomer;
  let rival: TestCustomer;
  let eventId: number;
  let lotId: number;
  let seats: number[];

  beforeAll(async () => {
    h = await startPaymentsHarness();
    leader = await createCustomer(h.database.db, 'lider.assentos@plateia.dev');
    friend = await createCustomer(h.database.db, 'amiga.assentos@plateia.dev');
    rival = await createCustomer(h.database.db, 'rival.assentos@plateia.dev');
    const theatre = await createEvent(h.database.db, theatreInput('teatro-dono-do-assento'));
    eventId = theatre.id;
    lotId = theatre.sections[0]!.lotIds[0]!;
    seats = await sectionSeatIds(h.database.db, theatre.sections[0]!.id);
  });
  afterAll(() => h.close());

  const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url, headers, payload });

  const seatRows = (ids: number[]) =>
    selectRows<{ id: number; order_id: number | null; held: boolean }>(
      h.database.db,
      sql`SELECT id, order_id, held_until > now() AS held FROM seats WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id`,
    );

  it("a stranger can neither free nor buy a group's seats by naming the group", async () => {
    const chosen = [seats[0]!, seats[1]!];
    const sessionId = newSessionId();
    expect((await post('/seat/hold', leader.auth, { eventId, seatIds: chosen, sessionId })).statusCode).toBe(
      200,
    );
    const order = await reserve(
      h.app,
      leader,
      eventId,
      chosen.map((seatId) => ({ tk_id: lotId, tk_qtd: 1, seat_id: seatId })),
      { sessionId },
    );
    const half = Math.floor(order.totalCents / 2);
    const created = await post('/shared-payments/create', leader.auth, {
      orderId: order.id,
      shares: [
        { email: leader.email, amountCents: order.totalCents - half, tickets: 1 },
        { email: friend.email, amountCents: half, tickets: 1 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = (created.json() as { id: number }).id;

    // Every string a client could guess for the group's hold.
    const guesses = [`shared-payment-${groupId}`, `shared_payment_${groupId}`, sessionId];
    for (const guess of guesses) {
      const reserveAttempt = await post('/cart/reserve', rival.auth, {
        user: rival.id,
        event_id: eventId,
        products: [],
        tickets: [{ tk_id: lotId, tk_qtd: 1, seat_id: chosen[0] }],
        sessionId: guess,
      });
      expect(reserveAttempt.statusCode, `${guess}: ${reserveAttempt.body}`).toBe(409);
      const stolenHold = await post('/seat/hold', rival.auth, {
        eventId,
        seatIds: [chosen[0]],
        sessionId: guess,
      });
      expect(stolenHold.statusCode, guess).toBe(409);
      const anonymous = await post('/seat/release', {}, { eventId, seatIds: chosen, sessionId: guess });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json().seatIds, guess).toEqual([]);
      const byRival = await post('/seat/release', rival.auth, { eventId, seatIds: chosen, sessionId: guess });
      expect(byRival.json().seatIds, guess).toEqual([]);
    }
    // Not even the leader's own browser frees them: they are the group's order's.
    const byLeader = await post('/seat/release', leader.auth, { eventId, seatIds: chosen, sessionId });
    expect(byLeader.json().seatIds).toEqual([]);
    expect(await seatRows(chosen)).toEqual(chosen.map((id) => ({ id, order_id: order.id, held: true })));
    const rivalOrders = await selectOne<{ n: number }>(
      h.database.db,
      sql`SELECT count(*)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE o.customer_id = ${rival.id} AND i.seat_id IN (${chosen[0]}, ${chosen[1]})`,
    );
    expect(rivalOrders?.n).toBe(0);
  });

  it("a signed-in account's hold and reservation cannot be freed or bought with its session id", async () => {
    const chosen = [seats[4]!, seats[5]!];
    const sessionId = newSessionId();
    expect((await post('/seat/hold', leader.auth, { eventId, seatIds: chosen, sessionId })).statusCode).toBe(
      200,
    );

    // Held, not yet reserved: a stranger with the session id frees nothing and buys nothing.
    const anonymous = await post('/seat/release', {}, { eventId, seatIds: [chosen[0]], sessionId });
    expect(anonymous.json().seatIds).toEqual([]);
    const stolen = await post('/cart/reserve', rival.auth, {
      user: rival.id,
      event_id: eventId,
      products: [],
      tickets: [{ tk_id: lotId, tk_qtd: 1, seat_id: chosen[0] }],
      sessionId,
    });
    expect(stolen.statusCode, stolen.body).toBe(409);
    const takenOver = await post('/seat/hold', rival.auth, { eventId, seatIds: [chosen[0]], sessionId });
    expect(takenOver.statusCode).toBe(409);

    // Reserved by the account: still the account's.
    const order = await reserve(
      h.app,
      leader,
      eventId,
      chosen.map((seatId) => ({ tk_id: lotId, tk_qtd: 1, seat_id: seatId })),
      { sessionId },
    );
    const afterReserve = await post('/seat/release', {}, { eventId, seatIds: chosen, sessionId });
    expect(afterReserve.json().seatIds).toEqual([]);
    expect(await seatRows(chosen)).toEqual(chosen.map((id) => ({ id, order_id: order.id, held: true })));

    // The holder itself still releases its own hold.
    const own = await post('/seat/release', leader.auth, { eventId, seatIds: chosen, sessionId });
    expect(own.json().seatIds).toEqual(chosen);
  });

  it("a visitor's hold (no account) is released by its own session", async () => {
    const chosen = [seats[8]!];
    const sessionId = newSessionId();
    expect((await post('/seat/hold', {}, { eventId, seatIds: chosen, sessionId })).statusCode).toBe(200);
    const other = await post('/seat/release', {}, { eventId, seatIds: chosen, sessionId: newSessionId() });
    expect(other.json().seatIds).toEqual([]);
    const own = await post('/seat/release', {}, { eventId, seatIds: chosen, sessionId });
    expect(own.json().seatIds).toEqual(chosen);
  });
});
