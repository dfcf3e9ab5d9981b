import type { PendingTicketTransfer, TicketTransfer } from '@plateia/core/contracts/tickets';
import { TICKET_ERRORS, type TicketErrorCode } from '@plateia/core/messages/tickets';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, retryOnConflict, selectOne, selectRows, sqlState } from '../db/sql.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ticketTransferEmail } from '../mail/templates.ts';
import { HttpError } from '../plugins/errors.ts';
import { bumpHolderVersion } from '../tickets/holder.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

/** Limits against mail bombing, counted in the database so every API process shares them. */
export interface TransferLimits {
  /** Transfers one account may send per hour (cancelled ones count). */
  perSenderPerHour: number;
  /** Transfers one e-mail may receive per day, from anyone. */
  perRecipientPerDay: number;
}

/** The limits in force (docs/tickets.md). */
export const TRANSFER_LIMITS: TransferLimits = { perSenderPerHour: 10, perRecipientPerDay: 5 };

/** What sending a transfer needs besides the database. */
export interface TransferDeps {
  now: Date;
  mailer: Mailer;
  /** Where the e-mail's link points (`${siteUrl}/mytickets`). */
  siteUrl: string;
  limits?: TransferLimits;
}

/** A customer acting on a transfer. */
export interface TransferActor {
  id: number;
  email: string;
}

interface TransferRow {
  id: number;
  ticket_id: number;
  status: TicketTransfer['status'];
  from_customer_id: number;
  from_email: string;
  to_email: string;
  created_at: string | Date;
}

function transferView(row: TransferRow): TicketTransfer {
  return {
    id: Number(row.id),
    ticketId: Number(row.ticket_id),
    status: row.status,
    fromEmail: row.from_email,
    toEmail: row.to_email,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const fail = (status: number, code: TicketErrorCode) => new HttpError(status, TICKET_ERRORS[code], code);

/**
 * Sends one of the sender's tickets to an e-mail: the ticket stays valid (and in the
 * sender's hands) while the transfer is pending. Refused for tickets that are not the
 * sender's (403) or not valid, listed for resale, of a started event or already pending
 * (409), to the sender's own e-mail (400), and past the mail-bombing limits (429). The
 * ticket row is locked first, so of two concurrent transfers of one ticket exactly one is
 * created. The recipient gets a pt-BR e-mail after the commit; `notified` says whether it
 * left.
 */
export async function createTransfer(
  db: Database,
  deps: TransferDeps,
  sender: TransferActor,
  ticketId: number,
  toEmail: string,
): Promise<{ transfer: TicketTransfer; notified: boolean }> {
  const email = toEmail.trim();
  if (email.toLowerCase() === sender.email.toLowerCase()) throw fail(400, 'toSelf');
  const limits = deps.limits ?? TRANSFER_LIMITS;
  const created = await retryOnConflict(() =>
    db.transaction(async (tx) => {
      const ticket = await selectOne<{
        customer_id: number | null;
        status: string;
        starts_at: string | Date;
        event_name: string;
        listed: boolean;
      }>(
        tx,
        sql`SELECT t.customer_id, t.status, e.starts_at, e.name AS event_name,
                   EXISTS (SELECT 1 FROM resale_listings r WHERE r.ticket_id = t.id AND r.status = 'active') AS listed
            FROM tickets t JOIN events e ON e.id = t.event_id
            WHERE t.id = ${ticketId} FOR UPDATE OF t`,
      );
      if (!ticket) throw fail(404, 'notFound');
      if (ticket.customer_id === null || Number(ticket.customer_id) !== sender.id)
        throw fail(403, 'notOwner');
      if (ticket.status !== 'valid') throw fail(409, 'notValid');
      if (ticket.listed) throw fail(409, 'listed');
      if (new Date(ticket.starts_at).getTime() <= deps.now.getTime()) throw fail(409, 'eventStarted');
      const pending = await selectOne(
        tx,
        sql`SELECT 1 FROM ticket_transfers WHERE ticket_id = ${ticketId} AND status = 'pending'`,
      );
      if (pending) throw fail(409, 'pending');
      await checkLimits(tx, limits, sender.id, email, deps.now);
      const row = await selectOne<TransferRow>(
        tx,
        sql`INSERT INTO ticket_transfers (ticket_id, from_customer_id, to_email, accept_on_sign_up, created_at)
            VALUES (${ticketId}, ${sender.id}, ${email},
                    NOT EXISTS (SELECT 1 FROM customers
                                WHERE lower(email) = ${email.toLowerCase()} AND email_verified_at IS NOT NULL),
                    ${deps.now})
            RETURNING id, ticket_id, status, from_customer_id, ${sender.email}::text AS from_email, to_email, created_at`,
      );
      return { transfer: transferView(row as TransferRow), eventName: ticket.event_name };
    }),
  ).catch((error: unknown) => {
    // The partial unique index: a concurrent transfer of the same ticket committed first.
    if (sqlState(error) === '23505') throw fail(409, 'pending');
    throw error;
  });
  const notified = await deps.mailer
    .send(
      ticketTransferEmail({
        to: email,
        fromEmail: sender.email,
        eventName: created.eventName,
        link: `${deps.siteUrl}/mytickets`,
      }),
    )
    .then(
      () => true,
      () => false,
    );
  return { transfer: created.transfer, notified };
}

async function checkLimits(
  tx: Queryable,
  limits: TransferLimits,
  senderId: number,
  email: string,
  now: Date,
) {
  const counts = await selectOne<{ by_sender: number; to_recipient: number }>(
    tx,
    sql`SELECT
          (SELECT count(*) FROM ticket_transfers
            WHERE from_customer_id = ${senderId} AND created_at > ${now}::timestamptz - interval '1 hour')::int AS by_sender,
          (SELECT count(*) FROM ticket_transfers
            WHERE lower(to_email) = ${email.toLowerCase()} AND created_at > ${now}::timestamptz - interval '1 day')::int AS to_recipient`,
  );
  if (Number(counts?.by_sender ?? 0) >= limits.perSenderPerHour) throw fail(429, 'senderLimit');
  if (Number(counts?.to_recipient ?? 0) >= limits.perRecipientPerDay) throw fail(429, 'recipientLimit');
}

/**
 * The sender takes a pending transfer back ("recuperar uma transferência errada"): the
 * ticket never left, so it simply stops being pending. 404 unknown transfer, 403 someone
 * else's, 409 no longer pending.
 */
export async function cancelTransfer(db: Database, sender: TransferActor, transferId: number, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockTransfer(tx, transferId);
    if (Number(row.from_customer_id) !== sender.id) throw fail(403, 'notSender');
    if (row.status !== 'pending') throw fail(409, 'transferClosed');
    const updated = await selectOne<TransferRow>(
      tx,
      sql`UPDATE ticket_transfers SET status = 'cancelled', resolved_at = ${now} WHERE id = ${transferId}
          RETURNING id, ticket_id, status, from_customer_id, ${row.from_email}::text AS from_email, to_email, created_at`,
    );
    return transferView(updated as TransferRow);
  });
}

async function lockTransfer(
  tx: Queryable,
  transferId: number,
): Promise<TransferRow & { accept_on_sign_up: boolean }> {
  const row = await selectOne<TransferRow & { accept_on_sign_up: boolean }>(
    tx,
    sql`SELECT tr.id, tr.ticket_id, tr.status, tr.from_customer_id, c.email AS from_email, tr.to_email,
               tr.created_at, tr.accept_on_sign_up
        FROM ticket_transfers tr JOIN customers c ON c.id = tr.from_customer_id
        WHERE tr.id = ${transferId} FOR UPDATE OF tr`,
  );
  if (!row) throw fail(404, 'transferNotFound');
  return row;
}

/**
 * The recipient accepts a pending transfer addressed to their verified e-mail: the ticket
 * moves to their account and its holder version is bumped, so the sender's code dies and
 * the recipient's works. 404 unknown, 403 addressed to another e-mail or unverified, 409
 * no longer pending, ticket no longer valid or event started.
 */
export async function acceptTransfer(db: Database, recipient: TransferActor, transferId: number, now: Date) {
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const row = await lockTransfer(tx, transferId);
      if (row.to_email.toLowerCase() !== recipient.email.toLowerCase()) throw fail(403, 'notRecipient');
      const verified = await selectOne(
        tx,
        sql`SELECT 1 FROM customers WHERE id = ${recipient.id} AND email_verified_at IS NOT NULL`,
      );
      if (!verified) throw fail(403, 'unverified');
      if (row.status !== 'pending') throw fail(409, 'transferClosed');
      return completeTransfer(tx, row, recipient, now);
    }),
  );
}

async function completeTransfer(tx: Queryable, row: TransferRow, recipient: TransferActor, now: Date) {
  const ticket = await selectOne<{ customer_id: number | null; status: string; starts_at: string | Date }>(
    tx,
    sql`SELECT t.customer_id, t.status, e.starts_at FROM tickets t JOIN events e ON e.id = t.event_id
        WHERE t.id = ${row.ticket_id} FOR UPDATE OF t`,
  );
  if (ticket?.status !== 'valid' || Number(ticket.customer_id) !== Number(row.from_customer_id)) {
    throw fail(409, 'notValid');
  }
  if (new Date(ticket.starts_at).getTime() <= now.getTime()) throw fail(409, 'eventStarted');
  await bumpHolderVersion(tx, Number(row.ticket_id), {
    customerId: recipient.id,
    holderEmail: recipient.email,
  });
  await emitWebhookEvent(tx, 'ticket.transferred', Number(row.ticket_id));
  const updated = await selectOne<TransferRow>(
    tx,
    sql`UPDATE ticket_transfers SET status = 'accepted', to_customer_id = ${recipient.id}, resolved_at = ${now}
        WHERE id = ${row.id}
        RETURNING id, ticket_id, status, from_customer_id, ${row.from_email}::text AS from_email, to_email, created_at`,
  );
  return transferView(updated as TransferRow);
}

/**
 * Accepts, on the recipient's behalf, the pending transfers sent to `email` when it had no
 * verified account: called once the account is verified and whenever it lists its tickets.
 * A transfer whose ticket can no longer move (used, event started) stays pending for its
 * sender to cancel. Answers how many were accepted.
 */
export async function acceptTransfersOnSignUp(db: Database, customerId: number, now: Date): Promise<number> {
  const customer = await selectOne<{ email: string }>(
    db,
    sql`SELECT email FROM customers WHERE id = ${customerId} AND email_verified_at IS NOT NULL`,
  );
  if (!customer) return 0;
  const waiting = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM ticket_transfers
        WHERE lower(to_email) = ${customer.email.toLowerCase()} AND status = 'pending' AND accept_on_sign_up
        ORDER BY id`,
  );
  let accepted = 0;
  for (const { id } of waiting) {
    try {
      await acceptTransfer(db, { id: customerId, email: customer.email }, Number(id), now);
      accepted++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return accepted;
}

/** The customer's pending transfers: those they sent and those waiting for their acceptance. */
export async function pendingTransfers(
  db: Queryable,
  customer: TransferActor,
): Promise<{ outgoing: PendingTicketTransfer[]; incoming: PendingTicketTransfer[] }> {
  const rows = await selectRows<
    TransferRow & { event_name: string; starts_at: string | Date; type_name: string; n_number: number }
  >(
    db,
    sql`SELECT tr.id, tr.ticket_id, tr.status, tr.from_customer_id, c.email AS from_email, tr.to_email, tr.created_at,
               e.name AS event_name, e.starts_at, tt.name AS type_name, t.n_number
        FROM ticket_transfers tr
        JOIN customers c ON c.id = tr.from_customer_id
        JOIN tickets t ON t.id = tr.ticket_id
        JOIN events e ON e.id = t.event_id
        JOIN ticket_types tt ON tt.id = t.ticket_type_id
        WHERE tr.status = 'pending'
          AND (tr.from_customer_id = ${customer.id} OR lower(tr.to_email) = ${customer.email.toLowerCase()})
        ORDER BY tr.id`,
  );
  const views = rows.map((row) => ({
    ...transferView(row),
    ticket: {
      eventName: row.event_name,
      eventStartsAt: new Date(row.starts_at).toISOString(),
      typeName: row.type_name,
      nNumber: Number(row.n_number),
    },
  }));
  return {
    outgoing: views.filter((_view, index) => Number(rows[index]?.from_customer_id) === customer.id),
    incoming: views.filter(
      (view, index) =>
        Number(rows[index]?.from_customer_id) !== customer.id &&
        view.toEmail.toLowerCase() === customer.email.toLowerCase(),
    ),
  };
}

/** A ticket that dies (a refund) cancels its pending transfer, if it has one. */
export async function cancelPendingTransferOf(tx: Queryable, ticketId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE ticket_transfers SET status = 'cancelled' WHERE ticket_id = ${ticketId} AND status = 'pending'`,
  );
}
