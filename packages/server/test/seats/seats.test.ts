import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import {
  createCustomer,
  expireEverything,
  festivalInput,
  newSessionId,
  post,
  sectionSeatIds,
  type TestCustomer,
  theatreInput,
} from '../catalogue/fixtures.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const TAKEN = 'Este assento acabou de ser reservado por outra pessoa';

describe('seats', () => {
  let t: TestApp;
  let theatre: CreatedEvent;
  let festival: CreatedEvent;
  let producer: TestCustomer;
  let buyer: TestCustomer;
  let seatsA: number[];
  let seatsBalcony: number[];

  beforeAll(async () => {
    t = await createTestApp();
    producer = await createCustomer(t.database.db, 'produtor@teste.dev', '1');
    buyer = await createCustomer(t.database.db, 'cliente@teste.dev');
    theatre = await createEvent(t.database.db, theatreInput('teatro', producer.id));
    festival = await createEvent(t.database.db, festivalInput('festival', producer.id));
    seatsA = await sectionSeatIds(t.database.db, theatre.sections[0]!.id);
    seatsBalcony = await sectionSeatIds(t.database.db, theatre.sections[1]!.id);
  });
  afterAll(() => t.close());

  const status = async (seatIds: number[] | null, sessionId?: string) => {
    const query = new URLSearchParams({ eventId: String(theatre.id) });
    if (seatIds) query.set('seatIds', seatIds.join(','));
    if (sessionId) query.set('sessionId', sessionId);
    const res = await t.app.inject({ method: 'GET', url: `/seat/status?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as Record<string, string>;
  };
  const hold = (seatIds: number[], sessionId: string, holdSeconds?: number) =>
    post(t.app, '/seat/hold', {
      eventId: theatre.id,
      seatIds,
      sessionId,
      ...(holdSeconds ? { holdSeconds } : {}),
    });

  describe('maps', () => {
    it('serves a compact map: sections with columnar rows, tables with their seats, lots and prices', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/seat/maps/${theatre.id}` });
      expect(res.statusCode).toBe(200);
      const map = res.json();
      expect(map).toMatchObject({ eventId: theatre.id, seatCount: 15 + 8 + 8, inline: true });
      expect(map.sections.map((section: { name: string }) => section.name)).toEqual([
        'Plateia A',
        'Balcão',
        'Mesas',
      ]);
      const plateia = map.sections[0];
      expect(plateia.rows.map((row: { label: string }) => row.label)).toEqual(['A', 'B', 'C']);
      expect(plateia.rows[0].ids).toEqual(seatsA.slice(0, 5));
      expect(plateia.rows[0].n).toEqual(['1', '2', '3', '4', '5']);
      expect(plateia.rows[0].x).toHaveLength(5);
      expect(plateia.priceFromCents).toBe(7_500);
      expect(plateia.ticketTypeIds).toEqual(theatre.sections[0]!.lotIds);
      const tables = map.sections[2];
      expect(tables.kind).toBe('tables');
      expect(tables.tables).toHaveLength(2);
      expect(tables.tables[0].seatIds).toHaveLength(4);
      expect(res.headers['cache-control']).toContain('max-age');
      expect(res.headers.etag).toMatch(/^"/);
    });

    it('sends the map gzip-compressed to clients that accept it', async () => {
      const plain = await t.app.inject({ method: 'GET', url: `/seat/maps/${theatre.id}` });
      const zipped = await t.app.inject({
        method: 'GET',
        url: `/seat/maps/${theatre.id}`,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    });

    it('answers 304 to a matching If-None-Match, and a new ETag after a layout change', async () => {
      const first = await t.app.inject({ method: 'GET', url: `/seat/maps/${theatre.id}` });
      const again = await t.app.inject({
        method: 'GET',
        url: `/seat/maps/${theatre.id}`,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await t.database.db.execute(
        sql`UPDATE seat_sections SET name = 'Plateia Central' WHERE id = ${theatre.sections[0]!.id}`,
      );
      await t.database.db.execute(
        sql`UPDATE events SET seat_map_version = seat_map_version + 1 WHERE id = ${theatre.id}`,
      );
      const changed = await t.app.inject({
        method: 'GET',
        url: `/seat/maps/${theatre.id}`,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
      expect(changed.json().sections[0].name).toBe('Plateia Central');
    });

    it('serves a section as a submap, and 404 for another event or no map', async () => {
      const sectionId = theatre.sections[1]!.id;
      const res = await t.app.inject({ method: 'GET', url: `/seat/maps/${theatre.id}/submap/${sectionId}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().rows.flatMap((row: { ids: number[] }) => row.ids)).toEqual(seatsBalcony);
      const wrong = await t.app.inject({
        method: 'GET',
        url: `/seat/maps/${festival.id}/submap/${sectionId}`,
      });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe('Setor não encontrado.');
      const none = await t.app.inject({ method: 'GET', url: `/seat/maps/${festival.id}` });
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('Este evento não tem mapa de assentos.');
      expect((await t.app.inject({ method: 'GET', url: '/seat/maps/abc' })).statusCode).toBe(400);
    });

    it('prices a section with its lots', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/seat/sections/${theatre.sections[0]!.id}/pricing`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: expect.any(String),
        priceFromCents: 7_500,
        ticketTypes: [
          { name: 'Plateia A - Inteira', priceCents: 15_000 },
          { name: 'Plateia A - Meia-entrada', priceCents: 7_500 },
        ],
      });
      expect((await t.app.inject({ method: 'GET', url: '/seat/sections/999999/pricing' })).statusCode).toBe(
        404,
      );
    });
  });

  describe('holds and statuses', () => {
    it('holds all seats or none, answering 409 with the spec message when one is taken', async () => {
      const alice = newSessionId();
      const bob = newSessionId();
      const [s1, s2, s3] = seatsA;
      expect((await hold([s1!, s2!], alice)).body).toMatchObject({ success: true });
      const clash = await hold([s2!, s3!], bob);
      expect(clash.status).toBe(409);
      expect(clash.body).toMatchObject({ success: false, message: TAKEN });
      // All or nothing: the free seat of the refused request was not held.
      expect(await status([s1!, s2!, s3!], bob)).toEqual({
        [s1!]: 'held',
        [s2!]: 'held',
        [s3!]: 'available',
      });
      expect(await status([s1!, s3!], alice)).toEqual({ [s1!]: 'held_by_you', [s3!]: 'available' });
    });

    it('lets only the holding session extend a hold, never shortening it', async () => {
      const alice = newSessionId();
      const seat = seatsA[5]!;
      await hold([seat], alice, 900);
      const before = await heldUntil(seat);
      expect((await hold([seat], alice, 60)).status).toBe(200);
      expect((await heldUntil(seat)).getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect((await hold([seat], alice, 1800)).status).toBe(200);
      expect((await heldUntil(seat)).getTime()).toBeGreaterThan(before.getTime());
      expect((await hold([seat], newSessionId())).status).toBe(409);
    });

    it('frees an expired hold with no sweeper: the next session takes it', async () => {
      const alice = newSessionId();
      const bob = newSessionId();
      const seat = seatsA[6]!;
      await hold([seat], alice);
      await t.database.db.execute(
        sql`UPDATE seats SET held_until = now() - interval '1 second' WHERE id = ${seat}`,
      );
      expect((await status([seat], bob))[seat]).toBe('available');
      expect((await hold([seat], bob)).status).toBe(200);
      expect((await status([seat], alice))[seat]).toBe('held');
    });

    it('releases only the asking session’s holds', async () => {
      const alice = newSessionId();
      const seat = seatsA[7]!;
      await hold([seat], alice);
      const other = await post(t.app, '/seat/release', {
        eventId: theatre.id,
        seatIds: [seat],
        sessionId: newSessionId(),
      });
      expect(other.body.seatIds).toEqual([]);
      expect((await status([seat]))[seat]).toBe('held');
      const own = await post(t.app, '/seat/release', {
        eventId: theatre.id,
        seatIds: [seat],
        sessionId: alice,
      });
      expect(own.body).toMatchObject({ success: true, seatIds: [seat] });
      expect((await status([seat]))[seat]).toBe('available');
    });

    it('refuses sold seats and seats of another event', async () => {
      const seat = seatsA[8]!;
      await t.database.db.execute(sql`UPDATE seats SET state = 'sold' WHERE id = ${seat}`);
      expect((await hold([seat], newSessionId())).status).toBe(409);
      expect((await status([seat]))[seat]).toBe('sold');
      const wrongEvent = await post(t.app, '/seat/hold', {
        eventId: festival.id,
        seatIds: [seatsA[9]!],
        sessionId: newSessionId(),
      });
      expect(wrongEvent.status).toBe(409);
    });

    it('answers a sparse map of seats that are not available when no ids are given', async () => {
      const sparse = await status(null);
      expect(Object.values(sparse).every((value) => value !== 'available')).toBe(true);
      expect(sparse[String(seatsA[8])]).toBe('sold');
      expect(sparse[String(seatsA[0])]).toBe('held');
    });

    it('validates input with pt-BR messages', async () => {
      const noSession = await post(t.app, '/seat/hold', { eventId: theatre.id, seatIds: [seatsA[0]] });
      expect(noSession.status).toBe(400);
      expect(noSession.body.message).toBe('Campo obrigatório ausente: sessionId.');
      const empty = await post(t.app, '/seat/hold', {
        eventId: theatre.id,
        seatIds: [],
        sessionId: newSessionId(),
      });
      expect(empty.status).toBe(400);
      const tooLong = await post(t.app, '/seat/hold', {
        eventId: theatre.id,
        seatIds: [seatsA[0]],
        sessionId: newSessionId(),
        holdSeconds: 99_999,
      });
      expect(tooLong.status).toBe(400);
      const badIds = await t.app.inject({
        method: 'GET',
        url: `/seat/status?eventId=${theatre.id}&seatIds=1,x`,
      });
      expect(badIds.statusCode).toBe(400);
      expect(badIds.json().message).toBe('Dados do assento em formato inválido.');
    });
  });

  describe('POST /seat/checkout', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      eventId: theatre.id,
      seatSelections: [{ seat_id: seatsBalcony[0] }],
      customerInfo: { email: buyer.email },
      sessionId: 'sessao-checkout-1',
      ...overrides,
    });

    it('needs a login', async () => {
      const res = await post(t.app, '/seat/checkout', body());
      expect(res.status).toBe(401);
    });

    it('answers each missing field with its own pt-BR message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ eventId: undefined }, 'Evento não informado.'],
        [{ seatSelections: [] }, 'Nenhum assento selecionado.'],
        [{ customerInfo: {} }, 'Informe o e-mail do comprador.'],
        [{ customerInfo: { email: 'nao-e-email' } }, 'Endereço de e-mail inválido'],
        [{ sessionId: undefined }, 'Sessão não informada.'],
      ];
      for (const [overrides, message] of cases) {
        const res = await post(t.app, '/seat/checkout', body(overrides), buyer.auth);
        expect(res.status, message).toBe(400);
        expect(res.body).toEqual({ success: false, error: message, message });
      }
    });

    it('answers 403 with the spec message when the seats are not held by the session', async () => {
      const res = await post(t.app, '/seat/checkout', body(), buyer.auth);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(
        'Um ou mais assentos selecionados ficaram indisponíveis. Por favor, selecione outros assentos.',
      );
    });

    it('reserves held seats as an order that keeps them until its expiry', async () => {
      const sessionId = 'sessao-checkout-2';
      const seats = [seatsBalcony[1]!, seatsBalcony[2]!];
      await hold(seats, sessionId, 600);
      const res = await post(
        t.app,
        '/seat/checkout',
        body({ sessionId, seatSelections: seats.map((seat_id) => ({ seat_id })) }),
        buyer.auth,
      );
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ subtotalCents: 16_000, feeCents: 1_600, totalCents: 17_600 });
      const [row] = await selectRows<{ order_id: number; held_until: string; expires_at: string }>(
        t.database.db,
        sql`SELECT s.order_id, s.held_until, o.expires_at FROM seats s JOIN orders o ON o.id = s.order_id
            WHERE s.id = ${seats[0]!}`,
      );
      expect(row!.order_id).toBe(res.body.order.id);
      expect(new Date(row!.held_until).getTime()).toBe(new Date(row!.expires_at).getTime());
    });
  });

  describe('courtesy', () => {
    const seatBody = (seatId: number) => ({
      eventId: theatre.id,
      seatId,
      ticketTypeId: theatre.sections[1]!.lotIds[0],
      recipientInfo: { email: 'convidado@teste.dev', name: 'Convidado' },
    });

    it('lets only the event’s producer give a seat (401 without login, 403 otherwise)', async () => {
      expect((await post(t.app, '/seat/courtesy', seatBody(seatsBalcony[4]!))).status).toBe(401);
      const other = await post(t.app, '/seat/courtesy', seatBody(seatsBalcony[4]!), buyer.auth);
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('Apenas o produtor do evento pode emitir cortesias.');
      const ok = await post(t.app, '/seat/courtesy', seatBody(seatsBalcony[4]!), producer.auth);
      expect(ok.status).toBe(200);
      expect(ok.body.ticket).toMatchObject({ holderEmail: 'convidado@teste.dev', seatId: seatsBalcony[4] });
      expect((await status([seatsBalcony[4]!]))[seatsBalcony[4]!]).toBe('sold');
      const again = await post(t.app, '/seat/courtesy', seatBody(seatsBalcony[4]!), producer.auth);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Este assento não está mais disponível');
    });

    it('will not give a seat someone holds, nor with a lot of another section', async () => {
      await hold([seatsBalcony[5]!], newSessionId());
      expect((await post(t.app, '/seat/courtesy', seatBody(seatsBalcony[5]!), producer.auth)).status).toBe(
        409,
      );
      const wrongLot = await post(
        t.app,
        '/seat/courtesy',
        { ...seatBody(seatsBalcony[6]!), ticketTypeId: theatre.sections[0]!.lotIds[0] },
        producer.auth,
      );
      expect(wrongLot.status).toBe(400);
    });

    it('issues general-admission courtesy tickets from the lot’s stock, to the producer only', async () => {
      const ticketBody = (quantity: number) => ({
        eventId: festival.id,
        ticketTypeId: festival.lotIds[0],
        recipientInfo: { email: buyer.email },
        quantity,
      });
      expect((await post(t.app, '/ticket/courtesy', ticketBody(1), buyer.auth)).status).toBe(403);
      const ok = await post(t.app, '/ticket/courtesy', ticketBody(2), producer.auth);
      expect(ok.status).toBe(200);
      expect(ok.body.tickets).toHaveLength(2);
      const [owned] = await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM tickets WHERE customer_id = ${buyer.id} AND courtesy`,
      );
      expect(owned!.n).toBe(2);
      const tooMany = await post(t.app, '/ticket/courtesy', ticketBody(4), producer.auth);
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toBe(
        'A quantidade desejada para um dos ingressos selecionados não está mais disponível.',
      );
      const unknown = await post(
        t.app,
        '/ticket/courtesy',
        { ...ticketBody(1), eventId: 999_999 },
        producer.auth,
      );
      expect(unknown.status).toBe(404);
    });
  });

  it('expireEverything helper puts holds in the past (used by the cart tests)', async () => {
    await expireEverything(t.database.db, theatre.id);
    expect(Object.values(await status(seatsA)).filter((value) => value === 'held')).toEqual([]);
  });

  async function heldUntil(seat: number): Promise<Date> {
    const [row] = await selectRows<{ held_until: string }>(
      t.database.db,
      sql`SELECT held_until FROM seats WHERE id = ${seat}`,
    );
    return new Date(row!.held_until);
  }
});
