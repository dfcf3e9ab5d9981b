import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import { addMember } from '../../src/organisations/organisations.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';

const DAY = 24 * 60 * 60 * 1000;

describe("an organisation's events: a draft, then published", () => {
  // An hour behind the real time, so a date taken from the real clock would show.
  const clock = testClock(new Date(Date.now() - 60 * 60 * 1000));
  let t: TestApp;
  let owner: TestCustomer;
  let viewer: TestCustomer;
  let organisationId: number;

  const call = (method: 'GET' | 'POST', url: string, who: TestCustomer | null, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.token) : {} });
  const startsAt = new Date(Date.now() + 30 * DAY).toISOString();
  const endsAt = new Date(Date.now() + 30 * DAY + 6 * 60 * 60 * 1000).toISOString();
  const draft = (overrides: object = {}) => ({
    name: 'Forró da Lua Cheia',
    venue: 'Galpão Central',
    city: 'Recife',
    startsAt,
    endsAt,
    lots: [
      { name: '1º lote', priceCents: 4_000, quantity: 100, perOrderLimit: 4 },
      { name: '2º lote', priceCents: 5_500, quantity: 200 },
    ],
    meiaPercentBps: 5000,
    ...overrides,
  });
  const create = (who: TestCustomer, body: object = draft()) =>
    call('POST', `/organisations/${organisationId}/events`, who, body);
  const catalogueIds = async () =>
    ((await call('GET', '/events', null)).json().data as { id: number }[]).map((event) => event.id);

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    owner = await createCustomer(t.database.db, { email: 'dona@example.com' });
    organisationId = (
      await call('POST', '/organisations', owner, {
        name: 'Lua Cheia Produções',
        document: '12ABC34501DE35',
        contactEmail: 'contato@luacheia.example',
        contactPhone: '81988887777',
      })
    ).json().id;
    viewer = await createCustomer(t.database.db, { email: 'leitor@example.com' });
    // The viewer joins as invitations would add them (organisations.test.ts covers the flow).
    await addMember(t.database.db, organisationId, viewer.id, 'viewer', new Date());
  });
  afterAll(() => t.close());

  it('creates a draft that only the team sees, and checks what the producer typed', async () => {
    const res = await create(owner);
    expect(res.statusCode, res.body).toBe(200);
    const { id, slug, message } = res.json();
    expect(message).toBe('Rascunho criado. Revise e publique quando estiver pronto.');
    expect(slug).toMatch(/^forro-da-lua-cheia-[0-9a-f]{6}$/);
    expect(await catalogueIds()).not.toContain(id);
    expect((await call('GET', `/events/${id}`, null)).statusCode).toBe(404);
    const listed = (await call('GET', `/organisations/${organisationId}/events`, viewer)).json().events;
    expect(listed).toEqual([expect.objectContaining({ id, slug, status: 'draft', ticketsSold: 0 })]);

    const cases: [object, string][] = [
      [{ name: '  ' }, 'Informe o nome do evento.'],
      [{ startsAt: new Date(Date.now() - DAY).toISOString() }, 'O evento precisa começar no futuro.'],
      [{ endsAt: startsAt }, 'O término precisa ser depois do início.'],
      [
        { lots: [{ name: 'Pista', priceCents: 1000, quantity: 10, salesStart: endsAt, salesEnd: startsAt }] },
        'O fim das vendas de um lote precisa ser depois do início.',
      ],
      [{ slug: 'Com Espaço' }, 'O endereço do evento usa só letras minúsculas, números e hífens.'],
    ];
    for (const [overrides, message] of cases) {
      const refused = await create(owner, draft(overrides));
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const taken = await create(owner, draft({ slug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Já existe um evento com este endereço. Escolha outro.');
  });

  it('lets owners and managers create and publish, and nobody else', async () => {
    expect((await create(viewer)).statusCode).toBe(403);
    const outsider = await createCustomer(t.database.db, { email: 'fora@example.com' });
    expect((await create(outsider)).statusCode).toBe(404);
    expect((await call('GET', `/organisations/${organisationId}/events`, outsider)).statusCode).toBe(404);

    const { id } = (await create(owner, draft({ slug: 'forro-publicado' }))).json();
    expect((await call('POST', `/events/${id}/publish`, viewer)).statusCode).toBe(403);
    expect((await call('POST', `/events/${id}/publish`, outsider)).statusCode).toBe(403);
    const published = await call('POST', `/events/${id}/publish`, owner);
    expect(published.json()).toEqual({
      success: true,
      message: 'Evento publicado! Ele já aparece na Plateia.',
    });
    expect(await catalogueIds()).toContain(id);
    const detail = (await call('GET', `/events/${id}`, null)).json();
    expect(
      detail.ticketTypes.map((lot: { name: string; priceCents: number }) => [lot.name, lot.priceCents]),
    ).toEqual([
      ['1º lote', 4_000],
      ['2º lote', 5_500],
    ]);
    const again = await call('POST', `/events/${id}/publish`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este evento já foi publicado.');
    // Half of its 300 tickets may be meias: the share the producer chose, above the legal 40%.
    expect((await call('GET', `/events/${id}/meia-entrada`, null)).json().total).toBe(150);
  });

  it("dates new events, and the organisation made for a producer who had none, by the app's clock", async () => {
    const { id } = (await create(owner, draft({ slug: 'forro-datado' }))).json();
    const stored = await selectOne<{ created_at: Date | string }>(
      t.database.db,
      sql`SELECT created_at FROM events WHERE id = ${id}`,
    );
    expect(new Date(stored!.created_at).toISOString()).toBe(clock.now().toISOString());

    const producer = await createCustomer(t.database.db, { email: 'antiga@example.com', isadmin: '1' });
    const createdAt = new Date('2026-01-02T03:04:05.000Z');
    const event = await createEvent(t.database.db, {
      slug: 'evento-antigo',
      name: 'Evento antigo',
      startsAt: new Date(Date.now() + DAY),
      endsAt: new Date(Date.now() + 2 * DAY),
      producerId: producer.id,
      createdAt,
    });
    const organisation = await selectOne<{ created_at: Date | string; added_at: Date | string }>(
      t.database.db,
      sql`SELECT o.created_at, m.added_at FROM events e JOIN organisations o ON o.id = e.organisation_id
            JOIN organisation_members m ON m.organisation_id = o.id AND m.customer_id = ${producer.id}
           WHERE e.id = ${event.id}`,
    );
    expect(new Date(organisation!.created_at).toISOString()).toBe(createdAt.toISOString());
    expect(new Date(organisation!.added_at).toISOString()).toBe(createdAt.toISOString());
  });
});
