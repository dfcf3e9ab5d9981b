/**
 * The invariants that hold between the money, stock and ticket tables whatever happened before
 * (docs/integrity.md states each equation and why it is exact). Each one is a SQL read over the
 * real tables answering the rows that break it; the simulator runs them after every step and
 * the integrity job on a schedule. Read-only: nothing here writes.
 */
import { decideScan } from '@plateia/core/rules/check-in-decision';
import {
  checkTicketCode,
  deriveTicketSecret,
  encodeTicketPayload,
  ticketCodeAt,
} from '@plateia/core/rules/ticket-code';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { trialBalance } from '../ledger/reconcile.ts';
import { doorStatusSql } from '../resale/door.ts';

/** The name of each invariant, as docs/integrity.md lists them. */
export type InvariantName =
  | 'ledger_balanced'
  | 'wallets_match_entries'
  | 'clearing_not_negative'
  | 'clearing_equals_in_flight'
  | 'one_live_ticket_per_seat'
  | 'sold_seat_has_live_ticket'
  | 'lot_counters'
  | 'product_counters'
  | 'meia_quota'
  | 'refund_within_payment'
  | 'refund_to_own_payment'
  | 'refund_within_order'
  | 'dead_ticket_not_live'
  | 'live_ticket_of_paid_order'
  | 'event_revenue'
  | 'code_admits_current_holder';

/** One broken invariant: which, and the rows that break it (a few, in words). */
export interface Violation {
  invariant: InvariantName;
  detail: string;
}

/** At most this many offending rows are reported per invariant (the first by id). */
const ROWS_PER_INVARIANT = 10;

/** Ledger transactions keyed `payout:refund:{id}`: the refund's money has left clearing. */
const PAID_OUT = sql`EXISTS (SELECT 1 FROM ledger_transactions x WHERE x.idempotency_key = 'payout:refund:' || r.id)`;

/**
 * How the refunds table splits a refund, which depends on whether refunds are written one row
 * per source payment (migration 0131: a parent row keeps its own payment's part and records in
 * `split_cents` what its child rows, one per other payment, send).
 */
interface RefundShape {
  /** What one row sends back to its own payment by PIX or card. */
  external: SQL;
  /** True for the rows that carry a refund's whole amount (not a child row of a split). */
  whole: SQL;
}

async function refundShape(db: Queryable): Promise<RefundShape> {
  const columns = await selectRows<{ column_name: string }>(
    db,
    sql`SELECT column_name FROM information_schema.columns
        WHERE table_name = 'refunds' AND column_name IN ('split_cents', 'parent_refund_id')`,
  );
  const split = columns.length === 2;
  return {
    external: split
      ? sql`(r.amount_cents - r.wallet_cents - r.split_cents)`
      : sql`(r.amount_cents - r.wallet_cents)`,
    whole: split ? sql`r.parent_refund_id IS NULL` : sql`true`,
  };
}

/**
 * `platform_clearing` as it must be: the external part of every refund whose payout is not
 * confirmed yet, late payments owed back that have no refund row yet, wallet parts held for
 * unpaid orders, shares of shared payments received while their group is not complete, and
 * resale prices held until the event has ended (neither released to the seller nor undone).
 */
function clearingInFlight(shape: RefundShape): SQL {
  return sql`
  (SELECT coalesce(sum(${shape.external}), 0) FROM refunds r WHERE NOT ${PAID_OUT})
  + (SELECT coalesce(sum(p.amount_cents), 0) FROM payments p
     WHERE p.status = 'refund_required'
       AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.reason = 'unfulfilled'))
  + (SELECT coalesce(sum(w.amount_cents), 0) FROM wallet_order_parts w WHERE w.status = 'held')
  + (SELECT coalesce(sum(p.amount_cents), 0) FROM payments p
     JOIN ledger_transactions x ON x.idempotency_key = 'payment:' || p.id AND x.kind = 'shared_share'
     JOIN shared_payments g ON g.id = p.shared_payment_id
     WHERE g.status <> 'completed'
       -- a share paid after its group closed is owed back as refund_required, counted above
       AND p.status <> 'refund_required'
       AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.reason = 'unfulfilled'))
  + (SELECT coalesce(sum(l.price_cents), 0) FROM resale_listings l
     WHERE l.status = 'sold' AND l.proceeds_released_at IS NULL AND l.undone_at IS NULL)`;
}

const CLEARING_BALANCE = sql`
  (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
   JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'platform_clearing')`;

/** Live tickets: the ones that admit (or admitted) someone. */
const LIVE = sql`('valid', 'used')`;

/**
 * Each event's `producer_revenue` as its sales say (docs/integrity.md, `event_revenue`): every
 * paid order's tickets and products after its discount (resale lines excluded: their price is
 * the seller's), less the producer's part (amount − fee) of every refund of it that is not a
 * late payment's and not of a resale ticket, plus the cashless spends and door meia upgrades.
 */
function eventRevenue(shape: RefundShape): SQL {
  return sql`
  SELECT e.id AS event_id,
    (SELECT coalesce(sum(x.amount_cents), 0) FROM ledger_entries x JOIN ledger_accounts a ON a.id = x.account_id
      WHERE a.kind = 'producer_revenue' AND a.event_id = e.id) AS ledger,
    (SELECT coalesce(sum(o.subtotal_cents - o.discount_cents
                         - coalesce((SELECT sum(i.unit_price_cents * i.quantity) FROM order_items i
                                     WHERE i.order_id = o.id AND i.kind = 'resale'), 0)), 0)
      FROM orders o WHERE o.event_id = e.id AND o.status = 'paid') AS sold,
    (SELECT coalesce(sum(r.amount_cents - r.fee_cents), 0) FROM refunds r JOIN orders o ON o.id = r.order_id
      WHERE o.event_id = e.id AND r.reason <> 'unfulfilled' AND ${shape.whole}
        AND NOT EXISTS (SELECT 1 FROM tickets k JOIN order_items i ON i.id = k.order_item_id
                        WHERE k.id = r.ticket_id AND i.kind = 'resale')) AS refunded,
    (SELECT coalesce(sum(p.amount_cents), 0) FROM wallet_pos_spends p WHERE p.event_id = e.id)
      + (SELECT coalesce(sum(u.difference_cents), 0) FROM meia_upgrades u WHERE u.event_id = e.id) AS other
  FROM events e`;
}

/** Each SQL check answers rows with one `detail` column, one per offending row. */
function checks(shape: RefundShape): { invariant: InvariantName; query: SQL }[] {
  return [
    {
      invariant: 'clearing_not_negative',
      query: sql`SELECT 'platform_clearing = ' || b.total AS detail FROM (SELECT ${CLEARING_BALANCE} AS total) b
               WHERE b.total < 0`,
    },
    {
      invariant: 'clearing_equals_in_flight',
      query: sql`SELECT 'platform_clearing = ' || b.total || ', owed in flight = ' || b.owed AS detail
               FROM (SELECT ${CLEARING_BALANCE} AS total, ${clearingInFlight(shape)} AS owed) b
               WHERE b.total <> b.owed`,
    },
    {
      invariant: 'one_live_ticket_per_seat',
      query: sql`SELECT 'seat ' || seat_id || ': ' || count(*) || ' live tickets' AS detail FROM tickets
               WHERE seat_id IS NOT NULL AND status IN ${LIVE}
               GROUP BY seat_id HAVING count(*) > 1 ORDER BY seat_id`,
    },
    {
      invariant: 'sold_seat_has_live_ticket',
      query: sql`SELECT 'seat ' || s.id || ' is ' || s.state || ' with ' || count(t.id) || ' live tickets' AS detail
               FROM seats s LEFT JOIN tickets t ON t.seat_id = s.id AND t.status IN ${LIVE}
               GROUP BY s.id, s.state
               HAVING (s.state = 'sold') <> (count(t.id) > 0)
               ORDER BY s.id`,
    },
    {
      invariant: 'lot_counters',
      query: sql`SELECT 'lot ' || l.id || ': sold ' || l.sold || ' (live tickets ' || l.live || '), reserved '
                      || l.reserved || ' (live reservations ' || l.held || ')' AS detail
               FROM (
                 SELECT t.id, t.numbered, t.sold, t.reserved, coalesce(k.live, 0) AS live, coalesce(h.held, 0) AS held
                 FROM ticket_types t
                 LEFT JOIN (SELECT ticket_type_id, count(*) AS live FROM tickets
                            WHERE seat_id IS NULL AND status IN ${LIVE} GROUP BY ticket_type_id) k
                   ON k.ticket_type_id = t.id
                 LEFT JOIN (SELECT i.ticket_type_id, sum(i.quantity) AS held
                            FROM order_items i JOIN orders o ON o.id = i.order_id
                            WHERE i.kind = 'ticket' AND i.seat_id IS NULL AND i.table_id IS NULL
                              AND o.status = 'reserved'
                            GROUP BY i.ticket_type_id) h
                   ON h.ticket_type_id = t.id
               ) l
               WHERE (NOT l.numbered AND (l.sold <> l.live OR l.reserved <> l.held))
                  OR (l.numbered AND l.reserved <> 0)
               ORDER BY l.id`,
    },
    {
      invariant: 'product_counters',
      query: sql`SELECT 'product ' || p.id || ': sold ' || p.sold || ' (paid ' || p.paid || '), reserved '
                      || p.reserved || ' (live reservations ' || p.held || ')' AS detail
               FROM (
                 SELECT d.id, d.sold, d.reserved, coalesce(q.paid, 0) AS paid, coalesce(q.held, 0) AS held
                 FROM products d
                 LEFT JOIN (SELECT i.product_id,
                              sum(i.quantity) FILTER (WHERE o.status = 'paid') AS paid,
                              sum(i.quantity) FILTER (WHERE o.status = 'reserved') AS held
                            FROM order_items i JOIN orders o ON o.id = i.order_id
                            WHERE i.kind = 'product' GROUP BY i.product_id) q
                   ON q.product_id = d.id
               ) p
               WHERE p.sold <> p.paid OR p.reserved <> p.held
               ORDER BY p.id`,
    },
    {
      invariant: 'meia_quota',
      query: sql`SELECT 'event ' || m.event_id || ': meia taken ' || m.taken || ' (live meia tickets ' || m.live
                      || ', live meia reservations ' || m.held || ')' AS detail
               FROM (
                 SELECT q.event_id, q.taken, coalesce(k.live, 0) AS live, coalesce(h.held, 0) AS held
                 FROM meia_quotas q
                 LEFT JOIN (SELECT k.event_id, count(*) AS live
                            FROM tickets k JOIN order_items i ON i.id = k.meia_item_id
                            WHERE i.meia_category IS NOT NULL AND k.status IN ${LIVE}
                              AND NOT EXISTS (SELECT 1 FROM meia_upgrades u WHERE u.ticket_id = k.id)
                            GROUP BY k.event_id) k
                   ON k.event_id = q.event_id
                 LEFT JOIN (SELECT o.event_id, count(*) AS held
                            FROM order_items i JOIN orders o ON o.id = i.order_id
                            WHERE i.meia_category IS NOT NULL AND o.status = 'reserved'
                            GROUP BY o.event_id) h
                   ON h.event_id = q.event_id
               ) m
               WHERE m.taken <> m.live + m.held
               ORDER BY m.event_id`,
    },
    {
      invariant: 'refund_within_payment',
      query: sql`SELECT 'payment ' || p.id || ' of ' || p.amount_cents || ' returned ' || sum(${shape.external})
                      AS detail
               FROM payments p JOIN refunds r ON r.payment_id = p.id
               GROUP BY p.id, p.amount_cents
               HAVING sum(${shape.external}) > p.amount_cents
               ORDER BY p.id`,
    },
    {
      invariant: 'refund_to_own_payment',
      query: sql`SELECT 'refund ' || r.id || ' (order ' || r.order_id || ', customer ' || r.customer_id
                      || ') goes to payment ' || coalesce(p.id::text, '-') || ' of order ' || coalesce(p.order_id::text, '-')
                      || ', bought by customer ' || o.customer_id AS detail
               FROM refunds r JOIN orders o ON o.id = r.order_id
               LEFT JOIN payments p ON p.id = r.payment_id
               WHERE (r.payment_id IS NOT NULL AND p.order_id <> r.order_id)
                  OR (r.reason <> 'unfulfilled' AND r.customer_id <> o.customer_id)
                  OR (r.reason = 'unfulfilled' AND r.customer_id <> p.customer_id)
               ORDER BY r.id`,
    },
    {
      invariant: 'refund_within_order',
      query: sql`SELECT 'order ' || o.id || ' (total ' || o.total_cents || ', wallet paid ' || o.wallet_paid
                      || ') refunded ' || o.refunded || ', of it to the wallet ' || o.to_wallet AS detail
               FROM (
                 SELECT d.id, d.total_cents,
                   coalesce(sum(r.amount_cents), 0) AS refunded, coalesce(sum(r.wallet_cents), 0) AS to_wallet,
                   (SELECT coalesce(sum(w.amount_cents), 0) FROM wallet_order_parts w
                     WHERE w.order_id = d.id AND w.status = 'spent') AS wallet_paid
                 FROM orders d JOIN refunds r ON r.order_id = d.id AND r.reason <> 'unfulfilled' AND ${shape.whole}
                 GROUP BY d.id, d.total_cents
               ) o
               WHERE o.refunded > o.total_cents OR o.to_wallet > o.wallet_paid
               ORDER BY o.id`,
    },
    {
      invariant: 'dead_ticket_not_live',
      query: sql`SELECT 'ticket ' || t.id || ' is ' || t.status || ' but ' || t.why AS detail FROM (
                 SELECT k.id, k.status, 'has refund ' || r.id AS why FROM tickets k JOIN refunds r ON r.ticket_id = k.id
                 WHERE k.status <> 'refunded'
                 UNION ALL
                 SELECT k.id, k.status, 'its listing ' || l.id || ' was sold' FROM tickets k
                 JOIN resale_listings l ON l.ticket_id = k.id AND l.status = 'sold' AND l.undone_at IS NULL
                 WHERE k.status <> 'resold'
                 UNION ALL
                 SELECT k.id, k.status, 'listing ' || l.id || ' is active' FROM tickets k
                 JOIN resale_listings l ON l.ticket_id = k.id AND l.status = 'active'
                 WHERE k.status <> 'valid'
               ) t ORDER BY t.id`,
    },
    {
      invariant: 'event_revenue',
      query: sql`SELECT 'event ' || v.event_id || ': producer_revenue ' || v.ledger || ', sales say ' || v.sold
                      || ' sold − ' || v.refunded || ' refunded + ' || v.other || ' cashless and door' AS detail
               FROM (${eventRevenue(shape)}) v
               WHERE v.ledger <> v.sold - v.refunded + v.other
               ORDER BY v.event_id`,
    },
    {
      // The refunds subtracted above are exactly the tickets no longer live: a ticket an order
      // issued is refunded only with its refund row (the converse is dead_ticket_not_live).
      invariant: 'event_revenue',
      query: sql`SELECT 'ticket ' || k.id || ' of order ' || k.order_id || ' is refunded without a refund' AS detail
               FROM tickets k
               WHERE k.status = 'refunded' AND k.order_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.ticket_id = k.id AND ${shape.whole})
               ORDER BY k.id`,
    },
    {
      // Every change of holder (transfer accepted) bumped the ticket's holder version, so the
      // codes shown to earlier holders are old.
      invariant: 'code_admits_current_holder',
      query: sql`SELECT 'ticket ' || k.id || ' has holder version ' || k.holder_version || ' after '
                      || count(x.id) || ' accepted transfers' AS detail
               FROM tickets k JOIN ticket_transfers x ON x.ticket_id = k.id AND x.status = 'accepted'
               GROUP BY k.id, k.holder_version
               HAVING k.holder_version < 1 + count(x.id)
               ORDER BY k.id`,
    },
    {
      // The door admitted (online) only the code of the ticket's current holder.
      invariant: 'code_admits_current_holder',
      query: sql`SELECT 'scan ' || s.id || ' admitted ticket ' || k.id || ' with holder version ' || s.holder_version
                      || ' (current ' || k.holder_version || ', ' || k.status || ')' AS detail
               FROM check_in_scans s JOIN tickets k ON k.id = s.ticket_id
               WHERE s.admitted AND s.mode = 'online'
                 AND (s.holder_version IS DISTINCT FROM k.holder_version OR k.status <> 'used')
               ORDER BY s.id`,
    },
    {
      invariant: 'live_ticket_of_paid_order',
      query: sql`SELECT 'ticket ' || k.id || ' is ' || k.status || ' but its order ' || o.id || ' is ' || o.status AS detail
               FROM tickets k JOIN orders o ON o.id = k.order_id
               WHERE k.status IN ${LIVE} AND o.status <> 'paid'
               ORDER BY k.id`,
    },
  ];
}

/**
 * Runs every invariant over the database and answers the violations (empty when sound). Reads
 * only; call it outside a transaction or inside a read-only one to see one snapshot.
 */
export async function checkInvariants(db: Queryable): Promise<Violation[]> {
  const violations: Violation[] = [];
  const trial = await trialBalance(db);
  if (trial.totalCents !== 0) {
    violations.push({ invariant: 'ledger_balanced', detail: `the entries sum to ${trial.totalCents}` });
  }
  for (const id of trial.unbalancedTransactions.slice(0, ROWS_PER_INVARIANT)) {
    violations.push({ invariant: 'ledger_balanced', detail: `transaction ${id} does not balance` });
  }
  for (const id of trial.driftedAccounts.slice(0, ROWS_PER_INVARIANT)) {
    violations.push({
      invariant: 'wallets_match_entries',
      detail: `wallet account ${id} drifted from its entries`,
    });
  }
  for (const id of trial.negativeWallets.slice(0, ROWS_PER_INVARIANT)) {
    violations.push({ invariant: 'wallets_match_entries', detail: `customer ${id}'s wallet is below zero` });
  }
  // One statement for every check: one round trip, one snapshot.
  const rows = await selectRows<{ invariant: InvariantName; detail: string }>(
    db,
    sql.join(
      checks(await refundShape(db)).map(
        (check) =>
          sql`(SELECT ${check.invariant}::text AS invariant, detail::text AS detail FROM (${check.query}) found LIMIT ${ROWS_PER_INVARIANT})`,
      ),
      sql` UNION ALL `,
    ),
  );
  for (const row of rows) violations.push({ invariant: row.invariant, detail: String(row.detail) });
  violations.push(...(await oldCodesRefused(db)));
  return violations;
}

/** How many changed or dead tickets `oldCodesRefused` asks the door about, newest first. */
const CODE_SAMPLE = 500;

/**
 * `code_admits_current_holder`, at the door: for the tickets of events not over that changed
 * holder (transferred) or died (resold, refunded, cancelled, transferred), the door's own
 * decision (`decideScan`, with the ticket as the door reads it) refuses the code every earlier
 * holder could show now, and a dead ticket's current code too; a live valid ticket's current
 * code still admits. The newest `CODE_SAMPLE` such tickets, so the scheduled check stays short.
 */
async function oldCodesRefused(db: Queryable): Promise<Violation[]> {
  const tickets = await selectRows<{
    id: number;
    event_id: number;
    holder_version: number;
    status: string;
    door_status: string;
    ticket_key: Uint8Array;
  }>(
    db,
    sql`SELECT t.id, t.event_id, t.holder_version, t.status, ${doorStatusSql('t')} AS door_status, e.ticket_key
        FROM tickets t JOIN events e ON e.id = t.event_id
        WHERE (t.holder_version > 1 OR t.status IN ('resold', 'refunded', 'cancelled', 'transferred'))
          AND e.ends_at > now() AND e.ticket_key IS NOT NULL
        ORDER BY t.id DESC LIMIT ${CODE_SAMPLE}`,
  );
  const violations: Violation[] = [];
  const at = Date.now();
  for (const t of tickets) {
    const key = new Uint8Array(t.ticket_key);
    const ticket = { id: Number(t.id), holderVersion: Number(t.holder_version), status: t.door_status };
    const decide = async (holderVersion: number) => {
      const secret = await deriveTicketSecret(key, ticket.id, holderVersion);
      return decideScan(
        encodeTicketPayload({ ticketId: ticket.id, holderVersion, code: ticketCodeAt(secret, at) }),
        {
          findTicket: (id) => (id === ticket.id ? ticket : null),
          checkCode: async (id, version, code) =>
            checkTicketCode(await deriveTicketSecret(key, id, version), code, at),
        },
      );
    };
    const versions = t.status === 'valid' ? ticket.holderVersion - 1 : ticket.holderVersion;
    for (let version = 1; version <= versions; version++) {
      if ((await decide(version)).admitted) {
        violations.push({
          invariant: 'code_admits_current_holder',
          detail: `ticket ${ticket.id} (${t.status}, holder version ${ticket.holderVersion}) admits the code of version ${version}`,
        });
      }
    }
    if (t.door_status === 'valid') {
      const current = await decide(ticket.holderVersion);
      if (!current.admitted) {
        violations.push({
          invariant: 'code_admits_current_holder',
          detail: `ticket ${ticket.id} (valid) refuses its current holder's code: ${current.verdict}`,
        });
      }
    }
    if (violations.length >= ROWS_PER_INVARIANT) break;
  }
  return violations;
}
