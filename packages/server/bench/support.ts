// What the API host's benchmarks share: the load generator, the budgets file and its checks,
// and a scratch PostgreSQL database created for one run and dropped after it.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatRoomId } from '@plateia/core/rules/chat-room';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { OVERLOAD_DEFAULTS } from '../src/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { type ApiProcess, createBuyers, startApiProcess } from '../test/race/cluster.ts';

/** The part of autocannon's options the API host's benchmarks use. */
export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  requests: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
  }[];
}

/** The part of autocannon's result the benchmarks report. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  '2xx': number;
  /** Answers per status code. */
  statusCodeStats?: Record<string, { count: number }>;
}

/** Answers of one status in a load result (0 when none). */
export function statusCount(result: LoadResult, status: number): number {
  return result.statusCodeStats?.[String(status)]?.count ?? 0;
}

// autocannon ships no types and the registry mirror's @types package would be one more
// dependency; this is the slice of its documented API used here.
const load = createRequire(import.meta.url)('autocannon') as (options: LoadOptions) => Promise<LoadResult>;

/** Runs autocannon with the given options (HTTP/1.1 keep-alive, `connections` at once). */
export function autocannon(options: LoadOptions): Promise<LoadResult> {
  return load(options);
}

/** Buyers with live session tokens, as `createBuyers` makes them. */
export interface BenchBuyer {
  id: number;
  token: string;
}

/**
 * `POST /cart/reserve` at `connections` at once for `seconds`, each request one unit of
 * `lotId` for the next of `buyers` in turn, with a session id of its own.
 */
export function reserveLoad(options: {
  url: string;
  connections: number;
  seconds: number;
  eventId: number;
  lotId: number;
  buyers: BenchBuyer[];
  sessionPrefix: string;
}): Promise<LoadResult> {
  let next = 0;
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        path: '/cart/reserve',
        setupRequest: (request) => {
          const n = next++;
          const buyer = options.buyers[n % options.buyers.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
            body: JSON.stringify({
              user: buyer.id,
              event_id: options.eventId,
              products: [],
              tickets: [{ tk_id: options.lotId, tk_qtd: 1 }],
              sessionId: `${options.sessionPrefix}-${n}`,
            }),
          };
        },
      },
    ],
  });
}

/** `reservation` of budgets.json: reservations per second, p99 and ratio to pgbench of `POST /cart/reserve`. */
export interface ReservationBudget {
  minReservationsPerSecond: number;
  maxP99Ms: number;
  minRatioToPgbench?: number;
}

/** Checks a reservation run against the `reservation` budget; true when within it (or none). */
export function checkReservationBudget(label: string, rate: number, p99: number, ratio?: number): boolean {
  const budget = readBudget<ReservationBudget>('reservation');
  if (!budget) return true;
  const checks: [string, boolean][] = [
    [
      `reservations/s ${rate.toFixed(0)} >= ${budget.minReservationsPerSecond}`,
      rate >= budget.minReservationsPerSecond,
    ],
    [`p99 ${p99} ms <= ${budget.maxP99Ms} ms`, p99 <= budget.maxP99Ms],
  ];
  if (ratio !== undefined && budget.minRatioToPgbench !== undefined) {
    checks.push([
      `ratio to pgbench ${ratio.toFixed(2)} >= ${budget.minRatioToPgbench}`,
      ratio >= budget.minRatioToPgbench,
    ]);
  }
  return checkBudget(label, checks);
}

/** The server the benchmarks use: BENCH_DATABASE_URL, DATABASE_URL, or the local default. */
export const benchServerUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** One section of the repository's budgets.json, or undefined when it has none. */
export function readBudget<T>(key: string): T | undefined {
  const budgets = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'budgets.json'), 'utf8'),
  );
  return budgets[key] as T | undefined;
}

/** Prints each budget check as ok or FAIL under the benchmark's label; true when all pass. */
export function checkBudget(label: string, checks: [string, boolean][]): boolean {
  for (const [check, ok] of checks) console.log(`[${label}] ${ok ? 'ok  ' : 'FAIL'} ${check}`);
  return checks.every(([, ok]) => ok);
}

/** A database created for one benchmark run. */
export interface ScratchDatabase {
  url: string;
  /** Drops the database (closing any connection left on it) and disconnects. */
  drop(): Promise<void>;
}

/**
 * Creates a scratch database on the benchmark server, or prints a skip line and exits 0 when
 * no PostgreSQL answers, so `npm run bench` still runs where none is installed.
 */
export async function createScratchDatabase(label: string, name: string): Promise<ScratchDatabase> {
  const adminUrl = new URL(benchServerUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `[${label}] skipped: no PostgreSQL answers at ${adminUrl.host} (${(error as Error).message})`,
    );
    process.exit(0);
  }
  const scratchName = `${name}_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${scratchName}`);
  await admin.query(`CREATE DATABASE ${scratchName}`);
  const scratchUrl = new URL(benchServerUrl);
  scratchUrl.pathname = `/${scratchName}`;
  return {
    url: scratchUrl.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** What a benchmark run gets: its migrated scratch database and the API host on it. */
export interface ScratchRun {
  /** The scratch database's URL. */
  url: string;
  database: DatabaseHandle;
  /**
   * Starts the real server entry in its own process on the scratch database (call again for
   * more processes), with `env` added to its settings; all stopped after the run.
   */
  startApi(env?: Record<string, string>): Promise<ApiProcess>;
}

/**
 * Runs a benchmark on a fresh migrated scratch database (see createScratchDatabase), then
 * stops the API host if it was started, drops the database and exits: 0 when `run` returns
 * true, 1 when it reports a failure.
 */
export async function benchOnScratchDatabase(
  label: string,
  name: string,
  poolSize: number,
  run: (scratch: ScratchRun) => Promise<boolean>,
): Promise<never> {
  const scratch = await createScratchDatabase(label, name);
  const apis: ApiProcess[] = [];
  let passed = false;
  const database = await openDatabase({ url: scratch.url, poolSize });
  try {
    await migrate(database);
    passed = await run({
      url: scratch.url,
      database,
      startApi: async (env = {}) => {
        const api = await startApiProcess(scratch.url, 180_000, env);
        apis.push(api);
        return api;
      },
    });
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    await database.close();
    await scratch.drop();
  }
  process.exit(passed ? 0 : 1);
}

/** Two customers with live sessions who are friends, and their chat room. */
export interface FriendPair {
  a: { id: number; token: string };
  b: { id: number; token: string };
  room: string;
}

/**
 * `pairs` pairs of verified customers with session tokens (`createBuyers`), each pair an
 * accepted friendship (one `friendships` row, status 1), as the chat benchmarks need.
 */
export async function createFriendPairs(db: Database, pairs: number, prefix: string): Promise<FriendPair[]> {
  const people = await createBuyers(db, pairs * 2, prefix);
  const list = Array.from({ length: pairs }, (_, i) => {
    const a = people[2 * i]!;
    const b = people[2 * i + 1]!;
    return {
      a: { id: a.id, token: a.token },
      b: { id: b.id, token: b.token },
      room: chatRoomId(a.id, b.id),
    };
  });
  const json = JSON.stringify(list.map((pair) => ({ f: pair.a.id, t: pair.b.id })));
  await db.execute(sql`
    INSERT INTO friendships (from_customer_id, to_customer_id, status, accepted_at)
    SELECT r.f, r.t, 1, now() FROM json_to_recordset(${json}::json) AS r(f int, t int)`);
  return list;
}

/** Fields of `/proc/<pid>/stat` after the command name (index 0 is the state, 1 the parent). */
function procStat(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * The pid of the API host started by `startApi` (a child of this process running
 * `src/server.ts`), found in /proc since the child handle is not exposed; null when /proc
 * is not readable (not Linux).
 */
export function apiProcessPid(): number | null {
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (Number(procStat(Number(entry))[1]) !== process.pid) continue;
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (cmdline.includes('server.ts')) return Number(entry);
      } catch {
        // The process ended while the list was read.
      }
    }
  } catch {
    // No /proc.
  }
  return null;
}

let clockTicks: number | undefined;

/** CPU seconds (user + system) a process has used so far, from `/proc/<pid>/stat`. */
export function processCpuSeconds(pid: number): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const fields = procStat(pid);
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** Resident memory of a process in MB, from `/proc/<pid>/status`. */
export function processRssMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** The value at fraction `p` (0.5, 0.99) of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** What pgbench did with one script: transactions per second, with its command line. */
export interface PgbenchResult {
  tps: number;
  transactions: number;
  /** The command as run (the database URL left out), for the report. */
  command: string;
}

/**
 * pgbench's clients: the API process's pool (20) is what the HTTP side gets, and the shared
 * server allows 100 connections in all, which other work on the machine also uses; 50
 * clients on 2 threads is past the point where pgbench's rate stops growing on 2 cores.
 */
export const PGBENCH_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 50);

/**
 * Runs `pgbench -n -f <script> -c <clients> -j 2 -T <seconds>` against `url` (the same
 * database the HTTP side uses): the database's own rate for a statement, with no client
 * process of ours in the way. `variables` become `-D name=value`. Throws when pgbench is
 * missing or fails, so a benchmark cannot quietly compare against nothing.
 */
export async function pgbench(options: {
  url: string;
  /** The transaction script (pgbench's language: `\set`, then SQL statements). */
  script: string;
  seconds: number;
  clients?: number;
  variables?: Record<string, string | number>;
}): Promise<PgbenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'plateia-pgbench-'));
  const file = join(dir, 'script.sql');
  writeFileSync(file, options.script);
  const clients = options.clients ?? PGBENCH_CLIENTS;
  const args = [
    '-n',
    '-f',
    file,
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(options.seconds),
    ...Object.entries(options.variables ?? {}).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
  ];
  try {
    const output = await new Promise<string>((resolve, reject) => {
      execFile('pgbench', [...args, options.url], { encoding: 'utf8' }, (error, stdout, stderr) => {
        if (error) reject(new Error(`pgbench failed: ${stderr || error.message}`));
        else resolve(stdout);
      });
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
    const processed = /number of transactions actually processed: (\d+)/.exec(output);
    const failed = /number of failed transactions: (\d+)/.exec(output);
    if (!tps || !processed) throw new Error(`pgbench printed no rate:\n${output}`);
    if (failed && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} transactions failed`);
    return {
      tps: Number(tps[1]),
      transactions: Number(processed[1]),
      command: `pgbench ${args.join(' ').replace(file, 'script.sql')}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The mean of two pgbench runs, one before and one after the HTTP load, as the report prints it. */
export function pgbenchSide(before: PgbenchResult, after: PgbenchResult): { tps: number; text: string } {
  const tps = (before.tps + after.tps) / 2;
  return {
    tps,
    text: `${tps.toFixed(0)}/s (before ${before.tps.toFixed(0)}, after ${after.tps.toFixed(0)}; ${before.command})`,
  };
}

/**
 * A statement the API host runs (drizzle `sql`), as pgbench script text: each parameter
 * becomes a SQL literal, except those whose text `variables` maps to a pgbench expression
 * (`{'-424242': ':seat', '{-424242}': "'{' || :seat || '}'"}`), so pgbench runs the very
 * statement the host sends, with its own values where they must vary.
 */
export function pgbenchScript(query: SQL, variables: Record<string, string> = {}): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return text
    .replace(/--[^\n]*/g, '')
    .replace(/\$(\d+)/g, (_match, index: string) => {
      const value = params[Number(index) - 1];
      if (value === null || value === undefined) return 'NULL';
      const key = value instanceof Date ? value.toISOString() : String(value);
      if (key in variables) return `(${variables[key]})`;
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      return `'${key.replaceAll("'", "''")}'`;
    })
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * The settings the API host ships with that NODE_ENV=test (which `startApi` runs it under)
 * turns off: the overload guard at its defaults and the request log at `info` (written to
 * the child's stdout, which the benchmark discards, so its cost is the host's own).
 */
export const SHIPPED_HOST: Record<string, string> = {
  LOG_LEVEL: 'info',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: String(OVERLOAD_DEFAULTS.maxEventLoopDelayMs),
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: String(OVERLOAD_DEFAULTS.maxEventLoopUtilization),
  OVERLOAD_MAX_IN_FLIGHT: String(OVERLOAD_DEFAULTS.maxInFlight),
};
