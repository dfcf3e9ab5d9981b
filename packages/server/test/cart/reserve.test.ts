import { randomBytes } from 'node:crypto';
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

const NOT_PERMITTED = 'A quantidade desejada para um dos ingressos selecionados não está mais disponível.';
const SECOND_RESALE =
  'Apenas um ingresso de revenda pode ser comprado por vez. Por favor, finalize esta compra antes de adicionar outro ingresso de revenda.';
const SEATS_GONE =
  'Um ou mais assentos selecionados ficaram indisponíveis. Por favor, selecione outros assentos.';

describe('POST /cart/reserve', () => {
  let t: TestApp;
  let festival: CreatedEvent;
  let theatre: CreatedEvent;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let seller: TestCustomer;
  let resaleIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    buyer = await createCustomer(db, 'cliente@teste.dev');
    other = await createCustomer(db, 'outra@teste.dev');
    seller = await createCustomer(db, 'vendedor@teste.dev');
    festival = await createEvent(db, festivalInput('festival'));
    theatre = await createEvent(db, theatreInput('teatro'));
    // Two tickets of the seller's, each offered again.
    resaleIds = [];
    for (const price of [9_000, 9_500]) {
      const [ticket] = await selectRows<{ id: number }>(
        db,
        sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, n_number, price_cents)
            VALUES (${randomBytes(8).toString('hex')}, ${seller.id}, ${seller.email}, ${festival.id}, ${festival.lotIds[2]!}, 1, 30000)
            RETURNING id`,
      );
      const [listing] = await selectRows<{ id: number }>(
        db,
        sql`INSERT INTO resale_listings (event_id, ticket_id, seller_id, price_cents)
            VALUES (${festival.id}, ${ticket!.id}, ${seller.id}, ${price}) RETURNING id`,
      );
      resaleIds.push(listing!.id);
    }
  });
  afterAll(() => t.close());

  const reserve = (customer: TestCustomer, body: Record<string, unknown>) =>
    post(
      t.app,
      '/cart/reserve',
      {
        user: customer.id,
        event_id: festival.id,
        products: [],
        tickets: [],
        sessionId: newSessionId(),
        ...body,
      },
      customer.auth,
    );
  const available = async (lotId: number) => {
    const detail = (await t.app.inject({ method: 'GET', url: `/events/${festival.id}` })).json();
    return detail.ticketTypes.find((type: { id: number }) => type.id === lotId).available as number;
  };

  it('needs a login (401) and the session’s own user (403 for another id or e-mail)', async () => {
    const body = {
      user: buyer.id,
      event_id: festival.id,
      products: [],
      tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }],
      sessionId: newSessionId(),
    };
    expect((await post(t.app, '/cart/reserve', body)).status).toBe(401);
    expect((await post(t.app, '/cart/reserve', { ...body, user: other.id }, buyer.auth)).status).toBe(403);
    expect((await post(t.app, '/cart/reserve', { ...body, user: other.email }, buyer.auth)).status).toBe(403);
    expect(
      (await post(t.app, '/cart/reserve', { ...body, user: buyer.email.toUpperCase() }, buyer.auth)).status,
    ).toBe(200);
  });

  it('reserves tickets and products with a coupon: per-ticket tk_allow and the order in cents', async () => {
    const res = await reserve(buyer, {
      tickets: [
        { tk_id: festival.lotIds[0], tk_qtd: 2, holder_emails: ['amiga@teste.dev'] },
        { tk_id: festival.lotIds[2], tk_qtd: 1 },
      ],
      products: [{ product_id: festival.productIds[1], product_qtd: 2 }],
      cupom: 'plateia10',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.tickets).toEqual([
      { tk_id: festival.lotIds[0], tk_allow: { tk_allow: 2, tk_is_permitted_to_buy: true } },
      { tk_id: festival.lotIds[2], tk_allow: { tk_allow: 1, tk_is_permitted_to_buy: true } },
    ]);
    const order = res.body.order;
    // Tickets 2 × 100,00 + 300,00 = 500,00; products 160,00; coupon 10% of tickets = 50,00;
    // fee 10% of (660,00 − 50,00) = 61,00.
    expect(order).toMatchObject({
      status: 'reserved',
      subtotalCents: 66_000,
      discountCents: 5_000,
      feeCents: 6_100,
      totalCents: 67_100,
      coupon: { code: 'PLATEIA10', kind: 'percent', value: 1000 },
    });
    expect(order.number).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(order.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(order.items.filter((item: { kind: string }) => item.kind === 'ticket')).toHaveLength(3);
    expect(order.items[0]).toMatchObject({
      n_number: 1,
      unitPriceCents: 10_000,
      holderEmail: 'amiga@teste.dev',
    });
    expect(order.items[1].holderEmail).toBeNull();
    expect(await available(festival.lotIds[0]!)).toBe(3);
  });

  it('never reserves more than is left: tk_allow tells how many remain and nothing is kept', async () => {
    const before = await available(festival.lotIds[0]!);
    const beforePista2 = await available(festival.lotIds[1]!);
    const res = await reserve(other, {
      tickets: [
        { tk_id: festival.lotIds[1], tk_qtd: 1 },
        { tk_id: festival.lotIds[0], tk_qtd: 4 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: NOT_PERMITTED, order: null });
    expect(res.body.tickets).toEqual([
      { tk_id: festival.lotIds[1], tk_allow: { tk_allow: 1, tk_is_permitted_to_buy: true } },
      { tk_id: festival.lotIds[0], tk_allow: { tk_allow: before, tk_is_permitted_to_buy: false } },
    ]);
    expect(await available(festival.lotIds[0]!)).toBe(before);
    expect(await available(festival.lotIds[1]!)).toBe(beforePista2);
  });

  it('refuses more than the per-order limit', async () => {
    const res = await reserve(other, { tickets: [{ tk_id: festival.lotIds[2], tk_qtd: 7 }] });
    expect(res.status).toBe(409);
    expect(res.body.tickets[0].tk_allow).toEqual({ tk_allow: 6, tk_is_permitted_to_buy: false });
  });

  it('reports products that ran out', async () => {
    const res = await reserve(other, { products: [{ product_id: festival.productIds[0], product_qtd: 4 }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'A quantidade desejada para um dos produtos selecionados não está mais disponível.',
    );
    expect(res.body.products[0]).toMatchObject({ product_allow: 3, product_is_permitted_to_buy: false });
  });

  it('gives the stock of an expired reservation back without any sweeper', async () => {
    const sessionId = newSessionId();
    const left = await available(festival.lotIds[0]!);
    const first = await reserve(other, { sessionId, tickets: [{ tk_id: festival.lotIds[0], tk_qtd: left }] });
    expect(first.status).toBe(200);
    expect(await available(festival.lotIds[0]!)).toBe(0);
    const blocked = await reserve(seller, { tickets: [{ tk_id: festival.lotIds[0], tk_qtd: 1 }] });
    expect(blocked.status).toBe(409);
    await t.database.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${first.body.order.id}`,
    );
    // Reads count it as free at once; the next reservation reclaims it.
    expect(await available(festival.lotIds[0]!)).toBe(left);
    const after = await reserve(seller, { tickets: [{ tk_id: festival.lotIds[0], tk_qtd: 1 }] });
    expect(after.status).toBe(200);
    const [row] = await selectRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM orders WHERE id = ${first.body.order.id}`,
    );
    expect(row!.status).toBe('expired');
    expect(await available(festival.lotIds[0]!)).toBe(left - 1);
  });

  it('replaces the same session’s previous reservation when checkout starts again', async () => {
    const sessionId = newSessionId();
    const before = await available(festival.lotIds[1]!);
    const first = await reserve(other, { sessionId, tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 3 }] });
    const second = await reserve(other, { sessionId, tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 2 }] });
    expect(second.status).toBe(200);
    expect(await available(festival.lotIds[1]!)).toBe(before - 2);
    const [row] = await selectRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM orders WHERE id = ${first.body.order.id}`,
    );
    expect(row!.status).toBe('cancelled');
  });

  describe('coupons', () => {
    it('applies a fixed coupon once within its usage limit, and rejects unknown or expired codes', async () => {
      const fixed = await reserve(other, {
        tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }],
        cupom: 'MENOS20',
      });
      expect(fixed.status).toBe(200);
      expect(fixed.body.order).toMatchObject({
        subtotalCents: 12_000,
        discountCents: 2_000,
        feeCents: 1_000,
        totalCents: 11_000,
      });
      const spent = await reserve(seller, {
        tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }],
        cupom: 'MENOS20',
      });
      expect(spent.status).toBe(409);
      expect(spent.body.message).toBe('Este cupom atingiu o limite de uso.');
      for (const cupom of ['NAOEXISTE', 'VENCIDO']) {
        const res = await reserve(seller, { tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }], cupom });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Cupom inválido ou expirado.');
      }
    });

    it('backs off an account that keeps guessing codes (429 in pt-BR), even for a right code', async () => {
      const guesser = await createCustomer(t.database.db, 'adivinha@teste.dev');
      const tryCode = (cupom: string) =>
        reserve(guesser, { tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }], cupom });
      // Ten wrong codes are free and the eleventh still answers; then the account waits.
      for (let i = 0; i < 11; i++) expect((await tryCode(`CHUTE${i}`)).status).toBe(400);
      const blocked = await tryCode('PLATEIA10');
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(
        'Muitos cupons inválidos em pouco tempo. Aguarde alguns minutos antes de tentar outro cupom.',
      );
      // Without a coupon the account still buys, and other accounts are not held back.
      expect((await reserve(guesser, { tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }] })).status).toBe(
        200,
      );
      expect(
        (await reserve(other, { tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }], cupom: 'OUTRO' }))
          .status,
      ).toBe(400);
    });

    it('frees the use of a coupon whose reservation expired', async () => {
      await t.database.db.execute(
        sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE coupon_code = 'MENOS20' AND status = 'reserved'`,
      );
      const res = await reserve(seller, {
        tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }],
        cupom: 'menos20',
      });
      expect(res.status).toBe(200);
      expect(res.body.order.discountCents).toBe(2_000);
    });
  });

  describe('resale', () => {
    it('allows one resale ticket per checkout (spec message)', async () => {
      const res = await reserve(buyer, {
        tickets: [
          { tk_id: festival.lotIds[2], tk_qtd: 1, is_from_resale: 1, resaleId: resaleIds[0] },
          { tk_id: festival.lotIds[2], tk_qtd: 1, is_from_resale: 1, resaleId: resaleIds[1] },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SECOND_RESALE);
    });

    it('numbers a resale order RESALE_{resaleId}, prices it at the listing, and lets one buyer have it', async () => {
      const line = {
        tk_id: festival.lotIds[2],
        tk_qtd: 1,
        is_from_resale: 1,
        resaleId: resaleIds[0],
        original_n_number: 1,
      };
      const res = await reserve(buyer, { tickets: [line], cupom: 'PLATEIA10' });
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({
        number: `RESALE_${resaleIds[0]}`,
        subtotalCents: 9_000,
        discountCents: 0,
        feeCents: 900,
        totalCents: 9_900,
      });
      expect(res.body.order.items[0]).toMatchObject({ kind: 'resale', resaleId: resaleIds[0] });
      const loser = await reserve(other, { tickets: [line] });
      expect(loser.status).toBe(409);
      expect(loser.body.tickets[0].tk_allow).toEqual({ tk_allow: 0, tk_is_permitted_to_buy: false });
      const listing = (await t.app.inject({ method: 'GET', url: `/events/${festival.id}` })).json().resale;
      expect(listing.map((offer: { resaleId: number }) => offer.resaleId)).toEqual([resaleIds[1]]);
    });

    it('does not sell a seller their own listing', async () => {
      const res = await reserve(seller, {
        tickets: [{ tk_id: festival.lotIds[2], tk_qtd: 1, is_from_resale: true, resaleId: resaleIds[1] }],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Você não pode comprar o seu próprio ingresso de revenda.');
    });
  });

  describe('seats', () => {
    it('reserves seats and whole tables only when held by the same session', async () => {
      const sessionId = newSessionId();
      const seats = await sectionSeatIds(t.database.db, theatre.sections[0]!.id);
      const tableId = theatre.sections[2]!.tableIds[0]!;
      const tableSeats = (
        await selectRows<{ id: number }>(
          t.database.db,
          sql`SELECT id FROM seats WHERE table_id = ${tableId} ORDER BY id`,
        )
      ).map((row) => row.id);
      const tickets = [
        { tk_id: theatre.sections[0]!.lotIds[1], tk_qtd: 1, seat_id: seats[0] },
        { tk_id: theatre.sections[2]!.lotIds[0], tk_qtd: 1, table_id: tableId },
      ];
      const body = { event_id: theatre.id, sessionId, tickets };
      const notHeld = await reserve(buyer, body);
      expect(notHeld.status).toBe(409);
      expect(notHeld.body.message).toBe(SEATS_GONE);
      await post(t.app, '/seat/hold', { eventId: theatre.id, seatIds: [seats[0], ...tableSeats], sessionId });
      const byOtherSession = await reserve(buyer, { ...body, sessionId: newSessionId() });
      expect(byOtherSession.status).toBe(409);
      const ok = await reserve(buyer, body);
      expect(ok.status).toBe(200);
      // 75,00 (meia) + 4 × 50,00 (table seats) = 275,00; fee 27,50.
      expect(ok.body.order).toMatchObject({ subtotalCents: 27_500, feeCents: 2_750, totalCents: 30_250 });
      expect(ok.body.order.items.map((item: { seatId: number }) => item.seatId)).toEqual([
        seats[0],
        ...tableSeats,
      ]);
      // After the window the seats are free for anyone, with no sweeper.
      await expireEverything(t.database.db, theatre.id);
      const later = await post(t.app, '/seat/hold', {
        eventId: theatre.id,
        seatIds: [seats[0]],
        sessionId: newSessionId(),
      });
      expect(later.status).toBe(200);
    });

    it('rejects seat lines that do not fit the lot', async () => {
      const seats = await sectionSeatIds(t.database.db, theatre.sections[1]!.id);
      const cases: [Record<string, unknown>, string][] = [
        [{ tk_id: theatre.sections[0]!.lotIds[0], tk_qtd: 1 }, 'Escolha um assento para este ingresso.'],
        [
          { tk_id: theatre.sections[0]!.lotIds[0], tk_qtd: 1, seat_id: seats[0] },
          'O assento escolhido não pertence ao setor deste ingresso.',
        ],
        [
          { tk_id: theatre.sections[1]!.lotIds[0], tk_qtd: 2, seat_id: seats[0] },
          'Cada assento corresponde a um ingresso: informe a quantidade 1.',
        ],
      ];
      for (const [line, message] of cases) {
        const res = await reserve(buyer, { event_id: theatre.id, tickets: [line] });
        expect(res.status, message).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const gaWithSeat = await reserve(buyer, {
        tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1, seat_id: seats[0] }],
      });
      expect(gaWithSeat.body.message).toBe('Este ingresso não tem lugar marcado.');
    });
  });

  it('validates the request with pt-BR messages and never answers 500', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ tickets: [] }, 400, 'Seu carrinho está vazio.'],
      [{ tickets: [{ tk_id: 999_999, tk_qtd: 1 }] }, 400, 'Ingresso não encontrado para este evento.'],
      [
        { tickets: [{ tk_id: theatre.sections[0]!.lotIds[0], tk_qtd: 1 }] },
        400,
        'Ingresso não encontrado para este evento.',
      ],
      [
        { products: [{ product_id: 999_999, product_qtd: 1 }] },
        400,
        'Produto não encontrado para este evento.',
      ],
      [{ tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 0 }] }, 400, 'Valor inválido no campo tk_qtd.'],
      [
        { tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1, holder_emails: ['x'] }] },
        400,
        'Endereço de e-mail inválido',
      ],
      [
        { tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1, holder_emails: ['a@b.co', 'c@d.co'] }] },
        400,
        'Há mais e-mails de titulares do que ingressos.',
      ],
      [
        { sessionId: undefined, tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }] },
        400,
        'Campo obrigatório ausente: sessionId.',
      ],
      [
        { event_id: 999_999, tickets: [{ tk_id: festival.lotIds[1], tk_qtd: 1 }] },
        409,
        'Este evento não está à venda.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await reserve(buyer, body);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('POST /pixel/add', () => {
  let t: TestApp;
  let eventId: number;
  beforeAll(async () => {
    t = await createTestApp();
    eventId = (await createEvent(t.database.db, festivalInput('pixel'))).id;
  });
  afterAll(() => t.close());

  it('records a hit with the spec fields', async () => {
    const res = await post(t.app, '/pixel/add', { hash: 'abc123', ismobile: 1, evtid: eventId, tipo: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const rows = await selectRows<{ hash: string; ismobile: boolean; event_id: number; tipo: number }>(
      t.database.db,
      sql`SELECT hash, ismobile, event_id, tipo FROM pixel_events`,
    );
    expect(rows).toEqual([{ hash: 'abc123', ismobile: true, event_id: eventId, tipo: 3 }]);
  });

  it('answers bad input with 400', async () => {
    const res = await post(t.app, '/pixel/add', { hash: 'abc', ismobile: 'talvez', evtid: eventId, tipo: 3 });
    expect(res.status).toBe(400);
    expect((await post(t.app, '/pixel/add', { ismobile: 0, evtid: eventId, tipo: 3 })).body.message).toBe(
      'Campo obrigatório ausente: hash.',
    );
  });
});
