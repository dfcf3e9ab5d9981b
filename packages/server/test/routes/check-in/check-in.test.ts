import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../../src/db/sql.ts';
import { festivalInput } from '../../catalogue/fixtures.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { testClock } from '../../support/clock.ts';
import { eventKey, issueTickets, nonce, ticketPayload } from './fixtures.ts';

interface ScanAnswer {
  verdict: string;
  admitted: boolean;
  message: string;
  ticketId: number | null;
  holderVersion: number | null;
  duplicate: boolean;
  ticket: { id: number; holderVersion: number; status: string } | null;
}

describe('door check-in calls', () => {
  const clock = testClock(new Date('2026-11-24T20:00:00.000Z'));
  let t: TestApp;
  let producer: TestCustomer;
  let rival: TestCustomer;
  let customer: TestCustomer;
  let eventId: number;
  let rivalEventId: number;
  let tickets: number[];
  let rivalTickets: number[];

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    const db = t.database.db;
    producer = await createCustomer(db, { email: 'produtor@example.com', isadmin: '1' });
    rival = await createCustomer(db, { email: 'outro-produtor@example.com', isadmin: '1' });
    customer = await createCustomer(db, { email: 'cliente@example.com' });
    eventId = (await createEvent(db, festivalInput('festival-portaria', producer.id))).id;
    rivalEventId = (await createEvent(db, festivalInput('festival-rival', rival.id))).id;
    // Door day: the event starts in an hour, so its doors are open (docs/check-in.md).
    await db.execute(
      sql`UPDATE events SET starts_at = ${new Date(clock.now().getTime() + 3_600_000)},
            ends_at = ${new Date(clock.now().getTime() + 11 * 3_600_000)} WHERE id = ${eventId}`,
    );
    tickets = await issueTickets(db, eventId, 40);
    rivalTickets = await issueTickets(db, rivalEventId, 2);
  });
  afterAll(() => t.close());

  const base = (id = eventId) => `/check-in/events/${id}`;
  const manifest = (who: TestCustomer | null, query = '', id = eventId) =>
    t.app.inject({ url: `${base(id)}/manifest${query}`, headers: who ? bearer(who.token) : {} });
  const scan = (
    who: TestCustomer | null,
    payload: string,
    options: { nonce?: string; deviceId?: string; id?: number } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${base(options.id)}/scan`,
      headers: who ? bearer(who.token) : {},
      payload: { nonce: options.nonce ?? nonce(), deviceId: options.deviceId ?? 'porta-principal', payload },
    });
  const upload = (who: TestCustomer | null, deviceId: string, scans: unknown[], id = eventId) =>
    t.app.inject({
      method: 'POST',
      url: `${base(id)}/scans`,
      headers: who ? bearer(who.token) : {},
      payload: { deviceId, scans },
    });
  const report = (who: TestCustomer | null, id = eventId) =>
    t.app.inject({ url: `${base(id)}/conflicts`, headers: who ? bearer(who.token) : {} });
  const statusOf = async (ticketId: number) =>
    (await selectOne<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM tickets WHERE id = ${ticketId}`,
    ))!.status;
  const payloadOf = (ticketId: number, holderVersion = 1, at = clock.now()) =>
    ticketPayload(t.database.db, { eventId, id: ticketId, holderVersion }, at);

  it("answers 401 without a session, 403 to a customer, 404 for another organisation's event and for no event", async () => {
    const payload = await payloadOf(tickets[0]!);
    const calls = (who: TestCustomer | null, id: number) => [
      manifest(who, '', id),
      scan(who, payload, { id }),
      upload(who, 'porta-principal', [], id),
      report(who, id),
    ];
    for (const res of await Promise.all(calls(null, eventId))) expect(res.statusCode).toBe(401);
    for (const res of await Promise.all(calls(customer, eventId))) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'forbidden',
        message: 'Apenas o produtor do evento pode fazer o check-in.',
      });
    }
    // A producer of another organisation learns no more than about an event that does not exist.
    for (const res of await Promise.all([...calls(producer, 999_999), ...calls(rival, eventId)])) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Evento não encontrado.');
    }
    // Nothing was recorded and the ticket is untouched.
    expect(await statusOf(tickets[0]!)).toBe('valid');
  });

  it('sends the manifest in pages with the event key, then only what changed after the cursor', async () => {
    const first = await manifest(producer, '?limit=25');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page1 = first.json();
    expect(page1.event).toMatchObject({ id: eventId, name: 'Festival de Teste' });
    expect(Buffer.from(page1.eventKey, 'base64url')).toEqual(
      Buffer.from(await eventKey(t.database.db, eventId)),
    );
    expect(page1.tickets).toHaveLength(25);
    expect(page1.more).toBe(true);
    expect(page1.serverTime).toBe(clock.now().toISOString());
    const page2 = (await manifest(producer, `?limit=25&cursor=${page1.cursor}`)).json();
    expect(page2.more).toBe(false);
    const ids = [...page1.tickets, ...page2.tickets].map(([id]: [number]) => id);
    expect(ids).toEqual(tickets);
    expect(page1.tickets[0]).toEqual([tickets[0], 1, 'valid']);
    // The rival's tickets never appear.
    expect(ids).not.toContain(rivalTickets[0]);

    // The tickets were written just now, inside the re-read window: the last cursor stays
    // behind them, so a sync sends them again rather than risk missing a late commit.
    const again = (await manifest(producer, `?cursor=${page2.cursor}`)).json();
    expect(again.tickets.length).toBeGreaterThan(0);

    // Tickets older than the window are not sent again; a change brings back just that one.
    await t.database.db.execute(
      sql`UPDATE tickets SET updated_at = now() - interval '1 hour' WHERE event_id = ${eventId}`,
    );
    const settled = (await manifest(producer)).json();
    const quiet = (await manifest(producer, `?cursor=${settled.cursor}`)).json();
    expect(quiet.tickets).toEqual([]);
    await t.database.db.execute(sql`UPDATE tickets SET status = 'cancelled' WHERE id = ${tickets[39]!}`);
    await t.database.db.execute(
      sql`UPDATE tickets SET holder_version = holder_version + 1 WHERE id = ${tickets[38]!}`,
    );
    const delta = (await manifest(producer, `?cursor=${quiet.cursor}`)).json();
    expect(delta.tickets).toEqual([
      [tickets[39], 1, 'cancelled'],
      [tickets[38], 2, 'valid'],
    ]);
  });

  it('refuses a malformed cursor with 400 in pt-BR', async () => {
    for (const cursor of ['abc', '1.2.3', '1.99999999999']) {
      const res = await manifest(producer, `?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Cursor de sincronização inválido.');
    }
  });

  it('decides online scans by the decision table and admits a ticket once', async () => {
    const ticket = tickets[0]!;
    const payload = await payloadOf(ticket);
    const scanNonce = nonce();
    const first = await scan(producer, payload, { nonce: scanNonce });
    expect(first.statusCode).toBe(200);
    expect(first.json<ScanAnswer>()).toEqual({
      verdict: 'admitted',
      admitted: true,
      message: 'Entrada liberada',
      ticketId: ticket,
      holderVersion: 1,
      duplicate: false,
      ticket: { id: ticket, holderVersion: 1, status: 'used' },
    });
    expect(await statusOf(ticket)).toBe('used');
    // The same nonce again (a retried request) answers the recorded decision.
    const retried = (await scan(producer, payload, { nonce: scanNonce })).json<ScanAnswer>();
    expect(retried).toMatchObject({ verdict: 'admitted', admitted: true, duplicate: true });
    // A second scan of the same ticket is refused.
    const second = (await scan(producer, payload)).json<ScanAnswer>();
    expect(second).toMatchObject({
      verdict: 'already_used',
      admitted: false,
      message: 'Ingresso já utilizado',
    });

    const rivalPayload = await ticketPayload(
      t.database.db,
      { eventId: rivalEventId, id: rivalTickets[0]! },
      clock.now(),
    );
    expect((await scan(producer, rivalPayload)).json().verdict).toBe('wrong_event');
    expect((await scan(producer, 'não é um ingresso')).json()).toMatchObject({
      verdict: 'unreadable',
      message: 'Código não reconhecido',
    });
    // A code from two minutes ago (a screenshot) and a made-up code.
    const stale = await payloadOf(tickets[1]!, 1, new Date(clock.now().getTime() - 120_000));
    expect((await scan(producer, stale)).json().verdict).toBe('invalid_code');
    expect((await scan(producer, `PLT1.${tickets[1]}.1.000000`)).json().verdict).toBe(
      (await payloadOf(tickets[1]!)).endsWith('.000000') ? 'admitted' : 'invalid_code',
    );
    // Ticket 38 changed hands in the manifest test: its version-1 code is dead, version 2 works.
    expect((await scan(producer, await payloadOf(tickets[38]!, 1))).json().verdict).toBe('old_code');
    expect((await scan(producer, await payloadOf(tickets[38]!, 2))).json().verdict).toBe('admitted');
    expect((await scan(producer, await payloadOf(tickets[39]!))).json()).toMatchObject({
      verdict: 'cancelled',
      message: 'Ingresso cancelado',
    });
    for (const [status, verdict] of [
      ['transferred', 'transferred'],
      ['resold', 'resold'],
    ] as const) {
      const id = tickets[status === 'transferred' ? 2 : 3]!;
      await t.database.db.execute(sql`UPDATE tickets SET status = ${status} WHERE id = ${id}`);
      expect((await scan(producer, await payloadOf(id))).json().verdict).toBe(verdict);
    }
    // The scanner's clock does not matter online: the server checks codes with its own.
    clock.advance(60_000);
    expect(
      (await scan(producer, await payloadOf(tickets[4]!, 1, new Date(clock.now().getTime() - 60_000)))).json()
        .verdict,
    ).toBe('invalid_code');
    expect((await scan(producer, await payloadOf(tickets[4]!))).json().verdict).toBe('admitted');
  });

  it('admits exactly one of many simultaneous online scans of one ticket', async () => {
    const ticket = tickets[5]!;
    const payload = await payloadOf(ticket);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        scan(producer, payload, { deviceId: `porta-lateral-${index}` }),
      ),
    );
    const verdicts = answers.map((res) => res.json<ScanAnswer>().verdict);
    expect(verdicts.filter((verdict) => verdict === 'admitted')).toHaveLength(1);
    expect(verdicts.filter((verdict) => verdict === 'already_used')).toHaveLength(11);
    const recorded = await selectRows<{ admitted: boolean }>(
      t.database.db,
      sql`SELECT admitted FROM check_in_scans WHERE ticket_id = ${ticket}`,
    );
    expect(recorded).toHaveLength(12);
    expect(recorded.filter((row) => row.admitted)).toHaveLength(1);
  });

  it('records offline uploads once per nonce, keeps double admissions and reports them', async () => {
    const doubled = tickets[10]!;
    const at = '2026-11-24T20:05:00.000Z';
    // An admission carries the code that was scanned, at its time: the server checks it again.
    const codeAt = async (ticketId: number, when: string, holderVersion = 1) =>
      (await payloadOf(ticketId, holderVersion, new Date(when))).split('.')[3];
    const fromA = [
      {
        nonce: nonce(),
        ticketId: doubled,
        holderVersion: 1,
        verdict: 'admitted',
        code: await codeAt(doubled, at),
        scannedAt: at,
      },
      {
        nonce: nonce(),
        ticketId: tickets[11]!,
        holderVersion: 1,
        verdict: 'admitted',
        code: await codeAt(tickets[11]!, at),
        scannedAt: at,
      },
      { nonce: nonce(), verdict: 'unreadable', scannedAt: at },
    ];
    const fromB = [
      {
        nonce: nonce(),
        ticketId: doubled,
        holderVersion: 1,
        verdict: 'admitted',
        code: await codeAt(doubled, '2026-11-24T20:06:00.000Z'),
        scannedAt: '2026-11-24T20:06:00.000Z',
      },
    ];
    const a = await upload(producer, 'porta-norte', fromA);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ recorded: 3, duplicates: 0, refused: [] });
    expect(await statusOf(doubled)).toBe('used');
    expect(await statusOf(tickets[11]!)).toBe('used');
    expect((await upload(producer, 'porta-sul', fromB)).json()).toEqual({
      recorded: 1,
      duplicates: 0,
      refused: [],
    });
    // The same batch again (the answer was lost on the way back): nothing new.
    expect((await upload(producer, 'porta-norte', fromA)).json()).toEqual({
      recorded: 0,
      duplicates: 3,
      refused: [],
    });
    // An offline admission of a ticket already admitted online (ticket 0) is kept too.
    const late = {
      nonce: nonce(),
      ticketId: tickets[0]!,
      holderVersion: 1,
      verdict: 'admitted',
      code: await codeAt(tickets[0]!, at),
      scannedAt: at,
    };
    expect((await upload(producer, 'porta-sul', [late])).json()).toEqual({
      recorded: 1,
      duplicates: 0,
      refused: [],
    });

    // A scanner whose manifest predated a change of hands let the old holder's code in.
    await t.database.db.execute(sql`UPDATE tickets SET holder_version = 2 WHERE id = ${tickets[12]!}`);
    const stale = {
      nonce: nonce(),
      ticketId: tickets[12]!,
      holderVersion: 1,
      verdict: 'admitted',
      code: await codeAt(tickets[12]!, at),
      scannedAt: at,
    };
    expect((await upload(producer, 'porta-leste', [stale])).json()).toEqual({
      recorded: 1,
      duplicates: 0,
      refused: [],
    });

    const res = await report(producer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.staleAdmissions).toEqual([
      { ticketId: tickets[12], scannedVersion: 1, currentVersion: 2, deviceId: 'porta-leste', scannedAt: at },
    ]);
    const conflictIds = body.conflicts.map((conflict: { ticketId: number }) => conflict.ticketId);
    expect(conflictIds).toEqual(expect.arrayContaining([doubled, tickets[0]]));
    expect(conflictIds).not.toContain(tickets[11]);
    expect(conflictIds).not.toContain(tickets[5]);
    const doubledConflict = body.conflicts.find(
      (conflict: { ticketId: number }) => conflict.ticketId === doubled,
    );
    expect(doubledConflict).toMatchObject({
      holderEmail: expect.stringMatching(/^portador\d+@example\.com$/),
      ticketType: 'Pista',
      scans: [
        { deviceId: 'porta-norte', mode: 'offline', scannedAt: at },
        { deviceId: 'porta-sul', mode: 'offline', scannedAt: '2026-11-24T20:06:00.000Z' },
      ],
    });
    const onlineFirst = body.conflicts.find(
      (conflict: { ticketId: number }) => conflict.ticketId === tickets[0],
    );
    expect(onlineFirst.scans.map((s: { mode: string }) => s.mode)).toEqual(['online', 'offline']);
    expect(body.totals.unreadable).toBeGreaterThanOrEqual(2);
    expect(body.admittedTickets).toBeGreaterThanOrEqual(5);
    // An online scan after the upload sees the ticket used.
    expect((await scan(producer, await payloadOf(tickets[11]!))).json().verdict).toBe('already_used');
  });

  it('refuses bad uploads with 400 and never 500', async () => {
    const good = {
      nonce: nonce(),
      ticketId: tickets[20]!,
      holderVersion: 1,
      verdict: 'admitted',
      scannedAt: '2026-11-24T20:05:00.000Z',
    };
    for (const scans of [
      [{ ...good, nonce: 'não-é-uuid' }],
      [{ ...good, verdict: 'liberado' }],
      [{ ...good, scannedAt: 'ontem' }],
      [{ ...good, ticketId: 0 }],
      [{ ...good, extra: 1 }],
      Array.from({ length: 10_001 }, () => ({ ...good, nonce: nonce() })),
    ]) {
      const res = await upload(producer, 'porta-norte', scans);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation');
    }
    expect((await upload(producer, 'x', [good])).statusCode).toBe(400);
    expect((await scan(producer, '', {})).statusCode).toBe(400);
    expect((await scan(producer, 'PLT1.1.1.123456', { nonce: 'abc' })).statusCode).toBe(400);
    expect(await statusOf(tickets[20]!)).toBe('valid');
  });

  it('limits each session to 120 manifest reads a minute', async () => {
    const busy = await createCustomer(t.database.db, {
      email: 'produtor-apressado@example.com',
      isadmin: '1',
    });
    const own = (await createEvent(t.database.db, festivalInput('festival-apressado', busy.id))).id;
    const codes: number[] = [];
    for (let index = 0; index < 121; index++) codes.push((await manifest(busy, '?limit=1', own)).statusCode);
    expect(codes.slice(0, 120).every((code) => code === 200)).toBe(true);
    expect(codes[120]).toBe(429);
    // Another session is not held back by it.
    expect((await manifest(producer, '?limit=1')).statusCode).toBe(200);
  });

  it("lists a producer's own events with ticket counts, and refuses customers", async () => {
    expect((await t.app.inject({ url: '/check-in/events' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/check-in/events', headers: bearer(customer.token) })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ url: '/check-in/events', headers: bearer(producer.token) });
    expect(res.statusCode).toBe(200);
    const events = res.json().events as { id: number; tickets: number; used: number }[];
    expect(events.map((event) => event.id)).toEqual([eventId]);
    expect(events[0]).toMatchObject({ tickets: 40, name: 'Festival de Teste' });
    const used = await selectOne<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM tickets WHERE event_id = ${eventId} AND status = 'used'`,
    );
    expect(events[0]!.used).toBe(used!.count);
    expect(used!.count).toBeGreaterThan(0);
  });

  it('documents every route in /openapi.json', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    expect(doc.paths['/check-in/events']?.get?.security).toEqual([{ bearer: [] }]);
    for (const [path, method] of [
      ['/check-in/events/{eventId}/manifest', 'get'],
      ['/check-in/events/{eventId}/scan', 'post'],
      ['/check-in/events/{eventId}/scans', 'post'],
      ['/check-in/events/{eventId}/conflicts', 'get'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '401', '403', '404', '429']),
      );
    }
  });
});
