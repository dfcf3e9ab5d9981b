import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { retakeMeias } from '../../src/meia-entrada/quota.ts';
import { reclaimExpired } from '../../src/orders/reclaim.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  createCustomer,
  festivalInput,
  newSessionId,
  post,
  sectionSeatIds,
  type TestCustomer,
  theatreInput,
} from './fixtures.ts';

const MEIA_GONE = 'A quantidade de meias-entradas desejada não está mais disponível.';

const student = (name: string, document: string) => ({ category: 'estudante', name, document });

describe('meia-entrada', () => {
  let t: TestApp;
  let producer: TestCustomer;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let festival: CreatedEvent;

  beforeAll(async () => {
    t = await createTestApp();
    producer = await createCustomer(t.database.db, 'produtora@teste.dev', '1');
    buyer = await createCustomer(t.database.db, 'estudante@teste.dev');
    other = await createCustomer(t.database.db, 'outra@teste.dev');
    // Pista 5 + Pista Premium 100 + Camarote 20 = 125 offered: 40% is 50 meias.
    festival = await createEvent(t.database.db, festivalInput('festival-meia', producer.id));
  });
  afterAll(() => t.close());

  const reserve = (customer: TestCustomer, body: Record<string, unknown>, event = festival) =>
    post(
      t.app,
      '/cart/reserve',
      {
        user: customer.id,
        event_id: event.id,
        products: [],
        tickets: [],
        sessionId: newSessionId(),
        ...body,
      },
      customer.auth,
    );
  const counter = async (event = festival) =>
    (await t.app.inject({ method: 'GET', url: `/events/${event.id}/meia-entrada` })).json();

  it('offers 40% of the tickets as meias, with the decree’s counter and the accepted documents', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/events/${festival.id}/meia-entrada` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const info = res.json();
    expect(info).toMatchObject({ total: 50, available: 50, label: 'Restam 50 de 50 meias-entradas' });
    expect(info.categories.map((category: { id: string }) => category.id)).toEqual([
      'estudante',
      'pcd',
      'pcd-acompanhante',
      'jovem-baixa-renda',
      'idoso',
    ]);
    expect(info.categories[0].documents[0]).toMatch(/Carteira de Identificação Estudantil/);
    const detail = (await t.app.inject({ method: 'GET', url: `/events/${festival.id}` })).json();
    expect(detail.meiaEntrada).toEqual(info);
    expect((await t.app.inject({ method: 'GET', url: '/events/999999/meia-entrada' })).statusCode).toBe(404);
  });

  it('sells a meia at half the lot’s price with its beneficiary, outside the coupon, and the counter moves', async () => {
    // One line of two Camarote tickets, the first of them a meia.
    const res = await reserve(buyer, {
      tickets: [{ tk_id: festival.lotIds[2], tk_qtd: 2, meia: [student(' Ana  Souza ', '123.456.789-00')] }],
      cupom: 'PLATEIA10',
    });
    expect(res.status).toBe(200);
    const [meia, full] = res.body.order.items;
    expect(full).toMatchObject({ unitPriceCents: 30_000 });
    expect(full.meia ?? null).toBeNull();
    expect(meia).toMatchObject({
      unitPriceCents: 15_000,
      meia: { category: 'estudante', name: 'Ana Souza', document: '12345678900' },
    });
    // The coupon's 10% applies to the full ticket only: 3.000; fee 10% of 42.000.
    expect(res.body.order).toMatchObject({ subtotalCents: 45_000, discountCents: 3_000, feeCents: 4_200 });
    expect(await counter()).toMatchObject({ available: 49, label: 'Restam 49 de 50 meias-entradas' });
    const [line] = await selectRows<{ meia_category: string; meia_name: string; meia_document: string }>(
      t.database.db,
      sql`SELECT meia_category, meia_name, meia_document FROM order_items
          WHERE order_id = ${res.body.order.id} AND meia_category IS NOT NULL`,
    );
    expect(line).toEqual({
      meia_category: 'estudante',
      meia_name: 'Ana Souza',
      meia_document: '12345678900',
    });
  });

  it('asks a beneficiary per meia, refuses unknown categories, resale and repeated documents', async () => {
    const line = { tk_id: festival.lotIds[1], tk_qtd: 2 };
    const extra = await reserve(other, {
      tickets: [{ ...line, meia: [student('Bia', '111'), student('Caio', '2222'), student('Duda', '3333')] }],
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('Há mais beneficiários de meia-entrada do que ingressos.');
    const twice = await reserve(other, {
      tickets: [{ ...line, meia: [student('Bia', '222.333'), student('Caio', '222333')] }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Cada meia-entrada precisa de um beneficiário diferente.');
    const unknown = await reserve(other, {
      tickets: [
        {
          tk_id: festival.lotIds[1],
          tk_qtd: 1,
          meia: [{ category: 'professor', name: 'Bia', document: '9999' }],
        },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Categoria de meia-entrada não aceita neste evento.');
    const blank = await reserve(other, {
      tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1, meia: [student('B', '--')] }],
    });
    expect(blank.status).toBe(400);
    expect(await counter()).toMatchObject({ available: 49 });
  });

  it('gives one meia per document per event, free again when its reservation ends', async () => {
    const first = await reserve(other, {
      tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1, meia: [student('Bia Lima', 'RG 55.555-5')] }],
    });
    expect(first.status).toBe(200);
    const taken = await reserve(buyer, {
      tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1, meia: [student('Outra Bia', 'rg555555')] }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Este documento já tem uma meia-entrada neste evento.');
    await t.database.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${first.body.order.id}`,
    );
    expect(await counter()).toMatchObject({ available: 49 });
    const again = await reserve(buyer, {
      tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1, meia: [student('Outra Bia', 'rg555555')] }],
    });
    expect(again.status).toBe(200);
    // The buyer's earlier reservation (Ana's meia) was replaced: one meia held, Bia's.
    expect(await counter()).toMatchObject({ available: 49 });
  });

  it('lets only the producer raise the share, add meias and state categories; never below 40%', async () => {
    const url = `/events/${festival.id}/meia-entrada`;
    const body = {
      percentBps: 5000,
      extra: 10,
      stateCategories: [
        {
          id: 'professor-sp',
          label: 'Professor da rede pública (SP)',
          documents: ['Holerite ou carteira funcional'],
        },
      ],
    };
    expect((await t.app.inject({ method: 'PUT', url, payload: body })).statusCode).toBe(401);
    const stranger = await t.app.inject({ method: 'PUT', url, payload: body, headers: other.auth });
    expect(stranger.statusCode).toBe(403);
    const low = await t.app.inject({
      method: 'PUT',
      url,
      payload: { percentBps: 3000 },
      headers: producer.auth,
    });
    expect(low.statusCode).toBe(400);
    const set = await t.app.inject({ method: 'PUT', url, payload: body, headers: producer.auth });
    expect(set.statusCode).toBe(200);
    // ceil(125 × 50%) + 10 = 73, one taken.
    expect(set.json()).toMatchObject({ total: 73, available: 72 });
    expect(set.json().categories.at(-1).id).toBe('professor-sp');
    const teacher = await reserve(other, {
      tickets: [
        {
          tk_id: festival.lotIds[1],
          tk_qtd: 1,
          meia: [{ category: 'professor-sp', name: 'Duda', document: '4444' }],
        },
      ],
    });
    expect(teacher.status).toBe(200);
  });

  it('sells a numbered seat as meia in the same transaction as the seat', async () => {
    // 15 + 8 + 8 seats: 40% of 31 is 13 meias.
    const theatre = await createEvent(t.database.db, theatreInput('teatro-meia', producer.id));
    expect(await counter(theatre)).toMatchObject({ total: 13, available: 13 });
    const [seat] = await sectionSeatIds(t.database.db, theatre.sections[1]!.id);
    const sessionId = newSessionId();
    await post(t.app, '/seat/hold', { eventId: theatre.id, seatIds: [seat], sessionId });
    const res = await post(
      t.app,
      '/cart/reserve',
      {
        user: other.id,
        event_id: theatre.id,
        products: [],
        sessionId,
        tickets: [
          { tk_id: theatre.sections[1]!.lotIds[0], tk_qtd: 1, seat_id: seat, meia: [student('Eva', '8888')] },
        ],
      },
      other.auth,
    );
    expect(res.status).toBe(200);
    // The Balcão seat costs R$ 80,00: the meia R$ 40,00.
    expect(res.body.order.items[0]).toMatchObject({ seatId: seat, unitPriceCents: 4_000 });
    expect(await counter(theatre)).toMatchObject({ available: 12 });
  });

  it('takes the meias of a late-paid reclaimed order again, unless its document went to someone else', async () => {
    const event = await createEvent(t.database.db, {
      ...festivalInput('festival-meia-tarde', producer.id),
      coupons: [],
      products: [],
    });
    const taken = async () =>
      (await selectOne<{ taken: number }>(
        t.database.db,
        sql`SELECT taken FROM meia_quotas WHERE event_id = ${event.id}`,
      ))!.taken;
    const late = await reserve(
      buyer,
      { tickets: [{ tk_id: event.lotIds[1], tk_qtd: 1, meia: [student('Gil', '1010')] }] },
      event,
    );
    const gone = await reserve(
      other,
      { tickets: [{ tk_id: event.lotIds[1], tk_qtd: 1, meia: [student('Hel', '2020')] }] },
      event,
    );
    await t.database.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE event_id = ${event.id}`,
    );
    expect(await reclaimExpired(t.database.db, event.id)).toHaveLength(2);
    expect(await taken()).toBe(0);
    // Hel's document is claimed by a new order meanwhile.
    const thief = await createCustomer(t.database.db, 'outra-hel@teste.dev');
    expect(
      (
        await reserve(
          thief,
          { tickets: [{ tk_id: event.lotIds[1], tk_qtd: 1, meia: [student('Hel', '2020')] }] },
          event,
        )
      ).status,
    ).toBe(200);
    expect(await t.database.db.transaction((tx) => retakeMeias(tx, late.body.order.id, event.id))).toBe(true);
    expect(await taken()).toBe(2);
    // The settlement's transaction rolls back on false, so nothing of Hel's order stays taken.
    await expect(
      t.database.db.transaction(async (tx) => {
        if (!(await retakeMeias(tx, gone.body.order.id, event.id))) throw new Error('stock gone');
      }),
    ).rejects.toThrow('stock gone');
    expect(await taken()).toBe(2);
  });

  it('under a race of 500 buyers sells exactly the quota: never more, never fewer', async () => {
    const input = {
      ...festivalInput('festival-meia-corrida', producer.id),
      lots: [{ name: 'Pista', nNumber: 1, priceCents: 10_001, quantity: 500, perOrderLimit: 4 }],
      products: [],
      coupons: [],
      meia: { extra: 7 },
    };
    const event = await createEvent(t.database.db, input);
    // 40% of 500 = 200, plus 7 the producer added.
    expect(await counter(event)).toMatchObject({ total: 207, available: 207 });
    const racers: TestCustomer[] = [];
    for (let i = 0; i < 500; i++) racers.push(await createCustomer(t.database.db, `meia${i}@teste.dev`));
    const answers = await Promise.all(
      racers.map((racer, i) =>
        reserve(
          racer,
          { tickets: [{ tk_id: event.lotIds[0], tk_qtd: 1, meia: [student(`Aluno ${i}`, `CIE-${i}`)] }] },
          event,
        ),
      ),
    );
    const won = answers.filter((res) => res.status === 200);
    const lost = answers.filter((res) => res.status !== 200);
    expect(won.length).toBe(207);
    expect(lost.every((res) => res.status === 409 && res.body.message === MEIA_GONE)).toBe(true);
    expect(won.every((res) => res.body.order.items[0].unitPriceCents === 5_000)).toBe(true);
    const quota = await selectOne<{ taken: number; quantity: number }>(
      t.database.db,
      sql`SELECT taken, quantity FROM meia_quotas WHERE event_id = ${event.id}`,
    );
    const lines = await selectOne<{ meias: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS meias FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE o.event_id = ${event.id} AND o.status = 'reserved' AND i.meia_category IS NOT NULL`,
    );
    const lot = await selectOne<{ reserved: number }>(
      t.database.db,
      sql`SELECT reserved FROM ticket_types WHERE id = ${event.lotIds[0]!}`,
    );
    expect(quota).toEqual({ taken: 207, quantity: 207 });
    expect(lines!.meias).toBe(207);
    // The losers took no lot unit either: the meia and the lot go together or not at all.
    expect(lot!.reserved).toBe(207);
    expect(await counter(event)).toMatchObject({
      available: 0,
      label: 'Meias-entradas esgotadas (207 no total)',
    });
    // Full-price tickets still sell once the meias are gone.
    const full = await reserve(racers[0]!, { tickets: [{ tk_id: event.lotIds[0], tk_qtd: 1 }] }, event);
    expect(full.status).toBe(200);
    // 500 accounts (each an argon2 hash) and 500 reservations: about 22 s on a quiet 2-core
    // machine, past the default 30 s when the machine is shared.
  }, 120_000);
});
