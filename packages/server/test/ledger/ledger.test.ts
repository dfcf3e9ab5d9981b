import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { selectOne, selectRows, sqlState } from '../../src/db/sql.ts';
import {
  InsufficientFunds,
  type LedgerAccount,
  postMovement,
  reverseMovement,
  trialBalance,
  walletBalance,
  walletStatement,
} from '../../src/ledger/index.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import { createBuyers } from '../race/cluster.ts';
import { databaseKind, freshDatabase } from '../support/app.ts';

let database: DatabaseHandle;
let customers: number[];
let eventId: number;
let keySeq = 0;
const key = (prefix: string): string => `${prefix}:${++keySeq}`;

const wallet = (customerId: number): LedgerAccount => ({ kind: 'customer_wallet', customerId });

beforeAll(async () => {
  database = await freshDatabase();
  customers = (await createBuyers(database.db, 4, 'carteira')).map((buyer) => buyer.id);
  eventId = (await createEvent(database.db, festivalInput('festival-livro-caixa'))).id;
});

afterAll(async () => {
  await database.close();
});

/** Tops a wallet up by PIX. */
function topUp(customerId: number, cents: number, idempotencyKey = key('topup')) {
  return database.db.transaction((tx) =>
    postMovement(tx, {
      idempotencyKey,
      kind: 'wallet_topup',
      customerId,
      legs: [
        { account: { kind: 'pix_in' }, amountCents: -cents },
        { account: wallet(customerId), amountCents: cents },
      ],
    }),
  );
}

/** Spends from a wallet on the event (producer revenue and a platform fee). */
function spend(customerId: number, cents: number, idempotencyKey = key('spend')) {
  const fee = Math.floor(cents / 10);
  return database.db.transaction((tx) =>
    postMovement(tx, {
      idempotencyKey,
      kind: 'wallet_spend',
      customerId,
      legs: [
        { account: wallet(customerId), amountCents: -cents },
        { account: { kind: 'producer_revenue', eventId }, amountCents: cents - fee },
        { account: { kind: 'platform_fees' }, amountCents: fee },
      ],
    }),
  );
}

async function expectSound(): Promise<void> {
  expect(await trialBalance(database.db)).toEqual({
    totalCents: 0,
    unbalancedTransactions: [],
    driftedAccounts: [],
    negativeWallets: [],
  });
}

describe('ledger postings', () => {
  it('posts a balanced movement once per idempotency key', async () => {
    const [customer] = customers as [number];
    const before = await walletBalance(database.db, customer);
    const first = await topUp(customer, 5_000, 'topup:once');
    const again = await topUp(customer, 5_000, 'topup:once');
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ transactionId: first.transactionId, duplicate: true });
    expect(await walletBalance(database.db, customer)).toBe(before + 5_000);
    await expectSound();
  });

  it('refuses legs that do not sum to zero, before writing anything', async () => {
    const [customer] = customers as [number];
    await expect(
      database.db.transaction((tx) =>
        postMovement(tx, {
          idempotencyKey: 'broken',
          kind: 'wallet_topup',
          legs: [
            { account: { kind: 'pix_in' }, amountCents: -100 },
            { account: wallet(customer), amountCents: 99 },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to -1/);
    expect(
      await selectOne(database.db, sql`SELECT 1 FROM ledger_transactions WHERE idempotency_key = 'broken'`),
    ).toBeNull();
  });

  it('the database refuses an unbalanced transaction at COMMIT and any change to posted rows', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        const [account] = await selectRows<{ id: number }>(
          tx,
          sql`INSERT INTO ledger_accounts (kind) VALUES ('platform_fees') ON CONFLICT DO NOTHING RETURNING id`,
        );
        const id =
          account?.id ??
          (await selectOne<{ id: number }>(
            tx,
            sql`SELECT id FROM ledger_accounts WHERE kind = 'platform_fees'`,
          ))!.id;
        const [transaction] = await selectRows<{ id: number }>(
          tx,
          sql`INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('raw', 'reversal') RETURNING id`,
        );
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES (${transaction!.id}, ${id}, 1)`,
        );
      })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(sqlState(failure)).toBe('23514');
    const update = await database.db
      .execute(sql`UPDATE ledger_entries SET amount_cents = amount_cents * 2`)
      .catch((e: unknown) => e);
    expect(sqlState(update)).toBe('42501');
    const remove = await database.db.execute(sql`DELETE FROM ledger_transactions`).catch((e: unknown) => e);
    expect(sqlState(remove)).toBe('42501');
  });

  it('never takes a wallet below zero and posts nothing when it would', async () => {
    const customer = customers[1]!;
    await topUp(customer, 1_000);
    await expect(spend(customer, 1_001)).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await walletBalance(database.db, customer)).toBe(1_000);
    await spend(customer, 1_000);
    expect(await walletBalance(database.db, customer)).toBe(0);
    await expectSound();
  });

  it('corrects by reversal, at most once, and keeps the original', async () => {
    const customer = customers[2]!;
    const top = await topUp(customer, 2_500);
    const reversal = await database.db.transaction((tx) =>
      reverseMovement(tx, top.transactionId, `reverse:${top.transactionId}`),
    );
    expect(await walletBalance(database.db, customer)).toBe(0);
    const twice = await database.db
      .transaction((tx) => reverseMovement(tx, top.transactionId, `reverse-again:${top.transactionId}`))
      .catch((e: unknown) => e);
    expect(sqlState(twice)).toBe('23505');
    const lines = await walletStatement(database.db, customer, { limit: 10 });
    expect(lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['reversal', -2_500],
      ['wallet_topup', 2_500],
    ]);
    expect(lines[0]!.transactionId).toBe(reversal.transactionId);
    await expectSound();
  });

  it('filters the statement by kind and period, newest first', async () => {
    const customer = customers[3]!;
    const old = new Date('2026-01-10T12:00:00Z');
    await database.db.transaction((tx) =>
      postMovement(tx, {
        idempotencyKey: key('old-topup'),
        kind: 'wallet_topup',
        at: old,
        legs: [
          { account: { kind: 'pix_in' }, amountCents: -700 },
          { account: wallet(customer), amountCents: 700 },
        ],
      }),
    );
    await topUp(customer, 300);
    await spend(customer, 200);
    const spends = await walletStatement(database.db, customer, { kinds: ['wallet_spend'], limit: 10 });
    expect(spends.map((line) => line.amountCents)).toEqual([-200]);
    const january = await walletStatement(database.db, customer, {
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date('2026-02-01T00:00:00Z'),
      limit: 10,
    });
    expect(january.map((line) => line.amountCents)).toEqual([700]);
    const page = await walletStatement(database.db, customer, { limit: 2 });
    const next = await walletStatement(database.db, customer, { limit: 2, beforeEntryId: page[1]!.entryId });
    expect([...page, ...next].map((line) => line.amountCents)).toEqual([-200, 300, 700]);
  });
});

describe('ledger invariants under random interleavings', () => {
  type Op =
    | { op: 'topup'; who: number; cents: number }
    | { op: 'spend'; who: number; cents: number }
    | { op: 'refund'; who: number; cents: number }
    | { op: 'resale'; who: number; cents: number }
    | { op: 'return'; who: number; cents: number }
    | { op: 'retry' };

  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      op: fc.constant('topup' as const),
      who: fc.nat(3),
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
    fc.record({
      op: fc.constant('spend' as const),
      who: fc.nat(3),
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
    fc.record({
      op: fc.constant('refund' as const),
      who: fc.nat(3),
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
    fc.record({
      op: fc.constant('resale' as const),
      who: fc.nat(3),
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
    fc.record({
      op: fc.constant('return' as const),
      who: fc.nat(3),
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
    fc.constant({ op: 'retry' as const }),
  );

  it('entries always sum to zero, balances match their entries and no wallet goes below zero', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        run++;
        let last: { key: string; op: Op } | null = null;
        // Run the operations concurrently in pairs: interleavings, not just sequences.
        const applyOne = async (op: Op, index: number): Promise<void> => {
          if (op.op === 'retry') {
            if (last) await apply(last.op, last.key);
            return;
          }
          const idempotencyKey = `prop:${run}:${index}`;
          last = { key: idempotencyKey, op };
          await apply(op, idempotencyKey);
        };
        const apply = async (op: Op, idempotencyKey: string): Promise<void> => {
          if (op.op === 'retry') return;
          const customerId = customers[op.who]!;
          try {
            await database.db.transaction((tx) =>
              postMovement(tx, {
                idempotencyKey,
                kind: kindOf(op.op),
                customerId,
                legs: legsOf(op.op, customerId, op.cents),
              }),
            );
          } catch (error) {
            if (!(error instanceof InsufficientFunds)) throw error;
          }
        };
        for (let i = 0; i < ops.length; i += 2) {
          await Promise.all(ops.slice(i, i + 2).map((op, offset) => applyOne(op, i + offset)));
        }
        const sound = await trialBalance(database.db);
        expect(sound.totalCents).toBe(0);
        expect(sound.unbalancedTransactions).toEqual([]);
        expect(sound.driftedAccounts).toEqual([]);
        expect(sound.negativeWallets).toEqual([]);
      }),
      { numRuns: 25, seed: 20261124 },
    );
  });

  function kindOf(op: Exclude<Op['op'], 'retry'>) {
    return (
      {
        topup: 'wallet_topup',
        spend: 'wallet_spend',
        refund: 'refund',
        resale: 'resale_sale',
        return: 'wallet_return',
      } as const
    )[op];
  }

  function legsOf(op: Exclude<Op['op'], 'retry'>, customerId: number, cents: number) {
    const fee = Math.floor(cents / 10);
    switch (op) {
      case 'topup':
        return [
          { account: { kind: 'pix_in' } as LedgerAccount, amountCents: -cents },
          { account: wallet(customerId), amountCents: cents },
        ];
      case 'spend':
        return [
          { account: wallet(customerId), amountCents: -cents },
          { account: { kind: 'producer_revenue', eventId } as LedgerAccount, amountCents: cents - fee },
          { account: { kind: 'platform_fees' } as LedgerAccount, amountCents: fee },
        ];
      case 'refund':
        // A ticket refunded to the wallet: revenue and fee go back.
        return [
          { account: { kind: 'producer_revenue', eventId } as LedgerAccount, amountCents: -(cents - fee) },
          { account: { kind: 'platform_fees' } as LedgerAccount, amountCents: -fee },
          { account: wallet(customerId), amountCents: cents },
        ];
      case 'resale':
        return [
          { account: { kind: 'platform_clearing' } as LedgerAccount, amountCents: -cents },
          { account: wallet(customerId), amountCents: cents - fee },
          { account: { kind: 'platform_fees' } as LedgerAccount, amountCents: fee },
        ];
      case 'return':
        return [
          { account: wallet(customerId), amountCents: -cents },
          { account: { kind: 'pix_out' } as LedgerAccount, amountCents: cents },
        ];
    }
  }
});

describe('one hot wallet', () => {
  it('many simultaneous spends never overdraw it', async () => {
    const [hot] = await createBuyers(database.db, 1, 'quente');
    await topUp(hot!.id, 10_000);
    // 40 spends of R$ 3,00 race for R$ 100,00: exactly 33 fit.
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => spend(hot!.id, 300)));
    const ok = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.filter(
      (result) => result.status === 'rejected' && result.reason instanceof InsufficientFunds,
    ).length;
    expect(ok).toBe(33);
    expect(refused).toBe(7);
    expect(await walletBalance(database.db, hot!.id)).toBe(100);
    await expectSound();
  });

  it.skipIf(databaseKind !== 'postgres')('concurrent posts of one key post once', async () => {
    const [customer] = await createBuyers(database.db, 1, 'chave');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => topUp(customer!.id, 1_000, 'topup:racing')),
    );
    expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(1);
    expect(await walletBalance(database.db, customer!.id)).toBe(1_000);
  });
});
