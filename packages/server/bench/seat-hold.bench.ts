// `npm run bench` (plain node): seat-hold throughput and p99 latency of the API host over
// real HTTP at concurrency 100 on PostgreSQL, beside the same database's raw rate for the
// equivalent single-row conditional UPDATE, measured in the same run; the ratio says how
// much of the database's capacity the HTTP path keeps; then the same load split over two
// API processes on the database, with its ratio to one process. Uses BENCH_DATABASE_URL or
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) to create and drop a
// scratch database with a generated 100,000-seat venue. Skips (exit 0) when no server answers.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { selectRows } from '../src/db/sql.ts';
import { holdSeatsQuery } from '../src/seat-hold/hold.ts';
import { createLargeVenue } from '../src/seed/catalogue.ts';
import { autocannon, benchOnScratchDatabase, checkBudget, readBudget } from './support.ts';

const CONCURRENCY = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RAW_SECONDS = Math.max(2, Math.round(SECONDS / 2));

interface SeatHoldBudget {
  minHoldsPerSecond: number;
  maxP99Ms: number;
  minRatioToRawUpdate: number;
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

  // 1. Raw: the same conditional UPDATE one hold runs, straight on a pool of 20 connections
  // (the API process's pool size), timed before and after the HTTP run so that load from
  // elsewhere on the machine weighs on both sides of the ratio alike.
  const dialect = new PgDialect();
  let rawNext = 0;
  const rawRun = async (): Promise<number> => {
    const pool = new pg.Pool({ connectionString: scratch.url, max: 20 });
    let count = 0;
    const deadline = performance.now() + (RAW_SECONDS * 1000) / 2;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          const seat = rawSeats[rawNext++ % rawSeats.length]!;
          const query = dialect.sqlToQuery(
            holdSeatsQuery({
              eventId: venue.id,
              seatIds: [seat],
              sessionId: `raw-${seat}`,
              holdSeconds: 600,
            }),
          );
          const result = await pool.query(query.sql, query.params as unknown[]);
          if (result.rowCount === 1) count++;
        }
      }),
    );
    await pool.end();
    return count / (RAW_SECONDS / 2);
  };
  const rawBefore = await rawRun();

  // 2. HTTP: POST /seat/hold through the real server entry in its own process, with the
  // seat-hold caps on (docs/security.md). Many buyers, not one address holding thousands
  // of seats (which the caps refuse): the bench stands behind a trusted proxy and each
  // request comes from its own visitor address and browser session.
  Object.assign(process.env, { TRUST_PROXY: '127.0.0.1' });
  const api = await scratch.startApi();
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
  const second = await scratch.startApi();
  const pair = await Promise.all([holdLoad(api.url, CONCURRENCY / 2), holdLoad(second.url, CONCURRENCY / 2)]);
  const pairRate = pair[0].requests.average + pair[1].requests.average;
  const pairP99 = Math.max(pair[0].latency.p99, pair[1].latency.p99);
  const pairFailures = pair.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
  const rawAfter = await rawRun();
  const rawRate = (rawBefore + rawAfter) / 2;
  const holdsPerSecond = result.requests.average;
  const p99 = result.latency.p99;
  const ratio = holdsPerSecond / rawRate;
  console.log(
    `[seat-hold] HTTP POST /seat/hold, concurrency ${CONCURRENCY}, ${SECONDS} s: ${holdsPerSecond.toFixed(0)} holds/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log(
    `[seat-hold] raw conditional UPDATE (pool 20, concurrency ${CONCURRENCY}, ${RAW_SECONDS} s): ${rawRate.toFixed(0)} updates/s ` +
      `(before ${rawBefore.toFixed(0)}, after ${rawAfter.toFixed(0)})`,
  );
  console.log(`[seat-hold] HTTP / raw ratio: ${ratio.toFixed(2)}`);
  console.log(
    `[seat-hold] two API processes, concurrency ${CONCURRENCY / 2} each, ${SECONDS} s: ${pairRate.toFixed(0)} holds/s, ` +
      `p99 ${pairP99} ms, non-2xx and errors ${pairFailures}; ratio to one process ${(pairRate / holdsPerSecond).toFixed(2)}`,
  );
  const budget = readBudget<SeatHoldBudget>('seatHold');
  if (result.non2xx > 0 || result.errors > 0 || pairFailures > 0) {
    console.error('[seat-hold] FAIL: some holds were refused or failed');
    passed = false;
  }
  if (budget) {
    const withinBudget = checkBudget('seat-hold', [
      [
        `holds/s ${holdsPerSecond.toFixed(0)} >= ${budget.minHoldsPerSecond}`,
        holdsPerSecond >= budget.minHoldsPerSecond,
      ],
      [`p99 ${p99} ms <= ${budget.maxP99Ms} ms`, p99 <= budget.maxP99Ms],
      [`ratio ${ratio.toFixed(2)} >= ${budget.minRatioToRawUpdate}`, ratio >= budget.minRatioToRawUpdate],
    ]);
    if (!withinBudget) passed = false;
  }
  return passed;
});
