import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import { addressKey } from '../../src/seat-hold/hold-limits.ts';
import {
  createCustomer,
  newSessionId,
  sectionSeatIds,
  type TestCustomer,
  theatreInput,
} from '../catalogue/fixtures.ts';
import { bearer, createCustomer as createAccount } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const HOLDER_CAP =
  'Você já está segurando 4 assentos neste evento. Finalize a compra ou libere algum assento.';
const ADDRESS_CAP =
  'Muitos assentos estão reservados a partir da sua conexão para este evento. Entre na sua conta ou tente mais tarde.';
const TIME_CAP =
  'O tempo máximo de reserva deste assento terminou. Finalize a compra ou escolha outro assento.';

describe('seat holds are capped per holder, per address and in time', () => {
  let t: TestApp;
  let theatre: CreatedEvent;
  let seats: number[];
  let ana: TestCustomer;
  let next = 0;
  const take = (n: number) => {
    const taken = seats.slice(next, next + n);
    next += n;
    return taken;
  };

  const hold = (
    seatIds: number[],
    sessionId: string,
    options: { ip?: string; token?: string; holdSeconds?: number } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/seat/hold',
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      payload: { eventId: theatre.id, seatIds, sessionId, holdSeconds: options.holdSeconds ?? 600 },
    });

  beforeAll(async () => {
    t = await createTestApp({
      seatHoldLimits: { seatsPerHolder: 4, seatsPerAddress: 6, secondsPerSeat: 1800, holdsPerMinute: 1000 },
    });
    theatre = await createEvent(t.database.db, theatreInput('teatro-limites'));
    seats = [
      ...(await sectionSeatIds(t.database.db, theatre.sections[0]!.id)),
      ...(await sectionSeatIds(t.database.db, theatre.sections[1]!.id)),
    ];
    ana = await createCustomer(t.database.db, 'ana.limites@teste.dev');
  });
  afterAll(() => t.close());

  it('caps the seats one visitor session holds on an event; a refresh is not counted twice', async () => {
    const session = newSessionId();
    const mine = take(4);
    expect((await hold(mine, session, { ip: '198.51.100.1' })).statusCode).toBe(200);
    expect((await hold(mine, session, { ip: '198.51.100.1' })).statusCode).toBe(200);
    const fifth = await hold(take(1), session, { ip: '198.51.100.1' });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({ success: false, error: 'hold_limit', message: HOLDER_CAP });
  });

  it('caps what one address holds without an account, however many sessions it invents', async () => {
    const ip = '198.51.100.2';
    for (let i = 0; i < 3; i++) expect((await hold(take(2), newSessionId(), { ip })).statusCode).toBe(200);
    const seventh = await hold(take(1), newSessionId(), { ip });
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json().message).toBe(ADDRESS_CAP);
    // Another address, and a logged-in customer behind the same address, still hold.
    expect((await hold(take(1), newSessionId(), { ip: '198.51.100.3' })).statusCode).toBe(200);
    expect((await hold(take(1), newSessionId(), { ip, token: ana.token })).statusCode).toBe(200);
  });

  it('counts an account across its sessions', async () => {
    const seatsNow = take(5);
    // Ana already holds one seat (from another session): four more would make five.
    expect((await hold(seatsNow.slice(0, 4), newSessionId(), { token: ana.token })).statusCode).toBe(409);
    expect((await hold(seatsNow.slice(0, 3), newSessionId(), { token: ana.token })).statusCode).toBe(200);
    const over = await hold(seatsNow.slice(4, 5), newSessionId(), { token: ana.token });
    expect(over.json().message).toBe(HOLDER_CAP);
  });

  it('ends one holder’s time on a seat after 30 minutes, refreshes and re-holds included', async () => {
    const session = newSessionId();
    const [seat] = take(1);
    const ip = '198.51.100.9';
    expect((await hold([seat!], session, { ip })).statusCode).toBe(200);
    const firstHeld = (minutesAgo: number) =>
      t.database.db.execute(
        sql`UPDATE seat_hold_usage SET first_held_at = now() - make_interval(mins => ${minutesAgo}::int)
            WHERE seat_id = ${seat!}`,
      );
    // 25 minutes in: a refresh asking for 30 more gets the 5 that are left.
    await firstHeld(25);
    expect((await hold([seat!], session, { ip, holdSeconds: 1800 })).statusCode).toBe(200);
    const left = await selectOne<{ seconds: number }>(
      t.database.db,
      sql`SELECT extract(epoch FROM held_until - now())::int AS seconds FROM seats WHERE id = ${seat!}`,
    );
    expect(left!.seconds).toBeLessThanOrEqual(600);
    // Past 30 minutes: no refresh, and releasing then holding again does not start over.
    await firstHeld(31);
    const refused = await hold([seat!], session, { ip });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TIME_CAP);
    await t.app.inject({
      method: 'POST',
      url: '/seat/release',
      payload: { eventId: theatre.id, seatIds: [seat!], sessionId: session },
    });
    expect((await hold([seat!], session, { ip })).json().message).toBe(TIME_CAP);
    // Someone else may take the seat.
    expect((await hold([seat!], newSessionId(), { ip: '198.51.100.10' })).statusCode).toBe(200);
  });

  it('takes an IPv6 client’s /64 as its address', () => {
    expect(addressKey('2001:db8:abcd:12:1::5')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:db8:abcd:12:ffff::9')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('seat hold calls are rate limited per holder', () => {
  let t: TestApp;
  let theatre: CreatedEvent;
  beforeAll(async () => {
    t = await createTestApp({
      seatHoldLimits: { seatsPerHolder: 12, seatsPerAddress: 40, secondsPerSeat: 1800, holdsPerMinute: 3 },
    });
    theatre = await createEvent(t.database.db, theatreInput('teatro-ritmo'));
  });
  afterAll(() => t.close());

  it('answers 429 past the per-minute limit', async () => {
    const [seat] = await sectionSeatIds(t.database.db, theatre.sections[0]!.id);
    const session = newSessionId();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/seat/hold',
        payload: { eventId: theatre.id, seatIds: [seat], sessionId: session },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts calls that carry a queue pass too, before the pass is read', async () => {
    const [, , seat] = await sectionSeatIds(t.database.db, theatre.sections[0]!.id);
    const session = newSessionId();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/seat/hold',
        remoteAddress: '198.51.100.77',
        headers: { 'x-queue-pass': 'passe-qualquer' },
        payload: { eventId: theatre.id, seatIds: [seat], sessionId: session },
      });
      statuses.push(res.statusCode);
    }
    // The event has no queue, so the pass is not needed; the fourth call is past the limit.
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts an invented token as its address, and a signed-in session on its own', async () => {
    const [, seat] = await sectionSeatIds(t.database.db, theatre.sections[0]!.id);
    const session = newSessionId();
    const hold = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/seat/hold',
        remoteAddress: '198.51.100.23',
        headers,
        payload: { eventId: theatre.id, seatIds: [seat], sessionId: session },
      });
    // Each made-up bearer string used to open a fresh bucket: now they all share the address's.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await hold({ authorization: `Bearer ${randomBytes(32).toString('base64url')}` })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A real session is counted by itself, from the same address.
    const ana = await createAccount(t.database.db, { email: 'ana-limite@example.com' });
    expect((await hold(bearer(ana.token))).statusCode).not.toBe(429);
  });
});
