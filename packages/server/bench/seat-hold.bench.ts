// `npm run bench` (plain node): seat-hold throughput and p99 latency of the API host over
// real HTTP at concurrency 100 on PostgreSQL, beside the same database's raw rate for the
// equivalent single-row conditional UPDATE, measured in the same run; the ratio says how
// much of the database's capacity the HTTP path keeps; then the same load split over two
// API processes on the database, with its ratio to one process. Uses BENCH_DATABASE_URL or
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) to create and drop a
// scratch database with a generated 100,000-seat venue. Skips (exit 0) when no server answers.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/db/sql.ts';
import { holdSeatsQuery } from '../src/seat-hold/hold.ts';
import { DEFAULT_SEAT_HOLD_LIMITS, holdSeatsCall } from '../src/seat-hold/hold-limits.ts';
import { createLargeVenue } from '../src/seed/catalogue.ts';
import {
  autocannon,
  benchOnScratchDatabase,
  checkBudget,
  pgbench,
  pgbenchScript,
  pgbenchSide,
  readBudget,
  SHIPPED_HOST,
  statusCount,
} from './support.ts';

const CONCURRENCY = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** pgbench runs this long: its clients connect first, which takes seconds on a loaded machine. */
const RAW_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
/** Stand-ins pgbenchScript replaces with pgbench variables: the seat, and a session id of its own. */
const SEAT = -424242;
const SESSION = 'pgbench-session';
const ADDRESS = '192.0.2.77';
const RATE_KEY = 'pgbench-rate-key';
const GATE_AT = '2001-01-01T00:00:00.000Z';

interface SeatHoldBudget {
  minHoldsPerSecond: number;
  maxP99Ms: number;
  minRatioToPgbench: number;
}

await benchOnScratchDatabase('seat-hold', 'plateia_bench_hold', 20, async (scratch) => {
  const { database } = scratch;
  let passed = true;
  const started = performance.now();
  const venue = await createLargeVenue(database.db, { seats: 100_000 });
  console.log(
    `[seat-hold] venue of 100,000 seats generated in ${Math.round(performance.now() - started)} ms`,
  );
  const ids = (
    await selectRows<{ id: number }>(
      database.db,
      sql`SELECT id FROM seats WHERE event_id = ${venue.id} ORDER BY id`,
    )
  ).map((row) => row.id);
  const half = Math.floor(ids.length / 2);
  const httpSeats = ids.slice(0, half);
  const rawSeats = ids.slice(half);

  // 1. The database alone: pgbench running the very statement one hold runs (holdSeatsQuery,
  // one seat, its own session id) on the other half of the seats, before and after the HTTP
  // runs, so that load from elsewhere on the machine weighs on both sides of the ratio alike.
  const first = rawSeats[0]!;
  const last = rawSeats[rawSeats.length - 1]!;
  if (last - first + 1 !== rawSeats.length) throw new Error("the venue's seat ids are not contiguous");
  const script = pgbenchScript(
    holdSeatsQuery({ eventId: venue.id, seatIds: [SEAT], sessionId: SESSION, holdSeconds: 600 }),
    { [`{${SEAT}}`]: "'{' || :seat || '}'", [SESSION]: "'pgbench-' || :seat" },
  );
  const rawRun = () =>
    pgbench({
      url: scratch.url,
      script: `\\set seat random(${first}, ${last})\n${script};\n`,
      seconds: RAW_SECONDS,
    });
  const rawBefore = await rawRun();
  // For the record, not the ratio: the whole hold as the host sends it (holdSeatsCall: the
  // call limit, the gate, the caps, the usage row and the UPDATE), run by pgbench alone.
  const fullHold = await pgbench({
    url: scratch.url,
    script: `\\set seat random(${first}, ${last})\n${pgbenchScript(
      holdSeatsCall(
        {
          eventId: venue.id,
          seatIds: [SEAT],
          sessionId: SESSION,
          holdSeconds: 600,
          accountId: null,
          address: ADDRESS,
        },
        DEFAULT_SEAT_HOLD_LIMITS,
        {
          gateAt: new Date(GATE_AT),
          rate: { key: RATE_KEY, max: DEFAULT_SEAT_HOLD_LIMITS.holdsPerMinute, windowMs: 60_000 },
        },
      ),
      {
        [`{${SEAT}}`]: "'{' || :seat || '}'",
        [SESSION]: "'pgbench-' || :seat",
        [`session:${SESSION}`]: "'session:pgbench-' || :seat",
        [ADDRESS]: "'10.200.' || :seat",
        [RATE_KEY]: "'pgbench-rate-' || :seat",
      },
    )};\n`,
    seconds: RAW_SECONDS,
  });
  console.log(
    `[seat-hold] pgbench, the whole hold in its one statement (no HTTP): ${fullHold.tps.toFixed(0)}/s`,
  );

  // 2. HTTP: POST /seat/hold through the real server entry in its own process, with the
  // seat-hold caps on (docs/security.md). Many buyers, not one address holding thousands
  // of seats (which the caps refuse): the bench stands behind a trusted proxy and each
  // request comes from its own visitor address and browser session.
  // The host as it ships: its overload guard and request log on (NODE_ENV=test, which the
  // child runs under, turns both off).
  Object.assign(process.env, { TRUST_PROXY: '127.0.0.1' });
  const api = await scratch.startApi(SHIPPED_HOST);
  let next = 0;
  // Every request holds a seat no one has held yet, across both runs below.
  const holdLoad = (url: string, connections: number) =>
    autocannon({
      url,
      connections,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/seat/hold',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            const seat = httpSeats[next++ % httpSeats.length]!;
            const visitor = `10.${(seat >> 16) & 255}.${(seat >> 8) & 255}.${seat & 255}`;
            return {
              ...request,
              headers: { ...(request.headers as Record<string, string>), 'x-forwarded-for': visitor },
              body: JSON.stringify({
                eventId: venue.id,
                seatIds: [seat],
                sessionId: `sessao-${seat}`,
                holdSeconds: 600,
              }),
            };
          },
        },
      ],
    });
  const result = await holdLoad(api.url, CONCURRENCY);

  // 3. Two API processes on the same database, the same total concurrency split between
  // them: what a second process adds on this machine (docs/jobs.md, "More than one process").
  const second = await scratch.startApi(SHIPPED_HOST);
  const pair = await Promise.all([holdLoad(api.url, CONCURRENCY / 2), holdLoad(second.url, CONCURRENCY / 2)]);
  // Only answered holds count: a 503 or a 429 is not a hold.
  const pairRate = (pair[0]['2xx'] + pair[1]['2xx']) / SECONDS;
  const pairP99 = Math.max(pair[0].latency.p99, pair[1].latency.p99);
  const pairFailures = pair.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
  const rawAfter = await rawRun();
  const raw = pgbenchSide(rawBefore, rawAfter);
  const rawRate = raw.tps;
  const holdsPerSecond = result['2xx'] / SECONDS;
  const shed = statusCount(result, 503) + statusCount(pair[0], 503) + statusCount(pair[1], 503);
  const p99 = result.latency.p99;
  const ratio = holdsPerSecond / rawRate;
  console.log(
    `[seat-hold] HTTP POST /seat/hold, concurrency ${CONCURRENCY}, ${SECONDS} s: ${holdsPerSecond.toFixed(0)} holds/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${p99} ms, non-2xx ${result.non2xx} (503 ${statusCount(result, 503)}), errors ${result.errors}`,
  );
  console.log(`[seat-hold] pgbench, the hold's conditional UPDATE: ${raw.text}`);
  console.log(
    `[seat-hold] ratio HTTP / pgbench: ${holdsPerSecond.toFixed(0)} / ${rawRate.toFixed(0)} = ${ratio.toFixed(2)}`,
  );
  console.log(
    `[seat-hold] two API processes, concurrency ${CONCURRENCY / 2} each, ${SECONDS} s: ${pairRate.toFixed(0)} holds/s, ` +
      `p99 ${pairP99} ms, non-2xx and errors ${pairFailures}; ratio to one process ${(pairRate / holdsPerSecond).toFixed(2)}`,
  );
  const budget = readBudget<SeatHoldBudget>('seatHold');
  if (result.non2xx > 0 || result.errors > 0 || pairFailures > 0) {
    console.error(`[seat-hold] FAIL: some holds were refused or failed (${shed} shed with 503)`);
    passed = false;
  }
  if (budget) {
    const withinBudget = checkBudget('seat-hold', [
      [
        `holds/s ${holdsPerSecond.toFixed(0)} >= ${budget.minHoldsPerSecond}`,
        holdsPerSecond >= budget.minHoldsPerSecond,
      ],
      [`p99 ${p99} ms <= ${budget.maxP99Ms} ms`, p99 <= budget.maxP99Ms],
      [
        `ratio to pgbench ${ratio.toFixed(2)} >= ${budget.minRatioToPgbench}`,
        ratio >= budget.minRatioToPgbench,
      ],
    ]);
    if (!withinBudget) passed = false;
  }
  return passed;
});
