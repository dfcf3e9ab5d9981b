/**
 * The close of a group (docs/shared-payments.md, "Expiry"): the `shared-payments.expire` job
 * sent for its `closes_at`, and the every-minute sweep that catches any group past it. Both
 * call `expireSharedPayment`, which does nothing to a group already closed, so one outcome
 * happens once however many processes run them.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/sql.ts';
import { PixProviderError } from '../payments/pix/provider.ts';
import { confirmPix } from '../payments/pix.ts';
import { processRefund } from '../refunds/payout.ts';
import { insertUnfulfilledRefunds } from '../refunds/records.ts';
import { closeUnpaidGroup } from './close.ts';
import type { SharedPaymentDeps } from './create.ts';
import { groupExpiredEmail } from './emails.ts';
import { addShareToken, groupById, receivedCents, sharesOf } from './records.ts';
import { sendDueInvitations, shareLink } from './resend.ts';

/** What closing a group found. */
export type ExpiryResult = 'not_due' | 'completed' | 'expired' | 'closed' | 'not_found';

/**
 * Closes group `groupId` once its `closes_at` passed. Unpaid charges are first confirmed with
 * the PSP, so a share paid in time whose notification is still on its way counts (and may
 * complete the group). Then, in one transaction, the group expires (close.ts); after it, the
 * unpaid charges are removed at the PSP, the paid shares' devoluções are asked for, and
 * everyone is e-mailed. Throws PixProviderError while the PSP cannot be asked (the job retries).
 */
export async function expireSharedPayment(
  db: Database,
  deps: SharedPaymentDeps,
  groupId: number,
): Promise<ExpiryResult> {
  const group = await groupById(db, groupId);
  if (!group) return 'not_found';
  if (group.status !== 'open') return 'closed';
  const now = deps.now();
  if (now.getTime() < group.closesAt.getTime() && !(await leaderHoldOver(db, groupId, now))) return 'not_due';
  for (const share of await sharesOf(db, groupId)) {
    if (share.status !== 'pending' || share.paymentStatus !== 'pending') continue;
    await confirmPix(db, deps, share.txid);
  }
  const closed = await db.transaction(async (tx) => {
    // The group's payments first, then the group: the order a share's settlement takes them
    // in (its payment, then the group), so a payment arriving now waits instead of deadlocking.
    await selectRows(
      tx,
      sql`SELECT id FROM payments WHERE shared_payment_id = ${groupId} ORDER BY id FOR UPDATE`,
    );
    const locked = await selectRows<{ status: string }>(
      tx,
      sql`SELECT status FROM shared_payments WHERE id = ${groupId} FOR UPDATE`,
    );
    if (locked[0]?.status !== 'open') return null;
    return closeUnpaidGroup(tx, groupId, now);
  });
  if (!closed) return (await groupById(db, groupId))?.status === 'completed' ? 'completed' : 'closed';
  for (const txid of closed.cancelledTxids) {
    await deps.providers.pix.removeCharge(txid).catch((error: unknown) => {
      deps.log.warn(
        { err: error, txid },
        'shared-payment charge not removed at the PSP; it expires by itself',
      );
    });
  }
  await refundShares(db, deps, closed.refundPaymentIds);
  await sendExpiryEmails(db, deps, groupId);
  return 'expired';
}

/**
 * The every-minute sweep: the invitations due go out (friends of groups whose leader paid
 * their share, never recorded as sent), then every open group past its `closes_at` is closed (a
 * group whose PSP check fails waits for the next pass).
 */
export async function expireDueSharedPayments(
  db: Database,
  deps: SharedPaymentDeps,
  limit = 50,
): Promise<number> {
  await sendDueInvitations(db, deps, limit);
  const due = await selectRows<{ id: number }>(
    db,
    sql`SELECT g.id FROM shared_payments g
        WHERE g.status = 'open'
          AND (g.closes_at <= ${deps.now().toISOString()}::timestamptz OR ${unpaidLeaderPast(sql`g.id`, deps.now())})
        ORDER BY g.closes_at LIMIT ${limit}`,
  );
  let expired = 0;
  for (const { id } of due) {
    try {
      if ((await expireSharedPayment(db, deps, Number(id))) === 'expired') expired++;
    } catch (error) {
      if (!(error instanceof PixProviderError)) throw error;
      deps.log.warn({ err: error, sharedPaymentId: Number(id) }, 'PSP unreachable closing a shared payment');
    }
  }
  return expired;
}

/**
 * A group whose leader has not paid their share holds its order only for the reservation's
 * own short expiry (docs/shared-payments.md, "Creating"): past it, the group is due to close.
 */
const unpaidLeaderPast = (groupId: SQL, now: Date) =>
  sql`EXISTS (SELECT 1 FROM shared_payments x
        JOIN shared_payment_shares s ON s.shared_payment_id = x.id AND s.position = 1 AND s.status = 'pending'
        JOIN orders o ON o.id = x.order_id
        WHERE x.id = ${groupId} AND o.expires_at <= ${now.toISOString()}::timestamptz)`;

async function leaderHoldOver(db: Database, groupId: number, now: Date): Promise<boolean> {
  const rows = await selectRows<{ over: boolean }>(
    db,
    sql`SELECT ${unpaidLeaderPast(sql`${groupId}`, now)} AS over`,
  );
  return Boolean(rows[0]?.over);
}

/**
 * One refund per paid share, of its whole amount, back to the account that paid (PIX
 * devolução), sent now; what fails here is retried by the refunds sweep.
 */
async function refundShares(db: Database, deps: SharedPaymentDeps, paymentIds: number[]): Promise<void> {
  if (paymentIds.length === 0) return;
  const created = await insertUnfulfilledRefunds(db, paymentIds, deps.now());
  for (const id of created) {
    try {
      await processRefund(db, deps, Number(id));
    } catch (error) {
      deps.log.warn(
        { err: error, refundId: Number(id) },
        'shared-payment refund not sent yet; the sweep retries',
      );
    }
  }
}

/**
 * The leader and every invited participant learn the group closed (a friend never invited,
 * because the leader did not pay, hears nothing); a mail failure changes nothing.
 */
async function sendExpiryEmails(db: Database, deps: SharedPaymentDeps, groupId: number): Promise<void> {
  if (!deps.mailer) return;
  const group = await groupById(db, groupId);
  if (!group) return;
  const shares = await sharesOf(db, groupId);
  const groupUrl = `${deps.siteUrl.replace(/\/$/, '')}/pagamento-compartilhado/${groupId}`;
  for (const share of shares) {
    if (share.position > 1 && share.emailSentAt === null) continue;
    try {
      // A friend may have no account: their share's page, under a fresh link, shows the refund.
      let detailsUrl = groupUrl;
      if (share.position > 1) {
        detailsUrl = shareLink(deps.siteUrl, share.id, await addShareToken(db, share.id));
      }
      await deps.mailer.send(
        groupExpiredEmail({
          to: share.email,
          eventName: group.eventName,
          orderNumber: group.orderNumber,
          paidCents: receivedCents(shares),
          detailsUrl,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, sharedPaymentId: groupId }, 'shared-payment expiry e-mail failed');
    }
  }
}
