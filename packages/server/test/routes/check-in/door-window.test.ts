import { CHECK_IN_UPLOAD_REFUSALS } from '@plateia/core/messages/check-in';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../../src/accounts/sessions.ts';
import { createEvent } from '../../../src/catalogue/create.ts';
import { DOORS_CLOSE_AFTER_END_MS, DOORS_OPEN_BEFORE_START_MS } from '../../../src/check-in/doors.ts';
import { selectOne, selectRows } from '../../../src/db/sql.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../../catalogue/fixtures.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness } from '../../payments/support.ts';
import { nonce, ticketPayload } from './fixtures.ts';

const HOUR = 3_600_000;

/**
 * The door counts admissions only inside the event's door window, online and uploaded alike,
 * and an uploaded admission only with the code that was scanned (docs/check-in.md). Before,
 * a producer's upload marked a ticket 'used' weeks ahead with no code, and its buyer's
 * refund was refused.
 */
describe('door window and codes of uploaded admissions', () => {
  let h: PaymentsHarness;
  let offsetMs = 0;
  let producer: TestCustomer;
  let buyer: TestCustomer;
  let eventId: number;
  let otherEventTicket: number;
  let startsAt: Date;
  let endsAt: Date;
  let tickets: number[];

  const now = () => new Date(Date.now() + offsetMs);
  /** Moves the clock to `at`; the producer logs in again there (a session lasts days, not weeks). */
  const travelTo = async (at: number) => {
    offsetMs = at - Date.now();
    const token = await openSession(h.database.db, producer.id, now());
    producer = { ...producer, token, auth: { authorization: `Bearer ${token}` } };
  };
  const post = (url: string, auth: { authorization: string }, payload: unknown = {}) =>
    h.app.inject({ method: 'POST', url, headers: auth, payload: payload as object });
  const upload = (scans: unknown[]) =>
    post(`/check-in/events/${eventId}/scans`, producer.auth, { deviceId: 'porta-offline', scans });
  const statusOf = async (id: number) =>
    (await selectOne<{ status: string }>(h.database.db, sql`SELECT status FROM tickets WHERE id = ${id}`))!
      .status;
  const codeOf = async (ticketId: number, at: Date, holderVersion = 1) =>
    (await ticketPayload(h.database.db, { eventId, id: ticketId, holderVersion }, at)).split('.')[3]!;
  const admission = (ticketId: number, at: Date, extra: Record<string, unknown> = {}) => ({
    nonce: nonce(),
    ticketId,
    holderVersion: 1,
    verdict: 'admitted',
    scannedAt: at.toISOString(),
    ...extra,
  });

  beforeAll(async () => {
    h = await startPaymentsHarness({ clock: now });
    const db = h.database.db;
    producer = await createCustomer(db, 'produtor-portas@plateia.dev', '1');
    buyer = await createCustomer(db, 'compradora-portas@plateia.dev');
    const event = await createEvent(db, festivalInput('festival-portas-abertas', producer.id));
    eventId = event.id;
    const other = await createEvent(db, festivalInput('festival-vizinho', producer.id));
    const row = await selectOne<{ starts_at: Date | string; ends_at: Date | string }>(
      db,
      sql`SELECT starts_at, ends_at FROM events WHERE id = ${eventId}`,
    );
    startsAt = new Date(row!.starts_at);
    endsAt = new Date(row!.ends_at);
    // Three tickets bought by PIX, weeks before the event.
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: event.lotIds[1], tk_qtd: 3 }]);
    const charge = (await post('/payments/pix', buyer.auth, { orderId: order.id })).json();
    expect((await fetch(`${h.psp.url}/sandbox/cob/${charge.txid}/pagar`, { method: 'POST' })).status).toBe(
      200,
    );
    tickets = (
      await selectRows<{ id: number }>(
        db,
        sql`SELECT id FROM tickets WHERE order_id = ${order.id} ORDER BY id`,
      )
    ).map((ticket) => Number(ticket.id));
    expect(tickets).toHaveLength(3);
    otherEventTicket = Number(
      (await selectOne<{ id: number }>(
        db,
        sql`INSERT INTO tickets (code, holder_email, event_id, ticket_type_id)
            VALUES ('vizinho-1', 'vizinho@example.com', ${other.id}, ${other.lotIds[0]}) RETURNING id`,
      ))!.id,
    );
  });
  afterAll(() => h.close());

  it('weeks before the event: an upload with no code counts nothing, and the buyer still gets the refund', async () => {
    const early = admission(tickets[0]!, now());
    const res = await upload([early]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      recorded: 1,
      duplicates: 0,
      refused: [
        {
          nonce: early.nonce,
          ticketId: tickets[0],
          reason: 'door_closed',
          message: CHECK_IN_UPLOAD_REFUSALS.door_closed,
        },
      ],
    });
    expect(await statusOf(tickets[0]!)).toBe('valid');
    // A scan dated on door day but sent weeks before it: the scanner's clock cannot be ahead.
    const forged = admission(tickets[0]!, new Date(startsAt.getTime() - HOUR), {
      code: await codeOf(tickets[0]!, new Date(startsAt.getTime() - HOUR)),
    });
    expect((await upload([forged])).json().refused).toEqual([
      {
        nonce: forged.nonce,
        ticketId: tickets[0],
        reason: 'future',
        message: CHECK_IN_UPLOAD_REFUSALS.future,
      },
    ]);
    expect(await statusOf(tickets[0]!)).toBe('valid');

    // Online, a valid code is refused too: the doors are not open.
    const online = await post(`/check-in/events/${eventId}/scan`, producer.auth, {
      nonce: nonce(),
      deviceId: 'porta-online',
      payload: await ticketPayload(h.database.db, { eventId, id: tickets[0]! }, now()),
    });
    expect(online.json()).toMatchObject({
      verdict: 'door_closed',
      admitted: false,
      message: 'Fora do horário de entrada do evento',
    });
    expect(await statusOf(tickets[0]!)).toBe('valid');

    // The manifest tells the scanner the window, so it refuses on its own with no signal.
    const manifest = (
      await h.app.inject({ url: `/check-in/events/${eventId}/manifest`, headers: producer.auth })
    ).json();
    expect(manifest.event).toMatchObject({
      doorsOpenAt: new Date(startsAt.getTime() - DOORS_OPEN_BEFORE_START_MS).toISOString(),
      doorsCloseAt: new Date(endsAt.getTime() + DOORS_CLOSE_AFTER_END_MS).toISOString(),
    });

    const refund = await post(`/refunds/tickets/${tickets[0]}`, buyer.auth);
    expect(refund.statusCode, refund.body).toBe(200);
  });

  it('on door day: an uploaded admission counts only with the code scanned for its ticket', async () => {
    await travelTo(startsAt.getTime() - HOUR);
    const at = new Date(now().getTime() - 10 * 60_000);
    const good = admission(tickets[1]!, at, { code: await codeOf(tickets[1]!, at) });
    const noCode = admission(tickets[2]!, at);
    const wrongCode = admission(tickets[2]!, at, {
      code: await codeOf(tickets[2]!, new Date(at.getTime() - HOUR)),
    });
    const otherEvent = admission(otherEventTicket, at, { code: '123456' });
    const beforeDoors = admission(
      tickets[2]!,
      new Date(startsAt.getTime() - DOORS_OPEN_BEFORE_START_MS - 60_000),
      {
        code: await codeOf(tickets[2]!, new Date(startsAt.getTime() - DOORS_OPEN_BEFORE_START_MS - 60_000)),
      },
    );
    const refusedScan = { nonce: nonce(), verdict: 'unreadable', scannedAt: at.toISOString() };
    const batch = [good, noCode, wrongCode, otherEvent, beforeDoors, refusedScan];
    const expected = [
      {
        nonce: noCode.nonce,
        ticketId: tickets[2],
        reason: 'missing_code',
        message: CHECK_IN_UPLOAD_REFUSALS.missing_code,
      },
      {
        nonce: wrongCode.nonce,
        ticketId: tickets[2],
        reason: 'invalid_code',
        message: CHECK_IN_UPLOAD_REFUSALS.invalid_code,
      },
      {
        nonce: otherEvent.nonce,
        ticketId: otherEventTicket,
        reason: 'wrong_event',
        message: CHECK_IN_UPLOAD_REFUSALS.wrong_event,
      },
      {
        nonce: beforeDoors.nonce,
        ticketId: tickets[2],
        reason: 'door_closed',
        message: CHECK_IN_UPLOAD_REFUSALS.door_closed,
      },
    ];
    const res = await upload(batch);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recorded: 6, duplicates: 0, refused: expected });
    expect(await statusOf(tickets[1]!)).toBe('used');
    expect(await statusOf(tickets[2]!)).toBe('valid');
    expect(await statusOf(otherEventTicket)).toBe('valid');
    // The same batch again (its answer lost): nothing new, the same refusals.
    expect((await upload(batch)).json()).toEqual({ recorded: 0, duplicates: 6, refused: expected });
    // The refusals are kept for the report, as what the server decided.
    const report = (
      await h.app.inject({ url: `/check-in/events/${eventId}/conflicts`, headers: producer.auth })
    ).json();
    expect(report.totals).toMatchObject({ admitted: 1, invalid_code: 2, wrong_event: 1, unreadable: 1 });

    // Online inside the window admits.
    const online = await post(`/check-in/events/${eventId}/scan`, producer.auth, {
      nonce: nonce(),
      deviceId: 'porta-online',
      payload: await ticketPayload(h.database.db, { eventId, id: tickets[2]! }, now()),
    });
    expect(online.json()).toMatchObject({ verdict: 'admitted', admitted: true });
    expect(await statusOf(tickets[2]!)).toBe('used');
  });

  it('after the doors close, nothing admits', async () => {
    await travelTo(endsAt.getTime() + DOORS_CLOSE_AFTER_END_MS + HOUR);
    const [straggler] = await selectRows<{ id: number }>(
      h.database.db,
      sql`INSERT INTO tickets (code, holder_email, event_id, ticket_type_id)
          SELECT 'atrasado-1', 'atrasado@example.com', ${eventId}, min(id) FROM ticket_types WHERE event_id = ${eventId}
          RETURNING id`,
    );
    const late = await post(`/check-in/events/${eventId}/scan`, producer.auth, {
      nonce: nonce(),
      deviceId: 'porta-online',
      payload: await ticketPayload(h.database.db, { eventId, id: Number(straggler!.id) }, now()),
    });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ verdict: 'door_closed', admitted: false });
    expect(await statusOf(Number(straggler!.id))).toBe('valid');
  });
});
