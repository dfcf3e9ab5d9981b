// `npm run bench` (plain node): wallet spends per second through the ledger's
// `postMovement` on PostgreSQL, each in its own transaction (claim the idempotency key,
// lock the wallet and the event's revenue account, check the balance, insert the entries,
// update both balances), as a point-of-sale spend posts it (docs/ledger.md, `pos_spend`).
// Two shapes at concurrency 50 on a pool of 20 connections (the API process's pool size):
// spends spread over 200 wallets, and every spend on one hot wallet. Beside each, in the same
// run and at the same concurrency on the same pool, the plain single-row
// `UPDATE … SET balance = balance - x` over as many rows, timed before and after the spends
// so that load from elsewhere weighs on both sides of the ratio alike. Every spend goes to
// the one event's revenue account, as at a real event: that row is locked by every spend,
// so a third, informational run spreads the spends over 200 events too, to show what that
// shared account costs. Uses BENCH_DATABASE_URL or DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) to create and drop a scratch database; skips
// (exit 0) when no server answers.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createEvent } from '../src/catalogue/create.ts';
import type { Database } from '../src/db/client.ts';
import { execute } from '../src/db/sql.ts';
import { postMovement } from '../src/ledger/post.ts';
import { trialBalance } from '../src/ledger/reconcile.ts';
import { createBuyers } from '../test/race/cluster.ts';
import { benchOnScratchDatabase, checkBudget, percentile, readBudget } from './support.ts';

const CONCURRENCY = 50;
const POOL = 20;
const WALLETS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SPEND_SECONDS = Math.max(2, Math.round(SECONDS / 2));
const RAW_SECONDS = Math.max(2, Math.round(SECONDS / 4));
const SPEND_CENTS = 100;
const FUNDS_CENTS = 1_000_000_000;

interface LedgerBudget {
  minSpendsPerSecondManyWallets: number;
  minSpendsPerSecondHotWallet: number;
  minRatioToRawUpdateManyWallets: number;
  minRatioToRawUpdateHotWallet: number;
}

/** Runs `op(n)` from CONCURRENCY workers for `seconds`; operations per second and latency. */
async function drive(
  seconds: number,
  op: (n: number) => Promise<void>,
): Promise<{ perSecond: number; count: number; p50: number; p99: number; errors: number }> {
  let next = 0;
  let errors = 0;
  let firstError: unknown;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const n = next++;
        const t0 = performance.now();
        try {
          await op(n);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (firstError) console.error('[ledger] first error:', firstError);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    count: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

await benchOnScratchDatabase('ledger', 'plateia_bench_ledger', POOL, async ({ database }) => {
  const db: Database = database.db;
  let passed = true;
  const startsAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const newEvent = (slug: string) =>
    createEvent(db, {
      slug,
      name: slug,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 4 * 3600 * 1000),
    });
  const event = await newEvent('carteira-quente');
  const spreadEvents: number[] = [];
  for (let i = 0; i < WALLETS; i++) spreadEvents.push((await newEvent(`carteira-${i}`)).id);
  const wallets = (await createBuyers(db, WALLETS, 'carteira')).map((buyer) => buyer.id);
  // Every wallet funded once by a PIX top-up, far beyond what the run spends.
  for (const customerId of wallets) {
    await db.transaction((tx) =>
      postMovement(tx, {
        idempotencyKey: `bench-topup:${customerId}`,
        kind: 'wallet_topup',
        customerId,
        legs: [
          { account: { kind: 'pix_in' }, amountCents: -FUNDS_CENTS },
          { account: { kind: 'customer_wallet', customerId }, amountCents: FUNDS_CENTS },
        ],
      }),
    );
  }
  // The plain balance the raw UPDATE decrements: one row per wallet.
  await execute(db, sql`CREATE TABLE bench_balances (id integer PRIMARY KEY, balance bigint NOT NULL)`);
  await execute(
    db,
    sql`INSERT INTO bench_balances SELECT n, ${FUNDS_CENTS} FROM generate_series(1, ${WALLETS}::int) AS n`,
  );

  let run = 0;
  const spend = (label: string, walletOf: (n: number) => number, eventOf: (n: number) => number) => {
    run++;
    return drive(SPEND_SECONDS, async (n) => {
      const customerId = walletOf(n);
      await db.transaction(async (tx) => {
        await postMovement(tx, {
          idempotencyKey: `bench-spend:${run}:${label}:${n}`,
          kind: 'pos_spend',
          customerId,
          legs: [
            { account: { kind: 'customer_wallet', customerId }, amountCents: -SPEND_CENTS },
            { account: { kind: 'producer_revenue', eventId: eventOf(n) }, amountCents: SPEND_CENTS },
          ],
        });
      });
    });
  };
  const raw = (rowOf: (n: number) => number) =>
    drive(RAW_SECONDS / 2, async (n) => {
      await execute(
        db,
        sql`UPDATE bench_balances SET balance = balance - ${SPEND_CENTS} WHERE id = ${rowOf(n)}`,
      );
    });
  /** The spends of one shape beside the raw UPDATE over as many rows, before and after. */
  const measure = async (
    label: string,
    walletOf: (n: number) => number,
    eventOf: (n: number) => number,
    rowOf: (n: number) => number,
  ) => {
    const before = await raw(rowOf);
    const spends = await spend(label, walletOf, eventOf);
    const after = await raw(rowOf);
    const rawRate = (before.perSecond + after.perSecond) / 2;
    const ratio = spends.perSecond / rawRate;
    console.log(
      `[ledger] ${label}: ${spends.perSecond.toFixed(0)} spends/s (${spends.count} in ${SPEND_SECONDS} s, ` +
        `p50 ${spends.p50.toFixed(1)} ms, p99 ${spends.p99.toFixed(1)} ms, errors ${spends.errors}); ` +
        `raw UPDATE ${rawRate.toFixed(0)}/s (before ${before.perSecond.toFixed(0)}, after ${after.perSecond.toFixed(0)}); ` +
        `ratio ${ratio.toFixed(2)}`,
    );
    if (spends.errors > 0 || before.errors > 0 || after.errors > 0) {
      console.error(`[ledger] FAIL: ${label}: some spends or updates failed`);
      passed = false;
    }
    return { perSecond: spends.perSecond, ratio };
  };

  console.log(
    `[ledger] postMovement pos_spend of ${SPEND_CENTS} cents, each in its own transaction; ` +
      `concurrency ${CONCURRENCY}, pool ${POOL}`,
  );
  const many = await measure(
    `${WALLETS} wallets, one event`,
    (n) => wallets[n % WALLETS]!,
    () => event.id,
    (n) => (n % WALLETS) + 1,
  );
  const hot = await measure(
    '1 hot wallet, one event',
    () => wallets[0]!,
    () => event.id,
    () => 1,
  );
  await measure(
    `${WALLETS} wallets, ${WALLETS} events (informational)`,
    (n) => wallets[n % WALLETS]!,
    (n) => spreadEvents[n % WALLETS]!,
    (n) => (n % WALLETS) + 1,
  );

  // Nothing drifted: every kept balance is the sum of its entries, and all sum to zero.
  const trial = await trialBalance(db);
  if (trial.totalCents !== 0 || trial.driftedAccounts.length > 0) {
    console.error(
      `[ledger] FAIL: trial balance ${trial.totalCents}, drifted accounts ${trial.driftedAccounts.join(', ')}`,
    );
    passed = false;
  }

  const budget = readBudget<LedgerBudget>('ledgerSpend');
  if (budget) {
    const withinBudget = checkBudget('ledger', [
      [
        `${WALLETS} wallets: spends/s ${many.perSecond.toFixed(0)} >= ${budget.minSpendsPerSecondManyWallets}`,
        many.perSecond >= budget.minSpendsPerSecondManyWallets,
      ],
      [
        `hot wallet: spends/s ${hot.perSecond.toFixed(0)} >= ${budget.minSpendsPerSecondHotWallet}`,
        hot.perSecond >= budget.minSpendsPerSecondHotWallet,
      ],
      [
        `${WALLETS} wallets: ratio ${many.ratio.toFixed(2)} >= ${budget.minRatioToRawUpdateManyWallets}`,
        many.ratio >= budget.minRatioToRawUpdateManyWallets,
      ],
      [
        `hot wallet: ratio ${hot.ratio.toFixed(2)} >= ${budget.minRatioToRawUpdateHotWallet}`,
        hot.ratio >= budget.minRatioToRawUpdateHotWallet,
      ],
    ]);
    if (!withinBudget) passed = false;
  }
  return passed;
});
