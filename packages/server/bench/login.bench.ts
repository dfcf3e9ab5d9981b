// `npm run bench` (plain node): login throughput of the API host over real HTTP.
// Starts the app on a temporary PGlite (or DATABASE_URL), creates one verified customer,
// then runs getsalt + login pairs at concurrency 50 for BENCH_SECONDS (default 10) and
// compares logins/s and p99 latency with the "login" budget in budgets.json.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ARGON2_OPTIONS, hashDigest, newSalt, passwordDigest } from '../src/accounts/passwords.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { execute } from '../src/db/sql.ts';
import { readBudget } from './support.ts';

interface LoginBudget {
  minLoginsPerSecond: number;
  maxP99Ms: number;
}

const CONCURRENCY = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EMAIL = 'bench@plateia.dev';
const PASSWORD = 'plateia123';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const dataDir = mkdtempSync(join(tmpdir(), 'plateia-bench-login-'));
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, poolSize: 20 }
    : { dataDir: join(dataDir, 'db') },
);
await migrate(database);

// One hash on its own: the cost every login pays.
const hashTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  await hashDigest(passwordDigest(newSalt(), PASSWORD));
  hashTimes.push(performance.now() - started);
}
hashTimes.sort((a, b) => a - b);

const salt = newSalt();
const passwordHash = await hashDigest(passwordDigest(salt, PASSWORD));
await execute(
  database.db,
  sql`INSERT INTO customers (email, salt, password_hash, namef, email_verified_at)
      VALUES (${EMAIL}, ${salt}, ${passwordHash}, 'Bench', ${new Date().toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING`,
);

const config = loadConfig(
  { ...process.env, NODE_ENV: 'test' },
  { seedDemo: false, dataDir, logLevel: 'silent', authRateLimit: { max: 1_000_000, timeWindow: 60_000 } },
);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const latencies: number[] = [];
let failures = 0;
const deadline = performance.now() + SECONDS * 1000;

async function worker(id: number): Promise<void> {
  const uuid = `bench-${id}`;
  while (performance.now() < deadline) {
    const started = performance.now();
    try {
      const saltRes = await fetch(`${base}/getsalt/${EMAIL}/${uuid}`, { method: 'POST' });
      const { msg } = (await saltRes.json()) as { msg: string };
      const loginRes = await fetch(`${base}/login/${EMAIL}/${passwordDigest(msg, PASSWORD)}/${uuid}/${msg}`, {
        method: 'POST',
      });
      await loginRes.arrayBuffer();
      if (loginRes.status !== 200) failures++;
      else latencies.push(performance.now() - started);
    } catch {
      failures++;
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
const elapsed = (performance.now() - started) / 1000;
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const rate = latencies.length / elapsed;
const p50 = percentile(latencies, 50);
const p99 = percentile(latencies, 99);
const fmt = (n: number) => n.toFixed(1);
console.log(`login: ${database.kind}, concurrency ${CONCURRENCY}, ${fmt(elapsed)} s`);
console.log(
  `  argon2id m=${ARGON2_OPTIONS.memoryCost} KiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}; one hash: median ${fmt(percentile(hashTimes, 50))} ms`,
);
console.log(`  ${latencies.length} logins (getsalt + login), ${failures} failed`);
console.log(`  ${fmt(rate)} logins/s, p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms (pair latency)`);

const budget = readBudget<LoginBudget>('login');
const problems: string[] = [];
if (failures > 0) problems.push(`${failures} requests failed`);
if (budget) {
  if (rate < budget.minLoginsPerSecond)
    problems.push(`${fmt(rate)} logins/s < budget ${budget.minLoginsPerSecond}`);
  if (p99 > budget.maxP99Ms) problems.push(`p99 ${fmt(p99)} ms > budget ${budget.maxP99Ms} ms`);
  console.log(`  budget: at least ${budget.minLoginsPerSecond} logins/s, p99 at most ${budget.maxP99Ms} ms`);
} else {
  problems.push('no "login" budget in budgets.json');
}
if (problems.length > 0) {
  console.error(`  OVER BUDGET: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('  within budget');
