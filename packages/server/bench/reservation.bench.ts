// `npm run bench` (plain node): reservation throughput on a hot lot. Every request of
// `POST /cart/reserve` at concurrency 100 takes one unit of the same lot (one row every
// buyer contends for), over real HTTP through the real server entry, on PostgreSQL, beside
// pgbench running the lot's conditional increment (stock/lots.ts) on a hot row of the same
// database, before and after, and the ratio of the two. Uses
// BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) to
// create and drop a scratch database; skips (exit 0) when no server answers.

import { sql } from 'drizzle-orm';
import { createEvent } from '../src/catalogue/create.ts';
import { selectRows } from '../src/db/sql.ts';
import { takeFromLotQuery } from '../src/stock/lots.ts';
import { createBuyers } from '../test/race/cluster.ts';
import {
  benchOnScratchDatabase,
  checkReservationBudget,
  pgbench,
  pgbenchScript,
  pgbenchSide,
  reserveLoad,
  SHIPPED_HOST,
} from './support.ts';

const CONCURRENCY = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BUYERS = 1000;
/** pgbench runs this long: its clients connect first, which takes seconds on a loaded machine. */
const RAW_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);

await benchOnScratchDatabase('reservation', 'plateia_bench_reserve', 5, async (scratch) => {
  const { database, startApi } = scratch;
  let passed = true;
  const startsAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const event = await createEvent(database.db, {
    slug: 'lote-quente',
    name: 'Lote Quente',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 3600 * 1000),
    lots: [{ name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: 10_000_000, perOrderLimit: 10 }],
  });
  const lotId = event.lotIds[0]!;
  // pgbench's hot row: a lot of its own on another event, so neither side's counter moves
  // the other's, on the same database and in the same run.
  const pgbenchEvent = await createEvent(database.db, {
    slug: 'lote-quente-pgbench',
    name: 'Lote Quente (pgbench)',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 3600 * 1000),
    lots: [{ name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: 100_000_000, perOrderLimit: 10 }],
  });
  const rawRun = () =>
    pgbench({
      url: scratch.url,
      script: `${pgbenchScript(takeFromLotQuery(pgbenchEvent.lotIds[0]!, 1))};\n`,
      seconds: RAW_SECONDS,
    });
  const rawBefore = await rawRun();
  const buyers = await createBuyers(database.db, BUYERS, 'bench');
  const api = await startApi(SHIPPED_HOST);
  const result = await reserveLoad({
    url: api.url,
    connections: CONCURRENCY,
    seconds: SECONDS,
    eventId: event.id,
    lotId: lotId,
    buyers,
    sessionPrefix: 'sessao-bench',
  });
  const rawAfter = await rawRun();
  const raw = pgbenchSide(rawBefore, rawAfter);
  const [lot] = await selectRows<{ reserved: number; orders: number }>(
    database.db,
    sql`SELECT reserved, (SELECT count(*)::int FROM orders WHERE status = 'reserved') AS orders
        FROM ticket_types WHERE id = ${lotId}`,
  );
  // Only reservations made count: a refusal or a 503 is not one.
  const rate = result['2xx'] / SECONDS;
  const ratio = rate / raw.tps;
  const p99 = result.latency.p99;
  console.log(
    `[reservation] HTTP POST /cart/reserve on one hot lot, concurrency ${CONCURRENCY}, ${SECONDS} s: ` +
      `${rate.toFixed(0)} reservations/s, p50 ${result.latency.p50} ms, p99 ${p99} ms, ` +
      `2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log(`[reservation] pgbench, the lot's conditional increment (one hot row): ${raw.text}`);
  console.log(
    `[reservation] ratio HTTP / pgbench: ${rate.toFixed(0)} / ${raw.tps.toFixed(0)} = ${ratio.toFixed(2)}`,
  );
  console.log(`[reservation] lot counter ${lot?.reserved} reserved units for ${lot?.orders} live orders`);
  if (result.non2xx > 0 || result.errors > 0 || lot?.reserved !== lot?.orders) {
    console.error('[reservation] FAIL: refused reservations or counters out of step');
    passed = false;
  }
  if (!checkReservationBudget('reservation', rate, result.latency.p99, ratio)) passed = false;
  return passed;
});
