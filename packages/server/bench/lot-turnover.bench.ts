// `npm run bench` (plain node): reservation throughput across a lot turnover ("virada de
// lote", docs/buying.md). Every request of `POST /cart/reserve` at concurrency 100 names the
// 1º lote of one ticket type; the 1º lote (TURN_AT units) sells out during the run and the
// rest come from the 2º lote, through the real server entry on PostgreSQL. Checks that no
// request failed, that the 1º lote sold exactly out before the 2º sold anything, and that
// every order line is priced at its own lot. Uses BENCH_DATABASE_URL or DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test); skips (exit 0) when no server answers.

import { sql } from 'drizzle-orm';
import { createEvent } from '../src/catalogue/create.ts';
import { selectRows } from '../src/db/sql.ts';
import { createBuyers } from '../test/race/cluster.ts';
import { benchOnScratchDatabase, checkReservationBudget, reserveLoad } from './support.ts';

const CONCURRENCY = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BUYERS = 1000;
const TURN_AT = 200;

await benchOnScratchDatabase('lot-turnover', 'plateia_bench_turnover', 5, async ({ database, startApi }) => {
  let passed = true;
  const startsAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const event = await createEvent(database.db, {
    slug: 'virada-de-lote',
    name: 'Virada de Lote',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 3600 * 1000),
    lots: [
      { name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: TURN_AT, perOrderLimit: 10 },
      { name: 'Pista', nNumber: 2, priceCents: 12_000, quantity: 10_000_000, perOrderLimit: 10 },
    ],
  });
  const [first, second] = event.lotIds as [number, number];
  const buyers = await createBuyers(database.db, BUYERS, 'virada');
  const api = await startApi();
  const result = await reserveLoad({
    url: api.url,
    connections: CONCURRENCY,
    seconds: SECONDS,
    eventId: event.id,
    lotId: first,
    buyers,
    sessionPrefix: 'sessao-virada',
  });
  const lots = await selectRows<{ id: number; reserved: number; lines: number; mispriced: number }>(
    database.db,
    sql`SELECT t.id, t.reserved,
          (SELECT count(*)::int FROM order_items i JOIN orders o ON o.id = i.order_id
            WHERE i.ticket_type_id = t.id AND o.status = 'reserved') AS lines,
          (SELECT count(*)::int FROM order_items i JOIN orders o ON o.id = i.order_id
            WHERE i.ticket_type_id = t.id AND o.status = 'reserved' AND i.unit_price_cents <> t.price_cents) AS mispriced
        FROM ticket_types t WHERE t.id IN (${first}, ${second}) ORDER BY t.n_number`,
  );
  const rate = result.requests.average;
  const p99 = result.latency.p99;
  console.log(
    `[lot-turnover] HTTP POST /cart/reserve naming the 1º lote (${TURN_AT} units, then the 2º), concurrency ` +
      `${CONCURRENCY}, ${SECONDS} s: ${rate.toFixed(0)} reservations/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${p99} ms, 2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log(
    `[lot-turnover] 1º lote ${lots[0]?.reserved} reserved / ${lots[0]?.lines} lines, ` +
      `2º lote ${lots[1]?.reserved} reserved / ${lots[1]?.lines} lines, mispriced lines ${(lots[0]?.mispriced ?? 0) + (lots[1]?.mispriced ?? 0)}`,
  );
  const consistent =
    lots.length === 2 &&
    lots.every((lot) => lot.reserved === lot.lines && lot.mispriced === 0) &&
    // The 2º lote sold only once the 1º was gone.
    (lots[1]!.reserved === 0 || lots[0]!.reserved === TURN_AT);
  if (result.non2xx > 0 || result.errors > 0 || !consistent) {
    console.error('[lot-turnover] FAIL: refused reservations, counters out of step or lots out of order');
    passed = false;
  }
  // The same budget as one hot lot: the turnover must not cost a hot lot's throughput.
  if (!checkReservationBudget('lot-turnover', result.requests.average, result.latency.p99)) passed = false;
  return passed;
});
