// `npm run bench` (plain node): the virtual queue on PostgreSQL over real HTTP.
// 1. 100,000 customers (sessions and CPFs) join one high-demand event's pre-queue through
//    POST /queue/{id}/join at concurrency 100: joins per second, beside pgbench inserting the
//    same entry row (before and after, same database) and the ratio of the two.
// 2. The shuffle of those 100,000 at the sale start (orderPreQueue): its time; then 10,000
//    late arrivals join at the back (each place taken under the queue row's lock): joins/s.
// 3. GET /queue/{id}/me (one's place, the polling fallback) at concurrency 100: p50/p99.
// 4. Admission against the seat-hold path: a seated high-demand event, capacity 200, admission
//    rounds every ADMIT_EVERY_MS while 100 admitted buyers each read their pass, hold a seat
//    with it (POST /seat/hold, X-Queue-Pass) and release it (the slot frees): admissions per
//    second the controller sustains, and holds per second.
// Uses BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) for
// a scratch database. Skips (exit 0) when no server answers.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createEvent } from '../src/catalogue/create.ts';
import { selectOne, selectRows } from '../src/db/sql.ts';
import { createLargeVenue } from '../src/seed/catalogue.ts';
import { admitNext } from '../src/virtual-queue/admission.ts';
import { orderPreQueue, preQueueInsert } from '../src/virtual-queue/queue.ts';
import { createBuyers } from '../test/race/cluster.ts';
import {
  autocannon,
  benchOnScratchDatabase,
  checkBudget,
  type LoadOptions,
  pgbench,
  pgbenchScript,
  pgbenchSide,
  readBudget,
  SHIPPED_HOST,
  statusCount,
} from './support.ts';

const PEOPLE = Number(process.env.BENCH_QUEUE_PEOPLE ?? 100_000);
/** Arrivals after the sale start: each takes the next place under the queue row's lock. */
const LATE = Number(process.env.BENCH_QUEUE_LATE ?? 10_000);
const CONCURRENCY = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ADMIT_EVERY_MS = 500;
const HOUR = 60 * 60 * 1000;
/** pgbench runs this long: its clients connect first, which takes seconds on a loaded machine. */
const RAW_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
/** Queues pgbench inserts into, so its random (event, customer) pairs rarely repeat. */
const PGBENCH_EVENTS = 50;

interface VirtualQueueBudget {
  minJoinsPerSecond: number;
  minJoinRatioToPgbench: number;
  minLateJoinsPerSecond: number;
  maxShuffleMs: number;
  maxPositionP99Ms: number;
  minAdmissionsPerSecond: number;
}

/** A valid CPF (check digits computed) from a 9-digit base. */
function cpfFrom(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const weights of [10, 11]) {
    let sum = 0;
    for (let i = 0; i < weights - 1; i++) sum += digits[i]! * (weights - i);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

/** `POST /queue/{eventId}/join` once for each of `buyers`, `CONCURRENCY` at once. */
function joinAll(url: string, eventId: number, buyers: { token: string }[], amount: number) {
  let next = 0;
  return autocannon({
    url,
    connections: CONCURRENCY,
    // `amount` ends the run once every customer has joined (duration is only a cap).
    duration: 600,
    amount,
    requests: [
      {
        method: 'POST',
        path: `/queue/${eventId}/join`,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const buyer = buyers[next++ % buyers.length]!;
          return {
            ...request,
            body: '{}',
            headers: {
              ...(request.headers as Record<string, string>),
              authorization: `Bearer ${buyer.token}`,
            },
          };
        },
      },
    ],
  } as LoadOptions & { amount: number });
}

await benchOnScratchDatabase('virtual-queue', 'plateia_bench_queue', 20, async (scratch) => {
  const { database } = scratch;
  const db = database.db;
  const budget = readBudget<VirtualQueueBudget>('virtualQueue');
  let started = performance.now();
  const everyone = await createBuyers(db, PEOPLE + LATE, 'fila');
  const buyers = everyone.slice(0, PEOPLE);
  const lateBuyers = everyone.slice(PEOPLE);
  const cpfs = JSON.stringify(
    everyone.map((buyer, i) => ({ id: buyer.id, cpf: cpfFrom(100_000_000 + i * 7) })),
  );
  await db.execute(sql`
    UPDATE customers c SET cpfnpj = r.cpf FROM json_to_recordset(${cpfs}::json) AS r(id int, cpf text)
    WHERE c.id = r.id`);
  const now = new Date();
  const festival = await createEvent(db, {
    slug: 'fila-bench',
    name: 'Fila (bench)',
    startsAt: new Date(now.getTime() + 30 * 24 * HOUR),
    endsAt: new Date(now.getTime() + 30 * 24 * HOUR + 4 * HOUR),
    lots: [{ name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: 1_000_000, perOrderLimit: 4 }],
  });
  await db.execute(
    sql`UPDATE events SET high_demand = true, queue_opens_at = ${new Date(now.getTime() - HOUR)},
          queue_sale_starts_at = ${new Date(now.getTime() + 24 * HOUR)}, checkout_capacity = 200
        WHERE id = ${festival.id}`,
  );
  console.log(
    `[virtual-queue] ${PEOPLE.toLocaleString('en')} customers with sessions and CPFs in ${Math.round(performance.now() - started)} ms`,
  );

  // pgbench's side: the pre-queue join's insert (preQueueInsert) into the queues of
  // PGBENCH_EVENTS events of its own, each client a random customer of the same table, so a
  // repeated pair (the ON CONFLICT DO NOTHING no-op) stays rare.
  const pgbenchEvents: number[] = [];
  for (let i = 0; i < PGBENCH_EVENTS; i++) {
    const created = await createEvent(db, {
      slug: `fila-pgbench-${i}`,
      name: `Fila (pgbench ${i})`,
      startsAt: new Date(now.getTime() + 30 * 24 * HOUR),
      endsAt: new Date(now.getTime() + 30 * 24 * HOUR + 4 * HOUR),
      lots: [{ name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: 1_000, perOrderLimit: 4 }],
    });
    pgbenchEvents.push(created.id);
  }
  if (pgbenchEvents.at(-1)! - pgbenchEvents[0]! + 1 !== PGBENCH_EVENTS)
    throw new Error('event ids not contiguous');
  await db.execute(
    sql`INSERT INTO virtual_queues (event_id, seed, commitment) SELECT id, ${Buffer.alloc(32)}, 'pgbench'
        FROM events WHERE id = ANY(${`{${pgbenchEvents.join(',')}}`}::int[])`,
  );
  const customerIds = everyone.map((buyer) => buyer.id);
  const [lowCustomer, highCustomer] = [Math.min(...customerIds), Math.max(...customerIds)];
  const joinScript = pgbenchScript(
    preQueueInsert({ eventId: -1, publicId: 'PUBLIC', customerId: -2, cpf: 'CPF', now: new Date() }),
    {
      '-1': ':event',
      '-2': ':customer',
      PUBLIC: 'md5(random()::text)',
      CPF: "'pgbench-' || :customer",
    },
  );
  const rawRun = () =>
    pgbench({
      url: scratch.url,
      script:
        `\\set event random(${Math.min(...pgbenchEvents)}, ${Math.max(...pgbenchEvents)})\n` +
        `\\set customer random(${lowCustomer}, ${highCustomer})\n${joinScript};\n`,
      seconds: RAW_SECONDS,
    });
  const rawBefore = await rawRun();

  Object.assign(process.env, { TRUST_PROXY: '127.0.0.1' });
  const api = await scratch.startApi(SHIPPED_HOST);

  // 1. Joins: every request is a different customer.
  started = performance.now();
  const joins = await joinAll(api.url, festival.id, buyers, PEOPLE);
  const joinSeconds = (performance.now() - started) / 1000;
  const entries = await selectOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM virtual_queue_entries WHERE event_id = ${festival.id}`,
  );
  const joinRate = entries!.n / joinSeconds;
  console.log(
    `[virtual-queue] joins: ${entries!.n.toLocaleString('en')} entries in ${joinSeconds.toFixed(1)} s = ${Math.round(joinRate)}/s, p50 ${joins.latency.p50} ms, p99 ${joins.latency.p99} ms, non-2xx ${joins.non2xx} (503 ${statusCount(joins, 503)}, 409 ${statusCount(joins, 409)}), errors ${joins.errors}`,
  );

  const rawAfter = await rawRun();
  const raw = pgbenchSide(rawBefore, rawAfter);
  const joinRatio = joinRate / raw.tps;
  console.log(`[virtual-queue] pgbench, the pre-queue join's insert: ${raw.text}`);
  console.log(
    `[virtual-queue] ratio joins / pgbench: ${Math.round(joinRate)} / ${raw.tps.toFixed(0)} = ${joinRatio.toFixed(2)}`,
  );

  // 2. The shuffle at the sale start.
  await db.execute(sql`UPDATE events SET queue_sale_starts_at = now() WHERE id = ${festival.id}`);
  started = performance.now();
  await orderPreQueue(db, festival.id, new Date());
  const shuffleMs = performance.now() - started;
  console.log(
    `[virtual-queue] shuffle of ${entries!.n.toLocaleString('en')} entries: ${Math.round(shuffleMs)} ms`,
  );

  // 2b. Late arrivals: the back of the line, places taken one at a time under the row lock.
  started = performance.now();
  const lateJoins = await joinAll(api.url, festival.id, lateBuyers, LATE);
  const lateSeconds = (performance.now() - started) / 1000;
  const lastPlace = await selectOne<{ n: number; max: string }>(
    db,
    sql`SELECT count(*)::int AS n, max(place)::text AS max FROM virtual_queue_entries WHERE event_id = ${festival.id}`,
  );
  const lateRate = LATE / lateSeconds;
  console.log(
    `[virtual-queue] late joins: ${LATE.toLocaleString('en')} in ${lateSeconds.toFixed(1)} s = ${Math.round(lateRate)}/s, p50 ${lateJoins.latency.p50} ms, p99 ${lateJoins.latency.p99} ms, non-2xx ${lateJoins.non2xx}; places 1..${lastPlace!.max} for ${lastPlace!.n} entries`,
  );

  // 3. Position reads (the polling fallback; the stream runs the same read per push).
  let nextRead = 0;
  const reads = await autocannon({
    url: api.url,
    connections: CONCURRENCY,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        path: `/queue/${festival.id}/me`,
        setupRequest: (request) => {
          const buyer = buyers[(nextRead++ * 7919) % buyers.length]!;
          return {
            ...request,
            headers: {
              ...(request.headers as Record<string, string>),
              authorization: `Bearer ${buyer.token}`,
            },
          };
        },
      },
    ],
  });
  console.log(
    `[virtual-queue] position reads: ${Math.round(reads.requests.average)}/s, p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, non-2xx ${reads.non2xx}`,
  );

  // 4. Admission against the seat-hold path.
  const venue = await createLargeVenue(db, { slug: 'fila-bench-assentos', seats: 20_000 });
  await db.execute(
    sql`UPDATE events SET high_demand = true, queue_opens_at = now() - interval '1 hour',
          queue_sale_starts_at = now(), checkout_capacity = 200
        WHERE id = ${venue.id}`,
  );
  const seats = (
    await selectRows<{ id: number }>(db, sql`SELECT id FROM seats WHERE event_id = ${venue.id} ORDER BY id`)
  ).map((row) => row.id);
  const line = buyers.slice(0, 20_000);
  await db.execute(
    sql`INSERT INTO virtual_queues (event_id, seed, commitment, ordered_at, next_place)
        VALUES (${venue.id}, ${Buffer.alloc(32)}, 'bench', now(), ${line.length + 1})`,
  );
  const lineJson = JSON.stringify(line.map((buyer, i) => ({ id: buyer.id, place: i + 1 })));
  await db.execute(sql`
    INSERT INTO virtual_queue_entries (event_id, public_id, customer_id, cpf, joined_at, pre_queue, place)
    SELECT ${venue.id}, 'b' || r.place, r.id, 'cpf' || r.id, now(), false, r.place
    FROM json_to_recordset(${lineJson}::json) AS r(id int, place int)`);
  const byCustomer = new Map(line.map((buyer) => [buyer.id, buyer]));

  let admitted = 0;
  let holds = 0;
  let failures = 0;
  let running = true;
  const ready: { id: number; token: string }[] = [];
  const taken = new Set<number>();
  const controller = (async () => {
    while (running) {
      const round = await admitNext(db, venue.id, new Date());
      admitted += round.admitted;
      const fresh = await selectRows<{ customer_id: number }>(
        db,
        sql`SELECT customer_id FROM virtual_queue_entries
            WHERE event_id = ${venue.id} AND status = 'admitted' AND pass_used_at IS NULL AND pass_expires_at > now()`,
      );
      for (const row of fresh) {
        if (taken.has(row.customer_id)) continue;
        taken.add(row.customer_id);
        ready.push(byCustomer.get(row.customer_id)!);
      }
      await new Promise((resolve) => setTimeout(resolve, ADMIT_EVERY_MS));
    }
  })();
  let nextSeat = 0;
  const buyer = async (deadline: number) => {
    while (performance.now() < deadline) {
      const person = ready.shift();
      if (!person) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const auth = { authorization: `Bearer ${person.token}` };
      const me = (await (await fetch(`${api.url}/queue/${venue.id}/me`, { headers: auth })).json()) as {
        pass: string | null;
      };
      const seat = seats[nextSeat++ % seats.length]!;
      const body = JSON.stringify({
        eventId: venue.id,
        seatIds: [seat],
        holdSeconds: 600,
        sessionId: `fila-sessao-${person.id}`,
      });
      const headers = {
        ...auth,
        'content-type': 'application/json',
        'x-queue-pass': me.pass ?? '',
        'x-forwarded-for': `10.9.${(person.id >> 8) & 255}.${person.id & 255}`,
      };
      const hold = await fetch(`${api.url}/seat/hold`, { method: 'POST', headers, body });
      const answer = await hold.text();
      if (hold.status !== 200) {
        if (failures === 0) console.log(`[virtual-queue] first refused hold: ${hold.status} ${answer}`);
        failures++;
        continue;
      }
      holds++;
      const release = await fetch(`${api.url}/seat/release`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventId: venue.id, seatIds: [seat], sessionId: `fila-sessao-${person.id}` }),
      });
      await release.arrayBuffer();
    }
  };
  started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(Array.from({ length: CONCURRENCY }, () => buyer(deadline)));
  const admissionSeconds = (performance.now() - started) / 1000;
  running = false;
  await controller;
  // The first round admits a full capacity at once; the sustained rate counts what followed.
  const sustained = (admitted - 200) / admissionSeconds;
  console.log(
    `[virtual-queue] admission: ${admitted} admitted in ${admissionSeconds.toFixed(1)} s (capacity 200, rounds every ${ADMIT_EVERY_MS} ms) = ${Math.round(sustained)}/s sustained; ${holds} holds with a pass (${Math.round(holds / admissionSeconds)}/s), ${failures} refused`,
  );

  if (!budget) {
    console.log('[virtual-queue] no "virtualQueue" budget in budgets.json');
    return true;
  }
  return checkBudget('virtual-queue', [
    [`all ${PEOPLE} joined once`, entries!.n === PEOPLE && joins.non2xx === 0],
    [
      `${LATE} late arrivals at the back, places without gaps`,
      lateJoins.non2xx === 0 && lastPlace!.n === PEOPLE + LATE && Number(lastPlace!.max) === PEOPLE + LATE,
    ],
    [
      `joins ${Math.round(joinRate)}/s >= ${budget.minJoinsPerSecond}/s`,
      joinRate >= budget.minJoinsPerSecond,
    ],
    [
      `joins to pgbench ${joinRatio.toFixed(2)} >= ${budget.minJoinRatioToPgbench}`,
      joinRatio >= budget.minJoinRatioToPgbench,
    ],
    [
      `late joins ${Math.round(lateRate)}/s >= ${budget.minLateJoinsPerSecond}/s`,
      lateRate >= budget.minLateJoinsPerSecond,
    ],
    [`shuffle ${Math.round(shuffleMs)} ms <= ${budget.maxShuffleMs} ms`, shuffleMs <= budget.maxShuffleMs],
    [
      `position p99 ${reads.latency.p99} ms <= ${budget.maxPositionP99Ms} ms`,
      reads.latency.p99 <= budget.maxPositionP99Ms,
    ],
    [
      `admissions ${Math.round(sustained)}/s >= ${budget.minAdmissionsPerSecond}/s, no hold refused`,
      sustained >= budget.minAdmissionsPerSecond && failures === 0,
    ],
  ]);
});
