// What the API host's benchmarks share: the load generator, the budgets file and its checks,
// and a scratch PostgreSQL database created for one run and dropped after it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chatRoomId } from '@plateia/core/rules/chat-room';
import { sql } from 'drizzle-orm';
import pg from 'pg';
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

/** `reservation` of budgets.json: reservations per second and p99 of `POST /cart/reserve`. */
export interface ReservationBudget {
  minReservationsPerSecond: number;
  maxP99Ms: number;
}

/** Checks a reservation load against the `reservation` budget; true when within it (or none). */
export function checkReservationBudget(label: string, result: LoadResult): boolean {
  const budget = readBudget<ReservationBudget>('reservation');
  if (!budget) return true;
  const rate = result.requests.average;
  const p99 = result.latency.p99;
  return checkBudget(label, [
    [
      `reservations/s ${rate.toFixed(0)} >= ${budget.minReservationsPerSecond}`,
      rate >= budget.minReservationsPerSecond,
    ],
    [`p99 ${p99} ms <= ${budget.maxP99Ms} ms`, p99 <= budget.maxP99Ms],
  ]);
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
  /** Starts the real server entry in its own process on the scratch database (call again for more processes); all stopped after the run. */
  startApi(): Promise<ApiProcess>;
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
      startApi: async () => {
        const api = await startApiProcess(scratch.url);
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
