import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../../src/db/sql.ts';
import { balanceOf } from '../../../src/ledger/accounts.ts';
import { trialBalance } from '../../../src/ledger/reconcile.ts';
import { releaseMeiaOfTicket } from '../../../src/meia-entrada/door.ts';
import { festivalInput, newSessionId, post } from '../../catalogue/fixtures.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { testClock } from '../../support/clock.ts';
import { nonce, ticketPayload } from './fixtures.ts';

describe('meia-entrada at the door', () => {
  const clock = testClock(new Date('2026-11-24T20:00:00.000Z'));
  let t: TestApp;
  let producer: TestCustomer;
  let rival: TestCustomer;
  let buyer: TestCustomer;
  let eventId: number;
  let meiaTicket: number;
  let fullTicket: number;

  /** Reserves a cart, marks it paid and issues its tickets straight in the tables. */
  async function buy(tickets: unknown[]): Promise<number[]> {
    const res = await post(
      t.app,
      '/cart/reserve',
      { user: buyer.id, event_id: eventId, products: [], tickets, sessionId: newSessionId() },
      bearer(buyer.token),
    );
    expect(res.status).toBe(200);
    const orderId = res.body.order.id as number;
    await t.database.db.execute(
      sql`UPDATE orders SET status = 'paid', paid_at = now() WHERE id = ${orderId}`,
    );
    const rows = await selectRows<{ id: number }>(
      t.database.db,
      // As the settlement issues them: a meia line's ticket names its line as its meia.
      sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, n_number, order_id, order_item_id,
                               price_cents, meia_item_id)
          SELECT 'meia-' || gen_random_uuid()::text, ${buyer.id}, ${buyer.email}, ${eventId}, i.ticket_type_id, i.n_number,
                 i.order_id, i.id, i.unit_price_cents, CASE WHEN i.meia_category IS NOT NULL THEN i.id END
          FROM order_items i WHERE i.order_id = ${orderId} AND i.kind = 'ticket' ORDER BY i.id
          RETURNING id`,
    );
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    const db = t.database.db;
    producer = await createCustomer(db, { email: 'produtora@example.com', isadmin: '1' });
    rival = await createCustomer(db, { email: 'rival@example.com', isadmin: '1' });
    buyer = await createCustomer(db, { email: 'estudante@example.com' });
    eventId = (await createEvent(db, festivalInput('festival-porta-meia', producer.id))).id;
    const lot = (await selectOne<{ id: number }>(
      db,
      sql`SELECT id FROM ticket_types WHERE event_id = ${eventId} AND name = 'Camarote'`,
    ))!.id;
    [fullTicket, meiaTicket] = (await buy([
      { tk_id: lot, tk_qtd: 1 },
      { tk_id: lot, tk_qtd: 1, meia: [{ category: 'estudante', name: 'Ana Souza', document: '12.345-6' }] },
    ])) as [number, number];
    // Door day: the event starts in five hours, so its doors are open (docs/check-in.md) and
    // its sales too.
    await db.execute(
      sql`UPDATE events SET starts_at = ${new Date(clock.now().getTime() + 5 * 3_600_000)},
            ends_at = ${new Date(clock.now().getTime() + 11 * 3_600_000)} WHERE id = ${eventId}`,
    );
  });
  afterAll(() => t.close());

  const scan = async (ticketId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/check-in/events/${eventId}/scan`,
      headers: bearer(producer.token),
      payload: {
        nonce: nonce(),
        deviceId: 'porta-principal',
        payload: await ticketPayload(t.database.db, { eventId, id: ticketId }, clock.now()),
      },
    });
  const upgrade = (ticketId: number, who: TestCustomer | null = producer) =>
    t.app.inject({
      method: 'POST',
      url: `/check-in/events/${eventId}/tickets/${ticketId}/meia-upgrade`,
      headers: who ? bearer(who.token) : {},
    });

  it('shows "MEIA — conferir documento" with the beneficiary when a meia ticket is scanned', async () => {
    const res = await scan(meiaTicket);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.admitted).toBe(true);
    expect(body.meia).toMatchObject({
      notice: 'MEIA — conferir documento',
      category: 'estudante',
      categoryLabel: 'Estudante',
      name: 'Ana Souza',
      document: '123456',
      differenceCents: 15_000,
    });
    expect(body.meia.documents[0]).toMatch(/Carteira de Identificação Estudantil/);
    const full = (await scan(fullTicket)).json();
    expect(full.admitted).toBe(true);
    expect(full.meia).toBeUndefined();
  });

  const manifest = async () =>
    (
      await t.app.inject({ url: `/check-in/events/${eventId}/manifest`, headers: bearer(producer.token) })
    ).json().tickets as unknown[][];

  it('carries the beneficiary in the manifest, so a scanner without signal shows it too', async () => {
    const entries = await manifest();
    expect(entries.find((entry) => entry[0] === meiaTicket)?.[3]).toEqual([
      'estudante',
      'Estudante',
      'Ana Souza',
      '123456',
      15_000,
    ]);
    expect(entries.find((entry) => entry[0] === fullTicket)).toHaveLength(3);
  });

  it('says a resale offer is a meia (its category, never the beneficiary’s name)', async () => {
    const [listing] = await selectRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO resale_listings (event_id, ticket_id, seller_id, price_cents)
          VALUES (${eventId}, ${meiaTicket}, ${buyer.id}, 15000) RETURNING id`,
    );
    const offers = (await t.app.inject({ url: `/events/${eventId}` })).json().resale;
    const offer = offers.find((entry: { resaleId: number }) => entry.resaleId === listing!.id);
    expect(offer.meiaCategoryLabel).toBe('Estudante');
    expect(JSON.stringify(offers)).not.toContain('Ana Souza');
    await t.database.db.execute(sql`DELETE FROM resale_listings WHERE id = ${listing!.id}`);
  });

  it('lets only the event’s producer record the difference paid at the door, once, in the ledger', async () => {
    const quotaBefore = await selectOne<{ taken: number }>(
      t.database.db,
      sql`SELECT taken FROM meia_quotas WHERE event_id = ${eventId}`,
    );
    expect((await upgrade(meiaTicket, null)).statusCode).toBe(401);
    expect((await upgrade(meiaTicket, buyer)).statusCode).toBe(403);
    expect((await upgrade(meiaTicket, rival)).statusCode).toBe(404);
    const notMeia = await upgrade(fullTicket);
    expect(notMeia.statusCode).toBe(409);
    expect(notMeia.json().message).toBe('Este ingresso não é uma meia-entrada.');
    const revenueBefore = await balanceOf(t.database.db, { kind: 'producer_revenue', eventId });
    const res = await upgrade(meiaTicket);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ticketId: meiaTicket,
      differenceCents: 15_000,
      message: 'Diferença paga: o ingresso agora é inteira.',
    });
    expect(await balanceOf(t.database.db, { kind: 'producer_revenue', eventId })).toBe(
      revenueBefore + 15_000,
    );
    expect(await balanceOf(t.database.db, { kind: 'door_in' })).toBe(-15_000);
    expect(await trialBalance(t.database.db)).toMatchObject({ totalCents: 0, unbalancedTransactions: [] });
    // Once: a second call finds a full ticket.
    expect((await upgrade(meiaTicket)).statusCode).toBe(409);
    // The ticket reads full at the door now, and its meia went back to the quota.
    const again = await t.app.inject({
      method: 'POST',
      url: `/check-in/events/${eventId}/scan`,
      headers: bearer(producer.token),
      payload: {
        nonce: nonce(),
        deviceId: 'porta-principal',
        payload: await ticketPayload(t.database.db, { eventId, id: meiaTicket }, clock.now()),
      },
    });
    expect(again.json().meia).toBeUndefined();
    const quotaAfter = await selectOne<{ taken: number }>(
      t.database.db,
      sql`SELECT taken FROM meia_quotas WHERE event_id = ${eventId}`,
    );
    expect(quotaAfter!.taken).toBe(quotaBefore!.taken - 1);
    // Scanners that sync again get the ticket back without its meia.
    expect((await manifest()).find((entry) => entry[0] === meiaTicket)).toHaveLength(3);
    expect((await upgrade(999_999)).statusCode).toBe(404);
  });

  it('gives a refunded meia back to the quota and frees its beneficiary’s document', async () => {
    // Sales are long closed on door day: this one is bought weeks ahead.
    await t.database.db.execute(
      sql`UPDATE events SET starts_at = starts_at + interval '30 days', ends_at = ends_at + interval '30 days'
          WHERE id = ${eventId}`,
    );
    const [second] = (await buy([
      {
        tk_id: (await selectOne<{ id: number }>(
          t.database.db,
          sql`SELECT id FROM ticket_types WHERE event_id = ${eventId} AND name = 'Camarote'`,
        ))!.id,
        tk_qtd: 1,
        meia: [{ category: 'idoso', name: 'Dona Cida', document: '777.777' }],
      },
    ])) as [number];
    const taken = async () =>
      (await selectOne<{ taken: number }>(
        t.database.db,
        sql`SELECT taken FROM meia_quotas WHERE event_id = ${eventId}`,
      ))!.taken;
    const claims = async () =>
      (
        await selectRows<{ document: string }>(
          t.database.db,
          sql`SELECT document FROM meia_claims WHERE event_id = ${eventId} AND document = '777777'`,
        )
      ).length;
    const before = await taken();
    expect(await claims()).toBe(1);
    await t.database.db.transaction((tx) => releaseMeiaOfTicket(tx, second));
    expect(await taken()).toBe(before - 1);
    expect(await claims()).toBe(0);
    // A full ticket, or a meia already paid up at the door, gives nothing back.
    await t.database.db.transaction((tx) => releaseMeiaOfTicket(tx, fullTicket));
    await t.database.db.transaction((tx) => releaseMeiaOfTicket(tx, meiaTicket));
    expect(await taken()).toBe(before - 1);
  });
});
