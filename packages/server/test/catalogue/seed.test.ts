import { formatTime } from '@plateia/core/format/dates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/sql.ts';
import { createLargeVenue, seedCatalogue } from '../../src/seed/catalogue.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createCustomer } from './fixtures.ts';

describe('demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the demo events without a producer account, and again changes nothing', async () => {
    const first = await seedCatalogue(t.database.db);
    expect(first).toEqual([
      'festival-sons-do-cerrado',
      'auto-da-compadecida',
      'rock-nacional-ao-vivo',
      'show-alta-procura',
      'festival-de-inverno-2025',
    ]);
    expect(await seedCatalogue(t.database.db)).toEqual([]);
    const list = (await t.app.inject({ method: 'GET', url: '/events' })).json();
    expect(list.total).toBe(4);
    const theatre = (await t.app.inject({ method: 'GET', url: '/events/auto-da-compadecida' })).json();
    expect(theatre.hasSeatMap).toBe(true);
    const map = (await t.app.inject({ method: 'GET', url: `/seat/maps/${theatre.id}` })).json();
    expect(map.seatCount).toBe(2020);
    expect(map.sections.some((section: { kind: string }) => section.kind === 'tables')).toBe(true);
    // The festival's Pista sells its lots in order, and meia-entrada is its quota:
    // 40% of 1,420 tickets plus the 20 the producer added, with a state category.
    const festival = (await t.app.inject({ method: 'GET', url: '/events/festival-sons-do-cerrado' })).json();
    const pista = festival.ticketTypes.filter((type: { name: string }) => type.name === 'Pista');
    expect(pista.map((type: { current: boolean }) => type.current)).toEqual([true, false, false]);
    expect(pista[0].nextLot).toMatchObject({ n_number: 2, priceCents: 15_000, opensAt: null });
    expect(festival.meiaEntrada).toMatchObject({ total: 588, available: 588 });
    expect(festival.meiaEntrada.categories.at(-1).id).toBe('professor-df');
    const rock = (await t.app.inject({ method: 'GET', url: '/events/rock-nacional-ao-vivo' })).json();
    expect(rock.ticketTypes[0].soldOut).toBe(true);
    expect(rock.resale).toHaveLength(3);
    const past = (await t.app.inject({ method: 'GET', url: '/events?period=past' })).json();
    expect(past.data[0].slug).toBe('festival-de-inverno-2025');
    // The high-demand demo event sells through its waiting room.
    const show = (await t.app.inject({ method: 'GET', url: '/events/show-alta-procura' })).json();
    const queue = (await t.app.inject({ method: 'GET', url: `/queue/${show.id}` })).json();
    expect(queue).toMatchObject({ phase: 'open', seed: null, checkoutCapacity: 50 });
  });

  it('sets produtor@plateia.dev as producer when the account exists', async () => {
    const producer = await createCustomer(t.database.db, 'produtor@plateia.dev', '1');
    await t.database.db.execute(sql`DELETE FROM events WHERE slug = 'festival-de-inverno-2025'`);
    expect(await seedCatalogue(t.database.db)).toEqual(['festival-de-inverno-2025']);
    const [row] = await selectRows<{ producer_id: number }>(
      t.database.db,
      sql`SELECT producer_id FROM events WHERE slug = 'festival-de-inverno-2025'`,
    );
    expect(row!.producer_id).toBe(producer.id);
  });

  it('generates a large venue whose map sends sections only, with rows in submaps', async () => {
    const venue = await createLargeVenue(t.database.db, { seats: 25_000 });
    const res = await t.app.inject({ method: 'GET', url: `/seat/maps/${venue.id}` });
    const map = res.json();
    expect(map).toMatchObject({ seatCount: 25_000, inline: false });
    expect(map.sections).toHaveLength(5);
    expect(map.sections[0].rows).toBeNull();
    const submap = (await t.app.inject({ method: 'GET', url: map.sections[0].submap })).json();
    expect(submap.rows).toHaveLength(50);
    expect(submap.rows[0].ids).toHaveLength(100);
  });

  it('starts a demo show at its hour on Brasília time whatever the server zone, and names its seats in pt-BR', async () => {
    // A server in another zone once started the 20:00 shows at 20:00 of its own clock.
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      const venue = await createLargeVenue(t.database.db, { seats: 1_200, slug: 'estadio-outro-fuso' });
      const [row] = await selectRows<{ name: string; starts_at: string | Date }>(
        t.database.db,
        sql`SELECT name, starts_at FROM events WHERE id = ${venue.id}`,
      );
      expect(formatTime(row!.starts_at)).toBe('20:00');
      expect(row!.name).toBe('Estádio (1.200 lugares)');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
