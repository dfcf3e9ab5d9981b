import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import type { Queryable } from '../../src/db/sql.ts';
import { selectOne } from '../../src/db/sql.ts';
import { INTEGRITY_CHECK_JOB } from '../../src/integrity/check.ts';
import { checkInvariants, type InvariantName } from '../../src/integrity/invariants.ts';
import { postMovement } from '../../src/ledger/post.ts';
import { createCustomer, festivalInput, type TestCustomer, theatreInput } from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/** Thrown to roll a corruption back once the invariants have seen it. */
class RolledBack extends Error {}

/**
 * The invariants (docs/integrity.md) and the job that runs them: sound on a fresh database,
 * each invariant fails on the corruption it exists for (so none is too loose to ever fail),
 * and the job's alarm and `/health`.
 */
describe('integrity', () => {
  let t: TestApp;
  const lines: string[] = [];
  let buyer: TestCustomer;
  let festival: Awaited<ReturnType<typeof createEvent>>;
  let theatre: Awaited<ReturnType<typeof createEvent>>;

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    buyer = await createCustomer(t.database.db, 'integridade@plateia.dev');
    const producer = await createCustomer(t.database.db, 'produtora-integridade@plateia.dev', '1');
    festival = await createEvent(t.database.db, festivalInput('festival-integridade', producer.id));
    theatre = await createEvent(t.database.db, theatreInput('teatro-integridade', producer.id));
  });
  afterAll(() => t.close());

  /** The invariants that fail while `corrupt` has run, inside a transaction rolled back after. */
  async function failingAfter(corrupt: (tx: Queryable) => Promise<unknown>): Promise<InvariantName[]> {
    let failing: InvariantName[] = [];
    await t.database.db
      .transaction(async (tx) => {
        await corrupt(tx);
        failing = (await checkInvariants(tx)).map((v) => v.invariant);
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return [...new Set(failing)].sort();
  }

  /**
   * An order of the festival with one approved card payment of `paidCents`; a paid one has its
   * revenue posted as the settlement does (unless `posted` is false).
   */
  async function paidOrder(tx: Queryable, paidCents: number, status = 'paid', posted = true) {
    const order = await selectOne<{ id: number }>(
      tx,
      sql`INSERT INTO orders (number, customer_id, event_id, session_id, status, subtotal_cents, total_cents, expires_at)
          VALUES ('T-1', ${buyer.id}, ${festival.id}, 's', ${status}, ${paidCents}, ${paidCents}, now())
          RETURNING id`,
    );
    const payment = await selectOne<{ id: number }>(
      tx,
      sql`INSERT INTO payments (order_id, customer_id, method, status, amount_cents)
          VALUES (${order!.id}, ${buyer.id}, 'card', 'approved', ${paidCents}) RETURNING id`,
    );
    if (status === 'paid' && posted) {
      await postMovement(tx, {
        idempotencyKey: `payment:${payment!.id}`,
        kind: 'order_payment',
        legs: [
          { account: { kind: 'card_in' }, amountCents: -paidCents },
          { account: { kind: 'producer_revenue', eventId: festival.id }, amountCents: paidCents },
        ],
      });
    }
    return { orderId: Number(order!.id), paymentId: Number(payment!.id) };
  }

  it('finds nothing wrong on a sound database', async () => {
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });

  it('each invariant fails on the corruption it exists for', async () => {
    const pista = festival.lotIds[0]!;
    const cup = festival.productIds[0]!;
    const seatLot = theatre.sections[0]!.lotIds[0]!;
    expect(
      await failingAfter((tx) =>
        tx.execute(sql`UPDATE ticket_types SET sold = sold + 1 WHERE id = ${pista}`),
      ),
    ).toEqual(['lot_counters']);
    expect(
      await failingAfter((tx) => tx.execute(sql`UPDATE ticket_types SET reserved = 1 WHERE id = ${seatLot}`)),
    ).toEqual(['lot_counters']);
    expect(
      await failingAfter((tx) => tx.execute(sql`UPDATE products SET reserved = 1 WHERE id = ${cup}`)),
    ).toEqual(['product_counters']);
    expect(
      await failingAfter((tx) =>
        tx.execute(sql`UPDATE meia_quotas SET taken = 1 WHERE event_id = ${festival.id}`),
      ),
    ).toEqual(['meia_quota']);
    expect(
      await failingAfter((tx) =>
        tx.execute(
          sql`UPDATE seats SET state = 'sold' WHERE id = (SELECT min(id) FROM seats WHERE event_id = ${theatre.id})`,
        ),
      ),
    ).toEqual(['sold_seat_has_live_ticket']);
    // Clearing pays the platform money nobody put there.
    expect(
      await failingAfter((tx) =>
        postMovement(tx, {
          idempotencyKey: 'integrity-test:clearing',
          kind: 'reversal',
          legs: [
            { account: { kind: 'platform_clearing' }, amountCents: -100 },
            { account: { kind: 'platform_fees' }, amountCents: 100 },
          ],
        }),
      ),
    ).toEqual(['clearing_equals_in_flight', 'clearing_not_negative']);
    // A refund of more than the order and its payment, with nothing in clearing to send.
    expect(
      await failingAfter(async (tx) => {
        const { orderId, paymentId } = await paidOrder(tx, 1_000);
        await tx.execute(
          sql`INSERT INTO refunds (order_id, customer_id, payment_id, reason, method, amount_cents, wallet_cents)
              VALUES (${orderId}, ${buyer.id}, ${paymentId}, 'customer', 'card', 1500, 200)`,
        );
      }),
    ).toEqual(['clearing_equals_in_flight', 'event_revenue', 'refund_within_order', 'refund_within_payment']);
    // A refund sent to a payment of another order.
    expect(
      await failingAfter(async (tx) => {
        const mine = await paidOrder(tx, 1_000);
        const other = await paidOrder(tx, 1_000);
        await tx.execute(
          sql`INSERT INTO refunds (order_id, customer_id, payment_id, reason, method, amount_cents, status)
              VALUES (${mine.orderId}, ${buyer.id}, ${other.paymentId}, 'customer', 'card', 0, 'refunded')`,
        );
      }),
    ).toEqual(['refund_to_own_payment']);
    // A ticket still valid after its refund, and a live ticket of an order never paid.
    expect(
      await failingAfter(async (tx) => {
        const { orderId } = await paidOrder(tx, 1_000);
        const ticket = await selectOne<{ id: number }>(
          tx,
          sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, order_id)
              VALUES ('integrity-a', ${buyer.id}, ${buyer.email}, ${festival.id}, ${pista}, ${orderId}) RETURNING id`,
        );
        await tx.execute(sql`UPDATE ticket_types SET sold = sold + 1 WHERE id = ${pista}`);
        await tx.execute(
          sql`INSERT INTO refunds (order_id, customer_id, ticket_id, reason, method, amount_cents, status)
              VALUES (${orderId}, ${buyer.id}, ${ticket!.id}, 'customer', 'wallet', 0, 'refunded')`,
        );
      }),
    ).toEqual(['dead_ticket_not_live']);
    expect(
      await failingAfter(async (tx) => {
        const { orderId } = await paidOrder(tx, 1_000, 'expired');
        await tx.execute(
          sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, order_id)
              VALUES ('integrity-b', ${buyer.id}, ${buyer.email}, ${festival.id}, ${pista}, ${orderId})`,
        );
        await tx.execute(sql`UPDATE ticket_types SET sold = sold + 1 WHERE id = ${pista}`);
      }),
    ).toEqual(['live_ticket_of_paid_order']);
    // A sale the ledger never recognised, and a ticket refunded without a refund.
    expect(await failingAfter((tx) => paidOrder(tx, 1_000, 'paid', false))).toEqual(['event_revenue']);
    expect(
      await failingAfter(async (tx) => {
        const { orderId } = await paidOrder(tx, 1_000);
        await tx.execute(
          sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, order_id, status)
              VALUES ('integrity-c', ${buyer.id}, ${buyer.email}, ${festival.id}, ${pista}, ${orderId}, 'refunded')`,
        );
      }),
    ).toEqual(['event_revenue']);
    // A transfer accepted without a new holder version (the old holder's code still current),
    // and a door admitting a code older than the ticket's holder.
    expect(
      await failingAfter(async (tx) => {
        const { orderId } = await paidOrder(tx, 1_000);
        const ticket = await selectOne<{ id: number }>(
          tx,
          sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, order_id)
              VALUES ('integrity-d', ${buyer.id}, ${buyer.email}, ${festival.id}, ${pista}, ${orderId}) RETURNING id`,
        );
        await tx.execute(sql`UPDATE ticket_types SET sold = sold + 1 WHERE id = ${pista}`);
        await tx.execute(
          sql`INSERT INTO ticket_transfers (ticket_id, from_customer_id, to_email, status)
              VALUES (${ticket!.id}, ${buyer.id}, 'outra@plateia.dev', 'accepted')`,
        );
      }),
    ).toEqual(['code_admits_current_holder']);
    expect(
      await failingAfter(async (tx) => {
        const { orderId } = await paidOrder(tx, 1_000);
        const ticket = await selectOne<{ id: number }>(
          tx,
          sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, order_id, holder_version, status)
              VALUES ('integrity-e', ${buyer.id}, ${buyer.email}, ${festival.id}, ${pista}, ${orderId}, 2, 'used') RETURNING id`,
        );
        await tx.execute(sql`UPDATE ticket_types SET sold = sold + 1 WHERE id = ${pista}`);
        await tx.execute(
          sql`INSERT INTO check_in_scans (event_id, nonce, device_id, ticket_id, holder_version, mode, verdict, admitted, scanned_at)
              VALUES (${festival.id}, gen_random_uuid(), 'porta', ${ticket!.id}, 1, 'online', 'admitted', true, now())`,
        );
      }),
    ).toEqual(['code_admits_current_holder']);
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });

  it('the scheduled job stores its result for /health and raises an error-level alarm when one fails', async () => {
    const before = (await t.app.inject({ url: '/health' })).json();
    expect(before).toMatchObject({
      status: 'ok',
      integrity: { status: 'unchecked', violations: 0, checkedAt: null },
    });

    await runDueJobs(t.app, { scheduled: true, names: [INTEGRITY_CHECK_JOB] });
    const sound = await t.app.inject({ url: '/health' });
    expect(sound.statusCode).toBe(200);
    expect(sound.json().integrity).toMatchObject({ status: 'ok', violations: 0 });
    expect(Number.isNaN(Date.parse(sound.json().integrity.checkedAt))).toBe(false);

    const cup = festival.productIds[1]!;
    await t.database.db.execute(sql`UPDATE products SET sold = sold + 2 WHERE id = ${cup}`);
    try {
      lines.length = 0;
      await runDueJobs(t.app, { scheduled: true, names: [INTEGRITY_CHECK_JOB] });
      const failing = await t.app.inject({ url: '/health' });
      // An alarm, not an outage: the host still answers 200.
      expect(failing.statusCode).toBe(200);
      expect(failing.json().integrity).toMatchObject({ status: 'failing', violations: 1 });
      const alarm = lines.map((line) => JSON.parse(line)).find((entry) => entry.alarm === 'integrity');
      expect(alarm).toMatchObject({ level: 50, violations: 1 });
      expect(alarm.details[0]).toMatchObject({ invariant: 'product_counters' });
    } finally {
      await t.database.db.execute(sql`UPDATE products SET sold = sold - 2 WHERE id = ${cup}`);
    }
    await runDueJobs(t.app, { scheduled: true, names: [INTEGRITY_CHECK_JOB] });
    expect((await t.app.inject({ url: '/health' })).json().integrity.status).toBe('ok');
  });
});
