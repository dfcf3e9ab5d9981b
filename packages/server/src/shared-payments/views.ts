/**
 * Reading shared payments (docs/shared-payments.md, "Who sees what"): the group page, a share's
 * page with its PIX charge, and the per-user lists. Each read is a few indexed queries and no
 * PSP call (the webhook and the reconcile job keep payments current), since pages poll them.
 */
import type { PixCharge } from '@plateia/core/contracts/payments';
import type {
  SharedPaymentPage,
  SharedPaymentView,
  SharePaymentView,
} from '@plateia/core/contracts/shared-payments';
import { UNAUTHORIZED_MESSAGE } from '@plateia/core/messages/errors';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectOne } from '../db/sql.ts';
import type { PaymentDeps } from '../payments/deps.ts';
import { brCodeSvg } from '../payments/pix/brcode.ts';
import { HttpError } from '../plugins/errors.ts';
import { SHARED_PAYMENT_ANSWERS as A, SHARE_PAGE_MESSAGES as M } from './messages.ts';
import {
  type GroupRow,
  groupById,
  groupSummary,
  groupsWhere,
  receivedCents,
  type ShareRow,
  shareOfToken,
  sharesOf,
  shareView,
  type ViewerOf,
} from './records.ts';

/** Who asks: the session's customer (if any) and the `X-Share-Token` header (if any). */
export interface Asker {
  customer: { id: number; email: string } | null;
  token: string | null;
}

/** 401 when the asker brought neither a session nor a token, 403 otherwise. */
function refused(asker: Asker, message: string): HttpError {
  return asker.customer || asker.token
    ? new HttpError(403, message, 'forbidden')
    : new HttpError(401, UNAUTHORIZED_MESSAGE, 'unauthorized');
}

/** How the asker may read a group: the leader, the share of their e-mail, or the share of their token. */
function viewerOf(
  group: GroupRow,
  shares: ShareRow[],
  asker: Asker,
  tokenShareId: number | null,
): ViewerOf | null {
  if (asker.customer?.id === group.leaderId) {
    return { role: 'leader', shareId: shares.find((share) => share.position === 1)?.id ?? null };
  }
  const email = asker.customer?.email.toLowerCase();
  const byEmail = email ? shares.find((share) => share.email.toLowerCase() === email) : undefined;
  if (byEmail) return { role: 'participant', shareId: byEmail.id };
  if (tokenShareId !== null && shares.some((share) => share.id === tokenShareId)) {
    return { role: 'participant', shareId: tokenShareId };
  }
  return null;
}

/** `GET /shared-payments/status/{id}`. */
export async function sharedPaymentStatus(
  db: Database,
  asker: Asker,
  groupId: number,
): Promise<SharedPaymentView> {
  const group = await groupById(db, groupId);
  if (!group) throw new HttpError(404, A.notFound, 'not_found');
  const shares = await sharesOf(db, groupId);
  const viewer = viewerOf(group, shares, asker, await shareOfToken(db, asker.token));
  if (!viewer) throw refused(asker, A.forbidden);
  return {
    ...groupSummary(group, receivedCents(shares), viewer.role),
    shares: shares.map((share) => shareView(share, viewer)),
  };
}

/**
 * `GET /shared-payments/payment/{shareId}`: the share's token, the session whose e-mail is the
 * share's, or the leader. The charge is shown while the share can be paid by this viewer:
 * unpaid, group open, before the deadline (the leader: before the close).
 */
export async function sharePayment(
  db: Database,
  deps: Pick<PaymentDeps, 'now' | 'providers'>,
  asker: Asker,
  shareId: number,
): Promise<SharePaymentView> {
  const owner = await selectOne<{ shared_payment_id: number }>(
    db,
    sql`SELECT shared_payment_id FROM shared_payment_shares WHERE id = ${shareId}`,
  );
  if (!owner) throw new HttpError(404, A.shareNotFound, 'not_found');
  const group = (await groupById(db, Number(owner.shared_payment_id)))!;
  const shares = await sharesOf(db, group.id);
  const share = shares.find((row) => row.id === shareId)!;
  const tokenShareId = await shareOfToken(db, asker.token);
  const isLeader = asker.customer?.id === group.leaderId;
  const ownEmail = asker.customer?.email.toLowerCase() === share.email.toLowerCase();
  if (!isLeader && !ownEmail && tokenShareId !== shareId) throw refused(asker, A.forbidden);
  const viewer: ViewerOf = isLeader
    ? { role: 'leader', shareId: shares.find((row) => row.position === 1)?.id ?? null }
    : { role: 'participant', shareId };
  const now = deps.now().getTime();
  const payableUntil = isLeader ? group.closesAt.getTime() : group.deadline.getTime();
  const payable =
    share.status === 'pending' &&
    share.paymentStatus === 'pending' &&
    group.status === 'open' &&
    now < payableUntil;
  return {
    share: shareView(share, viewer),
    sharedPayment: groupSummary(group, receivedCents(shares), viewer.role),
    pix: payable ? pixOf(deps, group, share) : null,
    message: shareMessage(group, share, isLeader, now),
  };
}

/** The share's charge as the checkout shows one: copia-e-cola, QR and, in sandbox, the simulate link. */
function pixOf(deps: Pick<PaymentDeps, 'providers'>, group: GroupRow, share: ShareRow): PixCharge {
  const simulate = deps.providers.simulateUrl;
  return {
    paymentId: share.paymentId,
    orderId: group.orderId,
    txid: share.txid,
    brcode: share.brcode,
    qrSvg: brCodeSvg(share.brcode),
    amount: share.amountCents,
    expiresAt: share.chargeExpiresAt.toISOString(),
    status: share.paymentStatus,
    ...(simulate ? { simulateUrl: simulate(share.txid) } : {}),
  };
}

function shareMessage(group: GroupRow, share: ShareRow, isLeader: boolean, now: number): string {
  if (share.status === 'refunded') return M.refunded;
  if (share.status === 'refunding') return M.refunding;
  if (share.status === 'cancelled') return M.closed;
  if (share.status === 'paid') return group.status === 'completed' ? M.paidCompleted : M.paidWaiting;
  if (group.status !== 'open' || now >= group.closesAt.getTime()) return M.closed;
  if (now >= group.deadline.getTime()) return isLeader ? M.leaderGrace : M.deadlinePassed;
  return M.waiting;
}

/**
 * `GET /shared-payments/user/{userId}` (`asLeaderOnly`) and `/user-all/{userId}`: the groups the
 * customer leads, or leads or takes part in by their account's e-mail, newest first.
 */
export async function sharedPaymentsOf(
  db: Database,
  customer: { id: number; email: string },
  asLeaderOnly: boolean,
  page: number,
  limit: number,
): Promise<SharedPaymentPage> {
  const where = asLeaderOnly
    ? sql`g.leader_id = ${customer.id}`
    : sql`(g.leader_id = ${customer.id} OR EXISTS (SELECT 1 FROM shared_payment_shares s
            WHERE s.shared_payment_id = g.id AND lower(s.email) = ${customer.email.toLowerCase()}))`;
  const { groups, total, paid } = await groupsWhere(db, where, page, limit);
  return {
    items: groups.map((group) => {
      const counts = paid.get(group.id) ?? { shares: 0, paid: 0, cents: 0 };
      return {
        ...groupSummary(group, counts.cents, group.leaderId === customer.id ? 'leader' : 'participant'),
        sharesPaid: counts.paid,
        sharesTotal: counts.shares,
      };
    }),
    page,
    limit,
    total,
  };
}
