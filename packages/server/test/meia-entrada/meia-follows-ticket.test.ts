import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { type PaymentsHarness, startPaymentsHarness, tokenize } from '../payments/support.ts';
import { nonce, ticketPayload } from '../routes/check-in/fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field.
type Loose = Record<string, any>;
type ManifestEntry = [number, number, string, [string, string, string, string, number]?];

/**
 * Meia-entrada is personal to its beneficiary (Decreto 8.537/2015): it follows the ticket
 * through resale and transfer, the door asks for the beneficiary's document (or the
 * difference to a full ticket), and the quota counts each live meia exactly once
 * (docs/meia-entrada.md). Before, a resold meia came back as a ticket with no beneficiary,
 * the door treated it as full price, and the quota stayed taken by a ticket no one held.
 */
describe('meia-entrada follows the ticket through resale, transfer and refund', () => {
  let h: PaymentsHarness;
  let producer: TestCustomer;
  let student: TestCustomer;
  let reseller: TestCustomer;
  let friend: TestCustomer;
  let eventId: number;
  let lotId: number;
  let ana: number;
  let beto: number;
  let resold: number;

  const call = async (method: 'GET' | 'POST', url: string, who: TestCustomer | null, payload?: unknown) => {
    const res = await h.app.inject({
      method,
      url,
      headers: who ? who.auth : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : null) as Loose };
  };
  const payByCard = async (who: TestCustomer, orderId: number) => {
    const paid = await call('POST', '/payments/card', who, {
      orderId,
      token: await tokenize(h.gateway, 'APRO TESTE'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('approved');
  };
  const buy = async (who: TestCustomer, line: Record<string, unknown>) => {
    const reserved = await call('POST', '/cart/reserve', who, {
      user: who.id,
      event_id: eventId,
      products: [],
      tickets: [line],
      sessionId: `s-${randomUUID()}`,
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    await payByCard(who, reserved.body.order.id);
    const rows = await selectRows<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${reserved.body.order.id} ORDER BY id`,
    );
    return rows.map((row) => Number(row.id));
  };
  /** The door's manifest, every ticket by id. */
  const manifest = async (): Promise<Map<number, ManifestEntry>> => {
    const page = await call('GET', `/check-in/events/${eventId}/manifest`, producer);
    expect(page.status).toBe(200);
    return new Map((page.body.tickets as ManifestEntry[]).map((entry) => [entry[0], entry]));
  };
  /** The quota's taken count, from the public counter. */
  const taken = async () => {
    const info = (await call('GET', `/events/${eventId}/meia-entrada`, null)).body;
    return (info.total as number) - (info.available as number);
  };
  /** Tickets the door would let in (or has) that it shows as a meia, by beneficiary name. */
  const liveMeias = async () =>
    [...(await manifest()).values()]
      .filter((entry) => ['valid', 'used', 'listed'].includes(entry[2]) && entry[3])
      .map((entry) => entry[3]![2])
      .sort();
  const doorMeia = async (ticketId: number, holderVersion: number) =>
    (
      await call('POST', `/check-in/events/${eventId}/scan`, producer, {
        nonce: nonce(),
        deviceId: 'porta-meia',
        payload: await ticketPayload(h.database.db, { eventId, id: ticketId, holderVersion }, new Date()),
      })
    ).body.meia as Loose | undefined;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    const db = h.database.db;
    producer = await createCustomer(db, 'produtora-meia@plateia.dev', '1');
    student = await createCustomer(db, 'estudante-meia@plateia.dev');
    reseller = await createCustomer(db, 'compradora-revenda-meia@plateia.dev');
    friend = await createCustomer(db, 'amigo-meia@plateia.dev');
    const event = await createEvent(db, festivalInput('festival-meia-segue', producer.id));
    eventId = event.id;
    lotId = event.lotIds[1]!;
    [ana, beto] = (await buy(student, {
      tk_id: lotId,
      tk_qtd: 2,
      meia: [
        { category: 'estudante', name: 'Ana Souza', document: '11.111-1' },
        { category: 'estudante', name: 'Beto Lima', document: '22.222-2' },
      ],
    })) as [number, number];
  });
  afterAll(() => h.close());

  it('a resold meia reaches its new holder as the same meia, and the quota counts it once', async () => {
    expect(await taken()).toBe(2);
    expect(await liveMeias()).toEqual(['Ana Souza', 'Beto Lima']);
    const listed = await call('POST', `/resale/tickets/${ana}`, student, { priceCents: 6_000 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    [resold] = (await buy(reseller, {
      tk_id: lotId,
      tk_qtd: 1,
      is_from_resale: 1,
      resaleId: listed.body.listing.id,
    })) as [number];

    // The new ticket carries Ana's meia: the door asks for her document, offline too.
    const entry = (await manifest()).get(resold)!;
    expect(entry[3]?.slice(0, 4)).toEqual(['estudante', 'Estudante', 'Ana Souza', '111111']);
    expect(await doorMeia(resold, 1)).toMatchObject({
      notice: 'MEIA — conferir documento',
      name: 'Ana Souza',
      document: '111111',
      differenceCents: 6_000,
    });
    // One meia sold, held by one live ticket: the quota still counts exactly two.
    expect(await taken()).toBe(2);
    expect(await liveMeias()).toEqual(['Ana Souza', 'Beto Lima']);
    // Offered again on resale, it still says it is a meia (the offer reads the ticket's meia).
    const again = await call('POST', `/resale/tickets/${resold}`, reseller, { priceCents: 6_000 });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const offers = (await call('GET', `/events/${eventId}`, null)).body.resale as {
      originalTicketId: number;
      meiaCategoryLabel?: string | null;
    }[];
    expect(offers.find((offer) => offer.originalTicketId === resold)?.meiaCategoryLabel).toBe('Estudante');
    expect((await call('POST', `/resale/listings/${again.body.listing.id}/withdraw`, reseller)).status).toBe(
      200,
    );
  });

  it('a transferred meia keeps its beneficiary, and the quota does not move', async () => {
    const sent = await call('POST', `/tickets/${beto}/transfer`, student, { email: friend.email });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const accepted = await call('POST', `/tickets/transfers/${sent.body.transfer.id}/accept`, friend);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await doorMeia(beto, 2)).toMatchObject({ name: 'Beto Lima', document: '222222' });
    expect(await taken()).toBe(2);
    expect(await liveMeias()).toEqual(['Ana Souza', 'Beto Lima']);
  });

  it('refunds give each meia back once: the quota equals the live meias after every step', async () => {
    const refund = await call('POST', `/refunds/tickets/${resold}`, reseller);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(await taken()).toBe((await liveMeias()).length);
    // Whoever holds Ana's meia now (the seller again, or no one), refunding it frees it.
    const holder = (await manifest()).get(ana)!;
    if (holder[2] === 'valid') {
      const again = await call('POST', `/refunds/tickets/${ana}`, student);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    }
    expect(await liveMeias()).toEqual(['Beto Lima']);
    expect(await taken()).toBe(1);
  });
});
