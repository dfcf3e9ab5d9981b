// `npm run bench` (plain node): the schema-driven fuzzer of test/fuzz with a larger budget
// than `npm test`. Builds the API host on a migrated PGlite with the demo data, the sandbox
// PSP and card gateway, then sends FUZZ_RUNS (default: budgets.json apiFuzz.runsPerOperation)
// generated requests to every operation of /openapi.json and reports the requests tried,
// the operations covered and the 5xx answers, which must be 0.
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { EXCLUDED_OPERATIONS, runFuzz } from '../test/fuzz/run.ts';
import { startFuzzTarget } from '../test/fuzz/target.ts';
import { testConfig } from '../test/support/app.ts';
import { checkBudget, readBudget } from './support.ts';

interface FuzzBudget {
  runsPerOperation: number;
  seed: number;
  minOperations: number;
  maxServerErrors: number;
}

const LABEL = 'api-fuzz';
const budget = readBudget<FuzzBudget>('apiFuzz') ?? {
  runsPerOperation: 300,
  seed: 1,
  minOperations: 60,
  maxServerErrors: 0,
};
const runs = Number(process.env.FUZZ_RUNS ?? budget.runsPerOperation);
const seed = Number(process.env.FUZZ_SEED ?? budget.seed);

const database = await openDatabase();
await migrate(database);
const target = await startFuzzTarget(database, testConfig({ logLevel: 'silent' }));
const started = performance.now();
const report = await runFuzz(target, { seed, runsPerOperation: runs, only: process.env.FUZZ_ONLY });
const seconds = (performance.now() - started) / 1000;
await target.close();
await database.close();

console.log(
  `[${LABEL}] ${report.requests} requests tried on ${report.operations} operations (${runs} per operation, seed ${seed}) in ${seconds.toFixed(1)} s: ${(report.requests / seconds).toFixed(0)} requests/s`,
);
console.log(
  `[${LABEL}] answers: ${Object.entries(report.statuses)
    .sort()
    .map(([status, count]) => `${status} ${count}`)
    .join(', ')}; 5xx = ${report.serverErrors}`,
);
console.log(`[${LABEL}] left out: ${Object.keys(EXCLUDED_OPERATIONS).join(', ')}`);
for (const failure of report.failures) console.log(`[${LABEL}] failure: ${failure}`);
const passed = checkBudget(LABEL, [
  [
    `5xx answers ${report.serverErrors} <= ${budget.maxServerErrors}`,
    report.serverErrors <= budget.maxServerErrors,
  ],
  [`failed operations ${report.failures.length} = 0`, report.failures.length === 0],
  [`operations ${report.operations} >= ${budget.minOperations}`, report.operations >= budget.minOperations],
]);
process.exit(passed ? 0 : 1);
