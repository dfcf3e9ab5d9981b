/**
 * The `shared_payments` and `shared_payment_shares` tables (migrations 0090, 0091) as rows, and as
 * the wire shapes of core's contracts/shared-payments.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  SharedPaymentStatus,
  SharedPaymentSummary,
  ShareStatus,
  ShareView,
} from '@plateia/core/contracts/shared-payments';
import { maskEmail } from '@plateia/core/rules/shared-payments';
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';

/** A group with what its views show of the order, event and leader. */
export interface GroupRow {
  id: number;
  orderId: number;
  orderNumber: string;
  leaderId: number;
  leaderName: string | null;
  eventId: number;
  eventName: string;
  eventStartsAt: Date;
  eventVenue: string | null;
  eventImage: string | null;
  status: SharedPaymentStatus;
  totalCents: number;
  ticketCount: number;
  deadline: Date;
  closesAt: Date;
  createdAt: Date;
}

/** A share with its payment's charge and its refund, if any. */
export interface ShareRow {
  id: number;
  groupId: number;
  position: number;
  email: string;
  name: string | null;
  amountCents: number;
  tickets: number;
  status: ShareStatus;
  paymentId: number;
  txid: string;
  brcode: string;
  chargeExpiresAt: Date;
  paymentStatus: string;
  paidAt: Date | null;
  refundedAt: Date | null;
  emailSentAt: Date | null;
}

const date = (value: unknown): Date => new Date(value as string | Date);
const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : date(value);
const textOrNull = (value: unknown): string | null => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : text;
};

/** The first name of an account, for what people see of each other. */
const firstName = (value: unknown): string | null => textOrNull(value)?.split(/\s+/)[0] ?? null;

/** The token of a share's link as stored: its sha256. */
export const hashShareToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new link token for a share (earlier ones stay valid); answers the token to e-mail. */
export async function addShareToken(db: Queryable, shareId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await execute(
    db,
    sql`INSERT INTO shared_payment_share_tokens (token_hash, share_id) VALUES (${hashShareToken(token)}, ${shareId})`,
  );
  return token;
}

/** The share a link's token opens, or null. */
export async function shareOfToken(db: Queryable, token: string | null): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const hash = hashShareToken(token);
  const row = await selectOne<{ id: number }>(
    db,
    sql`SELECT id FROM shared_payment_shares WHERE token_hash = ${hash}
        UNION ALL SELECT share_id FROM shared_payment_share_tokens WHERE token_hash = ${hash}
        LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

const GROUP_COLUMNS = sql`g.id, g.order_id, o.number AS order_number, g.leader_id, c.namef AS leader_name,
  g.event_id, e.name AS event_name, e.starts_at AS event_starts_at, e.venue AS event_venue, e.image AS event_image,
  g.status, g.total_cents, g.ticket_count, g.deadline, g.closes_at, g.created_at`;
const GROUP_FROM = sql`shared_payments g JOIN orders o ON o.id = g.order_id JOIN events e ON e.id = g.event_id
  JOIN customers c ON c.id = g.leader_id`;

function groupOf(row: Record<string, unknown>): GroupRow {
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    orderNumber: String(row.order_number),
    leaderId: Number(row.leader_id),
    leaderName: firstName(row.leader_name),
    eventId: Number(row.event_id),
    eventName: String(row.event_name),
    eventStartsAt: date(row.event_starts_at),
    eventVenue: textOrNull(row.event_venue),
    eventImage: textOrNull(row.event_image),
    status: row.status as SharedPaymentStatus,
    totalCents: Number(row.total_cents),
    ticketCount: Number(row.ticket_count),
    deadline: date(row.deadline),
    closesAt: date(row.closes_at),
    createdAt: date(row.created_at),
  };
}

/** One group by id, or null. */
export async function groupById(db: Queryable, id: number): Promise<GroupRow | null> {
  const row = await selectOne<Record<string, unknown>>(
    db,
    sql`SELECT ${GROUP_COLUMNS} FROM ${GROUP_FROM} WHERE g.id = ${id}`,
  );
  return row ? groupOf(row) : null;
}

/** A page of groups matching `where` (a condition on `g`), newest first, and how many match. */
export async function groupsWhere(
  db: Queryable,
  where: ReturnType<typeof sql>,
  page: number,
  limit: number,
): Promise<{
  groups: GroupRow[];
  total: number;
  paid: Map<number, { shares: number; paid: number; cents: number }>;
}> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`SELECT ${GROUP_COLUMNS}, count(*) OVER () AS total_count FROM ${GROUP_FROM}
        WHERE ${where} ORDER BY g.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  const groups = rows.map(groupOf);
  let total = rows.length > 0 ? Number(rows[0]!.total_count) : 0;
  if (rows.length === 0 && page > 1) {
    const counted = await selectOne<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${GROUP_FROM} WHERE ${where}`,
    );
    total = Number(counted?.n ?? 0);
  }
  const paid = new Map<number, { shares: number; paid: number; cents: number }>();
  if (groups.length > 0) {
    const ids = sql.join(
      groups.map((group) => sql`${group.id}`),
      sql`, `,
    );
    for (const row of await selectRows<{ id: number; shares: number; paid: number; cents: number }>(
      db,
      sql`SELECT shared_payment_id AS id, count(*)::int AS shares,
                 (count(*) FILTER (WHERE status IN ('paid', 'refunding', 'refunded')))::int AS paid,
                 coalesce(sum(amount_cents) FILTER (WHERE status IN ('paid', 'refunding', 'refunded')), 0)::int AS cents
          FROM shared_payment_shares WHERE shared_payment_id IN (${ids}) GROUP BY shared_payment_id`,
    )) {
      paid.set(Number(row.id), {
        shares: Number(row.shares),
        paid: Number(row.paid),
        cents: Number(row.cents),
      });
    }
  }
  return { groups, total, paid };
}

/** A group's shares in position order, with names of accounts and refunds of paid ones. */
export async function sharesOf(db: Queryable, groupId: number): Promise<ShareRow[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`SELECT s.id, s.shared_payment_id, s.position, s.email, s.amount_cents, s.tickets, s.status, s.payment_id,
               s.paid_at, s.email_sent_at, p.txid, p.brcode, p.charge_expires_at, p.status AS payment_status,
               (SELECT a.namef FROM customers a WHERE lower(a.email) = lower(s.email) AND a.email_verified_at IS NOT NULL
                 ORDER BY a.id LIMIT 1) AS name,
               r.status AS refund_status, r.refunded_at
        FROM shared_payment_shares s JOIN payments p ON p.id = s.payment_id
        LEFT JOIN refunds r ON r.payment_id = s.payment_id AND r.reason = 'unfulfilled'
        WHERE s.shared_payment_id = ${groupId} ORDER BY s.position`,
  );
  return rows.map((row) => {
    let status = row.status as ShareStatus;
    if (status === 'refunding' && row.refund_status === 'refunded') status = 'refunded';
    return {
      id: Number(row.id),
      groupId: Number(row.shared_payment_id),
      position: Number(row.position),
      email: String(row.email),
      name: firstName(row.name),
      amountCents: Number(row.amount_cents),
      tickets: Number(row.tickets),
      status,
      paymentId: Number(row.payment_id),
      txid: String(row.txid),
      brcode: String(row.brcode),
      chargeExpiresAt: date(row.charge_expires_at),
      paymentStatus: String(row.payment_status),
      paidAt: dateOrNull(row.paid_at),
      refundedAt: status === 'refunded' ? dateOrNull(row.refunded_at) : null,
      emailSentAt: dateOrNull(row.email_sent_at),
    };
  });
}

/** Who reads a group: the leader sees every e-mail, a participant the others' masked. */
export interface ViewerOf {
  role: 'leader' | 'participant';
  /** The viewer's own share, when they have one. */
  shareId: number | null;
}

/** A share as `viewer` sees it. */
export function shareView(share: ShareRow, viewer: ViewerOf): ShareView {
  const own = share.id === viewer.shareId;
  return {
    id: share.id,
    position: share.position,
    email: viewer.role === 'leader' || own ? share.email : maskEmail(share.email),
    name: share.name,
    isLeader: share.position === 1,
    isViewer: own,
    amountCents: share.amountCents,
    tickets: share.tickets,
    status: share.status,
    paidAt: share.paidAt?.toISOString() ?? null,
    refundedAt: share.refundedAt?.toISOString() ?? null,
    emailSentAt: share.emailSentAt?.toISOString() ?? null,
  };
}

/** A group without its shares, as `role` sees it. */
export function groupSummary(
  group: GroupRow,
  paidCents: number,
  role: 'leader' | 'participant',
): SharedPaymentSummary {
  return {
    id: group.id,
    status: group.status,
    orderId: group.orderId,
    orderNumber: group.orderNumber,
    event: {
      id: group.eventId,
      name: group.eventName,
      startsAt: group.eventStartsAt.toISOString(),
      venue: group.eventVenue,
      imageUrl: group.eventImage,
    },
    totalCents: group.totalCents,
    paidCents,
    deadline: group.deadline.toISOString(),
    closesAt: group.closesAt.toISOString(),
    createdAt: group.createdAt.toISOString(),
    leader: { userId: group.leaderId, name: group.leaderName },
    viewerRole: role,
  };
}

/** Cents received from a group's shares (refunded ones included: they were received). */
export const receivedCents = (shares: ShareRow[]): number =>
  shares
    .filter((share) => share.status === 'paid' || share.status === 'refunding' || share.status === 'refunded')
    .reduce((sum, share) => sum + share.amountCents, 0);
