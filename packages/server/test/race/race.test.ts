import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { festivalInput, sectionSeatIds, theatreInput } from '../catalogue/fixtures.ts';
import { databaseKind } from '../support/app.ts';
import { type ApiProcess, cloneDatabase, createBuyers, startApiProcess } from './cluster.ts';

const CLIENTS = 240;
const LOT_UNITS = 50;
const TAKEN = 'Este assento acabou de ser reservado por outra pessoa';
const NOT_PERMITTED = 'A quantidade desejada para um dos ingressos selecionados não está mais disponível.';

interface Answer {
  status: number;
  body: {
    success?: boolean;
    message?: string;
    tickets?: { tk_allow: { tk_is_permitted_to_buy: boolean } }[];
  };
}

async function postJson(url: string, body: unknown, token?: string): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

// Several API processes on one PostgreSQL: only the PostgreSQL suite can run it.
describe.skipIf(databaseKind !== 'postgres')(
  'race: 240 buyers through two API processes on one PostgreSQL',
  () => {
    let scratch: { url: string; drop(): Promise<void> };
    let database: DatabaseHandle;
    let servers: ApiProcess[] = [];
    let theatre: CreatedEvent;
    let festival: CreatedEvent;
    let hotSeats: number[];
    let buyers: { id: number; email: string; token: string }[];

    beforeAll(async () => {
      scratch = await cloneDatabase(inject('pgTemplateUrl'), 'plateia_race');
      database = await openDatabase({ url: scratch.url, poolSize: 4 });
      const theatreSpec = theatreInput('teatro-corrida');
      theatre = await createEvent(database.db, theatreSpec);
      const festivalSpec = festivalInput('festival-corrida');
      festivalSpec.lots = [
        { name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: LOT_UNITS, perOrderLimit: 4 },
      ];
      festival = await createEvent(database.db, festivalSpec);
      // 15 + 8 seats: every client wants two of them, so most collide.
      hotSeats = [
        ...(await sectionSeatIds(database.db, theatre.sections[0]!.id)),
        ...(await sectionSeatIds(database.db, theatre.sections[1]!.id)),
      ];
      buyers = await createBuyers(database.db, CLIENTS);
      servers = await Promise.all([startApiProcess(scratch.url), startApiProcess(scratch.url)]);
    }, 60_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.close();
      await scratch?.drop();
    });

    it('never holds a seat for two sessions, never oversells a lot, and tells every loser why', async () => {
      const sessionOf = (i: number) => `sessao-corrida-${i}`;
      const wanted = (i: number) => {
        const a = hotSeats[i % hotSeats.length]!;
        const b = hotSeats[(i * 7 + 3) % hotSeats.length]!;
        return a === b ? [a] : [a, b];
      };
      const server = (i: number) => servers[i % servers.length]!.url;

      // Round 1: everyone grabs two overlapping seats at once (logged in: one address
      // holding for 240 visitors would meet the per-address cap).
      const holds = await Promise.all(
        buyers.map((buyer, i) =>
          postJson(
            `${server(i)}/seat/hold`,
            { eventId: theatre.id, seatIds: wanted(i), sessionId: sessionOf(i) },
            buyer.token,
          ),
        ),
      );
      const winners = holds.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
      for (const answer of holds) {
        expect([200, 409]).toContain(answer.status);
        if (answer.status === 409) expect(answer.body).toMatchObject({ success: false, message: TAKEN });
      }
      const claimed = winners.flatMap((i) => wanted(i));
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(winners.length).toBeGreaterThan(0);
      expect(winners.length).toBeLessThan(CLIENTS);
      const heldRows = await selectRows<{ id: number; held_by: string }>(
        database.db,
        sql`SELECT id, held_by FROM seats WHERE event_id = ${theatre.id} AND held_until > now()`,
      );
      expect(heldRows.length).toBe(claimed.length);
      for (const i of winners) {
        for (const seat of wanted(i))
          expect(heldRows.find((row) => row.id === seat)?.held_by).toBe(sessionOf(i));
      }

      // Round 2: everyone reserves one unit of a 50-unit lot, while the seat winners (and
      // some losers, trying seats they do not hold) reserve seats, all at once.
      const seatLot = (seat: number) => theatre.sections[hotSeats.indexOf(seat) < 15 ? 0 : 1]!.lotIds[0]!;
      const lotRequests = buyers.map((buyer, i) =>
        postJson(
          `${server(i + 1)}/cart/reserve`,
          {
            user: buyer.id,
            event_id: festival.id,
            products: [],
            tickets: [{ tk_id: festival.lotIds[0], tk_qtd: 1 }],
            sessionId: `sessao-lote-${i}`,
          },
          buyer.token,
        ),
      );
      const seatRequests = buyers.slice(0, 60).map((buyer, i) =>
        postJson(
          `${server(i)}/cart/reserve`,
          {
            user: buyer.id,
            event_id: theatre.id,
            products: [],
            tickets: wanted(i).map((seat) => ({ tk_id: seatLot(seat), tk_qtd: 1, seat_id: seat })),
            sessionId: sessionOf(i),
          },
          buyer.token,
        ),
      );
      const [lotAnswers, seatAnswers] = await Promise.all([
        Promise.all(lotRequests),
        Promise.all(seatRequests),
      ]);

      const lotWins = lotAnswers.filter((answer) => answer.status === 200);
      expect(lotWins.length).toBe(LOT_UNITS);
      for (const answer of lotAnswers.filter((a) => a.status !== 200)) {
        expect(answer.status).toBe(409);
        expect(answer.body.message).toBe(NOT_PERMITTED);
        expect(answer.body.tickets?.[0]?.tk_allow.tk_is_permitted_to_buy).toBe(false);
      }
      const [lot] = await selectRows<{ reserved: number; sold: number; quantity: number; lines: number }>(
        database.db,
        sql`SELECT t.reserved, t.sold, t.quantity,
            (SELECT count(*)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
              WHERE oi.ticket_type_id = t.id AND o.status = 'reserved') AS lines
          FROM ticket_types t WHERE t.id = ${festival.lotIds[0]!}`,
      );
      expect(lot).toEqual({ reserved: LOT_UNITS, sold: 0, quantity: LOT_UNITS, lines: LOT_UNITS });

      seatAnswers.forEach((answer, i) => {
        if (winners.includes(i)) {
          expect(answer.status).toBe(200);
        } else {
          expect(answer.status).toBe(409);
          expect(answer.body.message).toBe(
            'Um ou mais assentos selecionados ficaram indisponíveis. Por favor, selecione outros assentos.',
          );
        }
      });
      const doubled = await selectRows<{ seat_id: number }>(
        database.db,
        sql`SELECT oi.seat_id FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE o.status = 'reserved' AND oi.seat_id IS NOT NULL
          GROUP BY oi.seat_id HAVING count(*) > 1`,
      );
      expect(doubled).toEqual([]);
    }, 30_000);
  },
);
