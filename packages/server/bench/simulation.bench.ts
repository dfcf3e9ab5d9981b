// `npm run bench simulation` (plain node): the seeded simulator of test/simulation/ (docs/integrity.md)
// on PostgreSQL with fresh random seeds, for longer than `npm test` runs it: every invariant after
// every step. Prints steps run, steps per second and the seeds; a failure prints the shrunk
// sequence with its seed and path (replay it with SIM_SEED and SIM_PATH in the vitest suite).
// Runs seeds one after another for SIM_BENCH_SECONDS (default 120); SIM_ACTIONS=all adds the
// actions awaiting fixes. The API host runs as SIM_PROCESSES separate processes (default 2; 0 runs
// it in this process) on the scratch database, the simulator sending requests and job runs to
// each in turn, so the jobs of one process meet the requests of the other. Uses
// BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); skips
// (exit 0) when no server answers.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { ACTIONS_AWAITING_FIXES, ALL_ACTIONS, DEFAULT_ACTIONS } from '../test/simulation/actions.ts';
import { simulate } from '../test/simulation/simulate.ts';
import { createScratchDatabase } from './support.ts';

const SECONDS = Number(process.env.SIM_BENCH_SECONDS ?? 120);
const PROCESSES = Number(process.env.SIM_PROCESSES ?? 2);
const budget = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'budgets.json'), 'utf8'))
  .simulation as { minStepsPerSecond: number };

let databases = 0;
/** A migrated scratch database of its own, dropped when closed. */
async function scratchDatabase(): Promise<DatabaseHandle> {
  databases++;
  const scratch = await createScratchDatabase('simulation', `plateia_bench_sim${databases}`);
  const handle = await openDatabase({ url: scratch.url, poolSize: 10 });
  await migrate(handle);
  const close = handle.close;
  handle.close = async () => {
    await close();
    await scratch.drop();
  };
  return handle;
}

const actions = process.env.SIM_ACTIONS === 'all' ? ALL_ACTIONS : DEFAULT_ACTIONS;
const started = performance.now();
let steps = 0;
let runs = 0;
const seeds: number[] = [];
let failure: string | null = null;
while (!failure && (performance.now() - started) / 1000 < SECONDS) {
  const seed = Math.floor(Math.random() * 2 ** 31);
  seeds.push(seed);
  const left = SECONDS * 1000 - (performance.now() - started);
  const report = await simulate({
    database: scratchDatabase,
    actions,
    seed,
    numRuns: 200,
    maxCommands: 80,
    processes: PROCESSES,
    timeLimitMs: Math.max(10_000, Math.min(60_000, left)),
  });
  steps += report.steps;
  runs += report.runs;
  failure = report.failure;
  console.log(
    `[simulation] seed ${seed}: ${report.runs} runs, ${report.steps} steps in ${report.seconds.toFixed(1)} s ` +
      `(${report.stepsPerSecond.toFixed(1)} steps/s)`,
  );
}
const seconds = (performance.now() - started) / 1000;
const rate = steps / seconds;
console.log(
  `[simulation] PostgreSQL, ${PROCESSES > 0 ? `${PROCESSES} API processes` : 'the API host in this process'}, ${actions.length} actions${
    actions === DEFAULT_ACTIONS
      ? ` (awaiting fixes, not run: ${Object.keys(ACTIONS_AWAITING_FIXES).join(', ') || 'none'})`
      : ''
  }: ${steps} steps in ${runs} runs, ${seconds.toFixed(0)} s, ${rate.toFixed(1)} steps/s; seeds ${seeds.join(', ')}`,
);
let passed = true;
if (failure) {
  console.log(`[simulation] FAILED: an invariant broke\n${failure}`);
  passed = false;
}
if (rate < budget.minStepsPerSecond) {
  console.log(
    `[simulation] FAILED: ${rate.toFixed(1)} steps/s is below the budget of ${budget.minStepsPerSecond}`,
  );
  passed = false;
}
process.exit(passed ? 0 : 1);
