import type { MeiaCategory } from '@plateia/core/contracts/catalogue';
import type { CheckInMeia, MeiaUpgradeAnswer } from '@plateia/core/contracts/check-in';
import { MEIA_MESSAGES } from '@plateia/core/messages/meia-entrada';
import { MEIA_DOOR_NOTICE, meiaCategoriesOf } from '@plateia/core/rules/meia-entrada';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne } from '../db/sql.ts';
import { postMovement } from '../ledger/post.ts';
import { HttpError } from '../plugins/errors.ts';
import { returnMeia } from '../stock/meia-quota.ts';
import { touchTicket } from '../tickets/admission.ts';

/**
 * Meia-entrada at the door: the scanner shows "MEIA — conferir documento" with the
 * beneficiary, and the producer may let the holder pay the difference to a full ticket.
 * A ticket's meia is the order line `tickets.meia_item_id` names (migration 0151): its own
 * line, or for a ticket bought on resale the line of the meia it replaced, so the meia and
 * its beneficiary follow the ticket through resale as through transfer.
 */

interface MeiaTicketRow {
  meia_category: string;
  meia_name: string;
  meia_document: string;
  difference: number;
  state_categories: MeiaCategory[] | string | null;
}

async function meiaRow(db: Queryable, eventId: number, ticketId: number, lock: boolean) {
  return selectOne<MeiaTicketRow>(
    db,
    sql`SELECT i.meia_category, i.meia_name, i.meia_document,
          GREATEST(0, tt.price_cents - i.unit_price_cents)::int AS difference, q.state_categories
        FROM tickets t
        JOIN order_items i ON i.id = t.meia_item_id
        JOIN ticket_types tt ON tt.id = t.ticket_type_id
        LEFT JOIN meia_quotas q ON q.event_id = t.event_id
        WHERE t.id = ${ticketId} AND t.event_id = ${eventId} AND i.meia_category IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM meia_upgrades u WHERE u.ticket_id = t.id)
        ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
}

function toDoorMeia(row: MeiaTicketRow): CheckInMeia {
  const state =
    typeof row.state_categories === 'string'
      ? (JSON.parse(row.state_categories) as MeiaCategory[])
      : (row.state_categories ?? []);
  const category = meiaCategoriesOf(state).find((entry) => entry.id === row.meia_category);
  return {
    notice: MEIA_DOOR_NOTICE,
    category: row.meia_category,
    categoryLabel: category?.label ?? row.meia_category,
    name: row.meia_name,
    document: row.meia_document,
    documents: category?.documents ?? [],
    differenceCents: Number(row.difference),
  };
}

/** The meia of a ticket of the event as the door shows it, or null for a full ticket. */
export async function doorMeiaOf(
  db: Queryable,
  eventId: number,
  ticketId: number,
): Promise<CheckInMeia | null> {
  const row = await meiaRow(db, eventId, ticketId, false);
  return row ? toDoorMeia(row) : null;
}

/**
 * The producer's call at the door: the holder of a meia ticket pays the difference to the
 * lot's full price. Records the upgrade once per ticket, posts the money in the ledger
 * (`door_in` −difference, the event's `producer_revenue` +difference, key
 * `meia-upgrade:{ticketId}`), gives the meia back to the quota and frees the beneficiary's
 * document, all in one transaction. 404 for a ticket of another event, 409 for a full ticket
 * (or one already upgraded).
 */
export async function upgradeMeiaAtDoor(
  db: Database,
  eventId: number,
  actorId: number,
  ticketId: number,
): Promise<MeiaUpgradeAnswer> {
  return db.transaction(async (tx) => {
    const ticket = await selectOne<{ id: number }>(
      tx,
      sql`SELECT id FROM tickets WHERE id = ${ticketId} AND event_id = ${eventId}`,
    );
    if (!ticket) throw new HttpError(404, 'Ingresso não encontrado para este evento.', 'not_found');
    const row = await meiaRow(tx, eventId, ticketId, true);
    if (!row) throw new HttpError(409, MEIA_MESSAGES.notMeia, 'not_meia');
    const meia = toDoorMeia(row);
    await tx.execute(
      sql`INSERT INTO meia_upgrades (ticket_id, event_id, difference_cents, recorded_by)
          VALUES (${ticketId}, ${eventId}, ${meia.differenceCents}, ${actorId})`,
    );
    if (meia.differenceCents > 0) {
      await postMovement(tx, {
        idempotencyKey: `meia-upgrade:${ticketId}`,
        kind: 'meia_upgrade',
        ticketId,
        memo: `meia-entrada paga até a inteira na entrada (${meia.categoryLabel})`,
        legs: [
          { account: { kind: 'door_in' }, amountCents: -meia.differenceCents },
          { account: { kind: 'producer_revenue', eventId }, amountCents: meia.differenceCents },
        ],
      });
    }
    await returnMeia(tx, eventId);
    // Scanners re-read the ticket on their next sync and stop showing it as a meia.
    await touchTicket(tx, ticketId);
    await tx.execute(
      sql`DELETE FROM meia_claims WHERE event_id = ${eventId} AND document = ${meia.document}`,
    );
    return { ticketId, differenceCents: meia.differenceCents, message: MEIA_MESSAGES.upgraded };
  });
}

/**
 * Gives a ticket's meia back when the ticket dies (a refund): one unit to the event's quota
 * and the beneficiary's document claim, unless the meia was already paid up at the door.
 * Nothing for a full-price ticket. Call inside the transaction that voids the ticket; it
 * locks the quota row after the lot's, the order every reservation takes them in.
 */
export async function releaseMeiaOfTicket(tx: Queryable, ticketId: number): Promise<void> {
  const meia = await selectOne<{ event_id: number; meia_document: string }>(
    tx,
    sql`SELECT t.event_id, i.meia_document FROM tickets t JOIN order_items i ON i.id = t.meia_item_id
        WHERE t.id = ${ticketId} AND i.meia_category IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM meia_upgrades u WHERE u.ticket_id = t.id)`,
  );
  if (!meia) return;
  await returnMeia(tx, meia.event_id);
  await tx.execute(
    sql`DELETE FROM meia_claims WHERE event_id = ${meia.event_id} AND document = ${meia.meia_document}`,
  );
}
