import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createCustomer, festivalInput, theatreInput } from './fixtures.ts';

describe('catalogue: GET /events and GET /events/{id}', () => {
  let t: TestApp;
  let festivalId: number;
  let theatreId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const producer = await createCustomer(t.database.db, 'produtor@teste.dev', '1');
    festivalId = (await createEvent(t.database.db, festivalInput('festival-teste', producer.id))).id;
    theatreId = (await createEvent(t.database.db, theatreInput('teatro-teste', producer.id))).id;
    const past = festivalInput('festival-passado');
    past.startsAt = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    past.endsAt = new Date(Date.now() - 9 * 24 * 3600 * 1000);
    past.name = 'Festival que Passou';
    await createEvent(t.database.db, past);
    const draft = festivalInput('rascunho');
    await createEvent(t.database.db, draft);
    await t.database.db.execute(sql`UPDATE events SET status = 'draft' WHERE slug = 'rascunho'`);
  });
  afterAll(() => t.close());

  it('lists upcoming published events soonest first, with price from and seat map flag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/events' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((event: { slug: string }) => event.slug)).toEqual([
      'teatro-teste',
      'festival-teste',
    ]);
    expect(body.total).toBe(2);
    const theatre = body.data[0];
    expect(theatre.hasSeatMap).toBe(true);
    expect(theatre.priceFromCents).toBe(5_000);
    expect(body.data[1].hasSeatMap).toBe(false);
    expect(body.data[1].priceFromCents).toBe(10_000);
  });

  it('searches by q (name, venue, city) without LIKE wildcards leaking', async () => {
    const byCity = (await t.app.inject({ method: 'GET', url: '/events?q=rio de' })).json();
    expect(byCity.data.map((event: { slug: string }) => event.slug)).toEqual(['teatro-teste']);
    const wildcard = (await t.app.inject({ method: 'GET', url: '/events?q=%25' })).json();
    expect(wildcard.data).toEqual([]);
  });

  it('finds an event by slug whatever its date, and lists past events apart', async () => {
    const bySlug = (await t.app.inject({ method: 'GET', url: '/events?slug=festival-passado' })).json();
    expect(bySlug.data).toHaveLength(1);
    expect(bySlug.data[0].isPast).toBe(true);
    const past = (await t.app.inject({ method: 'GET', url: '/events?period=past' })).json();
    expect(past.data.map((event: { slug: string }) => event.slug)).toEqual(['festival-passado']);
  });

  it('pages results', async () => {
    const page2 = (await t.app.inject({ method: 'GET', url: '/events?page=2&limit=1' })).json();
    expect(page2).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(page2.data[0].slug).toBe('festival-teste');
  });

  it('answers bad paging with a pt-BR 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/events?limit=1000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/limit/);
    expect((await t.app.inject({ method: 'GET', url: '/events?page=abc' })).statusCode).toBe(400);
  });

  it('details an event by id and by slug: lots with n_number, cents, availability, products, fee', async () => {
    const byId = (await t.app.inject({ method: 'GET', url: `/events/${festivalId}` })).json();
    const bySlug = (await t.app.inject({ method: 'GET', url: '/events/festival-teste' })).json();
    expect(bySlug).toEqual(byId);
    expect(byId.serviceFeeBps).toBe(1000);
    expect(byId.hasSeatMap).toBe(false);
    expect(
      byId.ticketTypes.map((type: { name: string; n_number: number }) => `${type.name} ${type.n_number}`),
    ).toEqual(['Pista 1', 'Pista Premium 1', 'Camarote 1']);
    expect(byId.ticketTypes[0]).toMatchObject({
      priceCents: 10_000,
      available: 5,
      perOrderLimit: 4,
      numerationSelected: false,
      onSale: true,
      soldOut: false,
    });
    expect(
      byId.products.map((product: { name: string; available: number }) => [product.name, product.available]),
    ).toEqual([
      ['Copo oficial', 3],
      ['Camiseta', 50],
    ]);
  });

  it('shows numbered lots of a seated event with the free seats of their section', async () => {
    const detail = (await t.app.inject({ method: 'GET', url: `/events/${theatreId}` })).json();
    expect(detail.hasSeatMap).toBe(true);
    const inteira = detail.ticketTypes.find((type: { name: string }) => type.name === 'Plateia A - Inteira');
    expect(inteira).toMatchObject({ numerationSelected: true, available: 15, priceCents: 15_000 });
    expect(inteira.sectionId).toBeTypeOf('number');
  });

  it('answers 404 in pt-BR for unknown ids, slugs and drafts', async () => {
    for (const id of ['999999', 'nao-existe', 'rascunho']) {
      const res = await t.app.inject({ method: 'GET', url: `/events/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Evento não encontrado.');
    }
  });
});
