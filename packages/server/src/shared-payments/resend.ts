/**
 * Invitation e-mails: sent to every friend once the leader's own share is paid (by the
 * every-minute sweep, `sendDueInvitations`), and again when the leader asks
 * (`POST /shared-payments/resend-emails/{id}`), at most once per share every
 * `RESEND_INTERVAL_MINUTES`. Each e-mail carries a new link (only hashes are stored); earlier
 * links keep working.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, selectRows } from '../db/sql.ts';
import type { PaymentDeps } from '../payments/deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { RateLimitedError } from '../rate-limits/backoff.ts';
import { invitationEmail } from './emails.ts';
import { SHARED_PAYMENT_ANSWERS as A } from './messages.ts';
import { addShareToken, groupById } from './records.ts';

/** A share's invitation is sent again at most once in this many minutes. */
export const RESEND_INTERVAL_MINUTES = 5;

/** The link of a share's page, as e-mailed. */
export const shareLink = (siteUrl: string, shareId: number, token: string): string =>
  `${siteUrl.replace(/\/$/, '')}/pagamento-compartilhado/cota/${shareId}?t=${encodeURIComponent(token)}`;

/**
 * E-mails each share in `tokens` its link (the leader's own share is never e-mailed) and
 * records when. A mail failure is logged and leaves `email_sent_at` unset.
 */
export async function sendInvitations(
  db: Database,
  deps: PaymentDeps,
  groupId: number,
  tokens: Map<number, string>,
): Promise<string[]> {
  const group = await groupById(db, groupId);
  if (!group || !deps.mailer || tokens.size === 0) return [];
  const ids = sql.join(
    [...tokens.keys()].map((id) => sql`${id}`),
    sql`, `,
  );
  const shares = await selectRows<{ id: number; email: string; amount_cents: number; tickets: number }>(
    db,
    sql`SELECT id, email, amount_cents, tickets FROM shared_payment_shares
        WHERE shared_payment_id = ${groupId} AND position > 1 AND id IN (${ids}) ORDER BY position`,
  );
  const sent: string[] = [];
  for (const share of shares) {
    const id = Number(share.id);
    try {
      await deps.mailer.send(
        invitationEmail({
          to: share.email,
          leaderName: group.leaderName,
          eventName: group.eventName,
          amountCents: Number(share.amount_cents),
          tickets: Number(share.tickets),
          deadline: group.deadline,
          link: shareLink(deps.siteUrl, id, tokens.get(id)!),
        }),
      );
      await execute(
        db,
        sql`UPDATE shared_payment_shares SET email_sent_at = ${deps.now().toISOString()}::timestamptz WHERE id = ${id}`,
      );
      sent.push(share.email);
    } catch (error) {
      deps.log.error({ err: error, shareId: id }, 'shared-payment invitation e-mail failed');
      // Not sent: the leader may ask again at once, and the sweep sends it (sendLostInvitations).
      await execute(db, sql`UPDATE shared_payment_shares SET email_sent_at = NULL WHERE id = ${id}`).catch(
        () => 0,
      );
    }
  }
  return sent;
}

/**
 * The leader sends the invitation again to some unpaid friends' e-mails: 403 for anyone else,
 * 400 for an e-mail without an unpaid friend's share, 409 once the group closed, 429 when one
 * of them was e-mailed less than 5 minutes ago. Answers the e-mails sent.
 */
export async function resendInvitations(
  db: Database,
  deps: PaymentDeps,
  customerId: number,
  groupId: number,
  emails: string[],
): Promise<string[]> {
  const group = await groupById(db, groupId);
  if (!group) throw new HttpError(404, A.notFound, 'not_found');
  if (group.leaderId !== customerId) throw new HttpError(403, A.leaderOnly, 'forbidden');
  if (group.status !== 'open') throw new HttpError(409, A.notOpen, 'closed');
  if (!(await leaderShareIsPaid(db, groupId))) throw new HttpError(409, A.leaderShareFirst, 'leader_unpaid');
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  const now = deps.now();
  const tokens = await db.transaction(async (tx) => {
    const shares = await selectRows<{ id: number; email: string; email_sent_at: string | Date | null }>(
      tx,
      sql`SELECT id, lower(email) AS email, email_sent_at FROM shared_payment_shares
          WHERE shared_payment_id = ${groupId} AND position > 1 AND status = 'pending'
          ORDER BY position FOR UPDATE`,
    );
    const byEmail = new Map(shares.map((share) => [share.email, share]));
    const unknown = wanted.filter((email) => !byEmail.has(email));
    if (unknown.length > 0) throw new HttpError(400, A.unknownEmails(unknown), 'validation');
    const interval = RESEND_INTERVAL_MINUTES * 60_000;
    let waitMs = 0;
    for (const email of wanted) {
      const sentAt = byEmail.get(email)!.email_sent_at;
      if (sentAt) waitMs = Math.max(waitMs, new Date(sentAt).getTime() + interval - now.getTime());
    }
    if (waitMs > 0) throw new RateLimitedError(A.resendTooSoon(Math.ceil(waitMs / 60_000)), waitMs / 1000);
    const drawn = new Map<number, string>();
    for (const email of wanted) {
      const id = Number(byEmail.get(email)!.id);
      // Claims the interval now, so a second resend racing this one is refused.
      await execute(
        tx,
        sql`UPDATE shared_payment_shares SET email_sent_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
      );
      drawn.set(id, await addShareToken(tx, id));
    }
    return drawn;
  });
  return sendInvitations(db, deps, groupId, tokens);
}

/** Whether the group's leader paid their own share (position 1): the invitations wait for it. */
async function leaderShareIsPaid(db: Database, groupId: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM shared_payment_shares WHERE shared_payment_id = ${groupId} AND position = 1 AND status = 'paid'`,
  );
  return rows.length > 0;
}

/**
 * The invitations due: the friends' unpaid shares of open groups whose leader paid their own
 * share, never recorded as sent (the leader paid since the last pass, the process died between
 * the claim and the e-mail, or the mailer refused). Each gets a fresh link and is sent now.
 * Called by the every-minute `shared-payments.expire-due` sweep, or for one group (`groupId`)
 * right after its leader's payment committed; answers the e-mails sent.
 */
export async function sendDueInvitations(
  db: Database,
  deps: PaymentDeps,
  limit = 50,
  groupId: number | null = null,
): Promise<string[]> {
  const only = groupId === null ? sql`` : sql`AND g.id = ${groupId}`;
  const due = await selectRows<{ id: number; shared_payment_id: number }>(
    db,
    sql`SELECT s.id, s.shared_payment_id FROM shared_payment_shares s JOIN shared_payments g ON g.id = s.shared_payment_id
        WHERE g.status = 'open' AND s.position > 1 AND s.status = 'pending' AND s.email_sent_at IS NULL ${only}
          AND EXISTS (SELECT 1 FROM shared_payment_shares l
                      WHERE l.shared_payment_id = g.id AND l.position = 1 AND l.status = 'paid')
        ORDER BY s.id LIMIT ${limit}`,
  );
  const byGroup = new Map<number, Map<number, string>>();
  for (const row of due) {
    // Claimed by setting email_sent_at, so two sweeps cannot both send it (a failure unsets it).
    const claimed = await execute(
      db,
      sql`UPDATE shared_payment_shares SET email_sent_at = ${deps.now().toISOString()}::timestamptz
          WHERE id = ${row.id} AND email_sent_at IS NULL`,
    );
    if (claimed === 0) continue;
    const token = await addShareToken(db, Number(row.id));
    const groupId = Number(row.shared_payment_id);
    const tokens = byGroup.get(groupId) ?? new Map<number, string>();
    tokens.set(Number(row.id), token);
    byGroup.set(groupId, tokens);
  }
  const sent: string[] = [];
  for (const [id, tokens] of byGroup) sent.push(...(await sendInvitations(db, deps, id, tokens)));
  return sent;
}
