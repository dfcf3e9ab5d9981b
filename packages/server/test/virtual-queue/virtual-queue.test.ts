import { createHash } from 'node:crypto';
import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { shuffledOrder } from '@plateia/core/rules/queue-order';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import {
  createCustomer,
  festivalInput,
  newSessionId,
  post,
  type TestCustomer,
} from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { cpfFrom, HOUR, makeHighDemand } from './support.ts';

describe('virtual queue: fair order, one place per CPF, passes bound to event and time', () => {
  const clock = testClock();
  let t: TestApp;
  let festival: CreatedEvent;
  let other: CreatedEvent;
  const buyers: TestCustomer[] = [];
  let twin: TestCustomer;
  let noCpf: TestCustomer;
  let late: TestCustomer;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const setCpf = (customer: TestCustomer, cpf: string) =>
    t.database.db.execute(sql`UPDATE customers SET cpfnpj = ${cpf} WHERE id = ${customer.id}`);
  const join = (customer: TestCustomer, eventId = festival.id) =>
    post(t.app, `/queue/${eventId}/join`, {}, customer.auth);
  const me = async (customer: TestCustomer, eventId = festival.id) =>
    (await get(`/queue/${eventId}/me`, customer.auth)).body;
  const reserve = (customer: TestCustomer, pass?: string | null, eventId = festival.id) =>
    post(
      t.app,
      '/cart/reserve',
      {
        user: customer.id,
        event_id: eventId,
        sessionId: newSessionId(),
        products: [],
        tickets: [{ tk_id: eventId === festival.id ? festival.lotIds[1] : other.lotIds[1], tk_qtd: 1 }],
      },
      { ...customer.auth, ...(pass ? { 'x-queue-pass': pass } : {}) },
    );

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    const db = t.database.db;
    festival = await createEvent(db, festivalInput('festival-fila'));
    other = await createEvent(db, festivalInput('outro-festival-fila'));
    await makeHighDemand(db, festival.id, clock.now(), HOUR, 3);
    await makeHighDemand(db, other.id, clock.now(), -HOUR, 5);
    for (let i = 0; i < 8; i++) {
      const customer = await createCustomer(db, `fila${i}@teste.dev`);
      await setCpf(customer, cpfFrom(100_000_000 + i * 7919));
      buyers.push(customer);
    }
    twin = await createCustomer(db, 'gemeo@teste.dev');
    noCpf = await createCustomer(db, 'sem.cpf@teste.dev');
    late = await createCustomer(db, 'atrasado@teste.dev');
    await setCpf(late, cpfFrom(123_456_780));
  });
  afterAll(() => t.close());

  it('publishes the commitment before the sale and keeps the seed secret', async () => {
    const state = await get(`/queue/${festival.id}`);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ phase: 'open', seed: null, checkoutCapacity: 3 });
    expect(state.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await get(`/queue/${festival.id}/verification`)).body).toMatchObject({ seed: null, order: [] });
  });

  it('asks for a CPF, and keeps one entry per account and per CPF', async () => {
    const refused = await join(noCpf);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'cpf_required', message: QUEUE_MESSAGES.cpfRequired });
    for (const buyer of buyers) expect((await join(buyer)).status).toBe(200);
    const first = await me(buyers[0]!);
    expect(first).toMatchObject({ status: 'waiting', preQueue: true, place: null });
    // Many tabs: the same entry.
    const again = await join(buyers[0]!);
    expect(again.body.publicId).toBe(first.publicId);
    // A CPF is on one account at a time: the twin cannot take buyer 0's while buyer 0 has it.
    const taken = await post(
      t.app,
      '/customer/edit',
      { id: twin.id, cpfnpj: cpfFrom(100_000_000) },
      twin.auth,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('cpf_taken');
    // Once buyer 0 moves to another number the twin may have it, but its place here is taken.
    await setCpf(buyers[0]!, cpfFrom(199_999_999));
    await setCpf(twin, cpfFrom(100_000_000));
    const twinJoin = await join(twin);
    expect(twinJoin.status).toBe(409);
    expect(twinJoin.body).toEqual({ error: 'cpf_taken', message: QUEUE_MESSAGES.cpfTaken });
    const count = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM virtual_queue_entries WHERE event_id = ${festival.id}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(8);
  });

  it('refuses to sell before admission: the reservation needs a pass', async () => {
    const res = await reserve(buyers[0]!);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'queue_pass_required', message: QUEUE_MESSAGES.passRequired });
    const hold = await post(t.app, '/seat/hold', {
      eventId: festival.id,
      seatIds: [1],
      holdSeconds: 600,
      sessionId: newSessionId(),
    });
    expect(hold.status).toBe(403);
  });

  it('orders the pre-queue by the published seed at the start, and anyone can recompute it', async () => {
    const before = (await get(`/queue/${festival.id}`)).body.commitment as string;
    clock.advance(HOUR + 1000);
    await runDueJobs(t.app, { scheduled: true, includeDeferred: true });
    const verification = (await get(`/queue/${festival.id}/verification`)).body;
    expect(verification.commitment).toBe(before);
    expect(createHash('sha256').update(Buffer.from(verification.seed, 'hex')).digest('hex')).toBe(before);
    expect(verification.order).toHaveLength(8);
    // The browser's recomputation (Web Crypto, core) gives the published order.
    expect(await shuffledOrder(verification.seed, [...verification.order].sort())).toEqual(
      verification.order,
    );
    for (const buyer of buyers) {
      const view = await me(buyer);
      expect(verification.order.indexOf(view.publicId) + 1).toBe(view.place);
    }
    const late1 = await join(late);
    expect(late1.body).toMatchObject({ preQueue: false, place: 9, status: 'waiting' });
  });

  it('admits as many as the checkout capacity has free, and passes work only for their holder and event', async () => {
    const views = await Promise.all(buyers.map((buyer) => me(buyer)));
    const admitted = views.filter((view) => view.status === 'admitted');
    expect(admitted.map((view) => view.place).sort()).toEqual([1, 2, 3]);
    const waiting = views.filter((view) => view.status === 'waiting');
    expect(waiting.map((view) => view.ahead).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(waiting.every((view) => view.pass === null && view.estimatedWaitSeconds > 0)).toBe(true);
    expect((await get(`/queue/${festival.id}`)).body).toMatchObject({ admittedThrough: 3, waiting: 6 });

    const first = buyers[views.findIndex((view) => view.place === 1)]!;
    const second = buyers[views.findIndex((view) => view.place === 2)]!;
    const firstPass = views.find((view) => view.place === 1)!.pass as string;
    const waiter = buyers[views.findIndex((view) => view.place === 4)]!;
    // Someone else's pass, a waiting buyer using it, a forged one.
    expect((await reserve(second, firstPass)).body.error).toBe('queue_pass_invalid');
    expect((await reserve(waiter, firstPass)).status).toBe(403);
    expect((await reserve(first, `${firstPass.slice(0, -4)}AAAA`)).body.error).toBe('queue_pass_invalid');
    // A pass for this event refused on another high-demand event.
    const onB = await reserve(first, firstPass, other.id);
    expect(onB.status).toBe(403);
    expect(onB.body).toEqual({ error: 'queue_pass_invalid', message: QUEUE_MESSAGES.passInvalid });
    // Its holder buys.
    const bought = await reserve(first, firstPass);
    expect(bought.status).toBe(200);
    const pix = await post(t.app, '/payments/pix', { orderId: bought.body.order.id }, first.auth);
    expect(pix.status).toBe(403);
    expect(pix.body.error).toBe('queue_pass_required');

    // Capacity is full (2 unused passes + 1 reservation): nobody else gets in.
    await runDueJobs(t.app, { includeDeferred: true });
    expect((await me(waiter)).status).toBe('waiting');
  });

  it('refuses an expired pass and lets the next ones in as capacity frees', async () => {
    const views = await Promise.all(buyers.map((buyer) => me(buyer)));
    const second = buyers[views.findIndex((view) => view.place === 2)]!;
    const secondPass = views.find((view) => view.place === 2)!.pass as string;
    clock.advance(11 * 60 * 1000);
    const expired = await reserve(second, secondPass);
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ error: 'queue_pass_expired', message: QUEUE_MESSAGES.passExpired });
    expect((await me(second)).status).toBe('expired');
    // Two passes lapsed unused; the reservation still holds its slot: places 4 and 5 get in.
    await runDueJobs(t.app, { includeDeferred: true });
    const after = await Promise.all(buyers.map((buyer) => me(buyer)));
    const admittedPlaces = after.filter((view) => view.status === 'admitted').map((view) => view.place);
    expect(admittedPlaces.sort()).toEqual([4, 5]);
    // The one whose pass lapsed may join again, at the back.
    const [rejoined, again] = await Promise.all([join(second), join(second)]);
    expect(rejoined.body).toMatchObject({ status: 'waiting', place: 10 });
    expect(again.body).toMatchObject({ status: 'waiting', place: 10 });
    expect((await get(`/queue/${festival.id}`)).body.waiting).toBe(5);
  });

  it('answers 404 for an event without a queue and 400 for a bad id', async () => {
    const plain = await createEvent(t.database.db, festivalInput('sem-fila'));
    expect((await get(`/queue/${plain.id}`)).status).toBe(404);
    expect((await join(buyers[0]!, plain.id)).body.error).toBe('no_queue');
    expect((await get('/queue/abc')).status).toBe(400);
    expect((await get('/queue/99999999999')).status).toBe(400);
    // Without a queue the reservation needs no pass.
    expect((await reserve(buyers[0]!, null, plain.id)).status).not.toBe(403);
  });
});
