import { COURTESY_MESSAGES } from '@plateia/core/messages/courtesy';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, retryOnConflict, selectOne, selectRows } from '../db/sql.ts';
import { reclaimExpired } from '../orders/reclaim.ts';
import { requireEventPower } from '../organisations/access.ts';
import { HttpError } from '../plugins/errors.ts';
import { giveLotUnits } from '../stock/lots.ts';
import { issueTicket } from '../tickets/issue.ts';

/** A ticket issued as courtesy. */
export interface IssuedTicket {
  id: number;
  code: string;
  holderEmail: string;
  seatId: number | null;
}

/** Throws unless `customerId` runs the box office of the event's organisation (organisations/access.ts). */
async function assertProducer(db: Queryable, eventId: number, customerId: number): Promise<void> {
  await requireEventPower(db, eventId, customerId, 'box-office', {
    notProducer: COURTESY_MESSAGES.notProducer,
    notFound: COURTESY_MESSAGES.eventNotFound,
  });
}

async function issue(
  tx: Queryable,
  input: { eventId: number; ticketTypeId: number; nNumber: number; email: string; seatId: number | null },
): Promise<IssuedTicket> {
  const holder = await selectOne<{ id: number }>(
    tx,
    sql`SELECT id FROM customers WHERE lower(email) = lower(${input.email}) LIMIT 1`,
  );
  const ticket = await issueTicket(tx, {
    eventId: input.eventId,
    ticketTypeId: input.ticketTypeId,
    nNumber: input.nNumber,
    seatId: input.seatId,
    customerId: holder ? Number(holder.id) : null,
    holderEmail: input.email,
    orderId: null,
    orderItemId: null,
    priceCents: 0,
    meiaItemId: null,
    courtesy: true,
  });
  return { id: ticket.id, code: ticket.code, holderEmail: input.email, seatId: input.seatId };
}

/**
 * Gives a seat as courtesy, for the event's producer only: the seat must be free (not sold,
 * no live hold by anyone), and becomes sold with a ticket for the recipient, in one
 * transaction.
 */
export async function courtesySeat(
  db: Database,
  producerId: number,
  request: { eventId: number; seatId: number; ticketTypeId: number; email: string },
): Promise<IssuedTicket> {
  await assertProducer(db, request.eventId, producerId);
  const input = { ...request, email: request.email.trim() };
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const [type] = await selectRows<{ n_number: number; section_id: number | null }>(
        tx,
        sql`SELECT t.n_number, t.section_id FROM ticket_types t JOIN seats s ON s.id = ${input.seatId}
            WHERE t.id = ${input.ticketTypeId} AND t.event_id = ${input.eventId} AND t.numbered
              AND s.event_id = ${input.eventId} AND (t.section_id IS NULL OR t.section_id = s.section_id)`,
      );
      if (!type) throw new HttpError(400, COURTESY_MESSAGES.wrongTicketType, 'validation');
      const taken = await selectRows<{ id: number }>(
        tx,
        sql`UPDATE seats SET state = 'sold', held_by = NULL, held_until = NULL, order_id = NULL
            WHERE id = ${input.seatId} AND event_id = ${input.eventId} AND state = 'available'
              AND (held_until IS NULL OR held_until <= now())
            RETURNING id`,
      );
      if (taken.length === 0) throw new HttpError(409, COURTESY_MESSAGES.seatUnavailable, 'seat_unavailable');
      // The seat is the stock of a numbered type, which keeps no counters (stock/lots.ts).
      return issue(tx, { ...input, nNumber: type.n_number, seatId: input.seatId });
    }),
  );
}

/**
 * Gives general-admission tickets as courtesy, for the event's producer only, taking them
 * from the lot's stock with the same conditional UPDATE a sale uses (reclaiming expired
 * reservations once if short).
 */
export async function courtesyTickets(
  db: Database,
  producerId: number,
  request: { eventId: number; ticketTypeId: number; email: string; quantity: number },
): Promise<IssuedTicket[]> {
  await assertProducer(db, request.eventId, producerId);
  const input = { ...request, email: request.email.trim() };
  const once = () =>
    retryOnConflict(() =>
      db.transaction(async (tx) => {
        const [type] = await selectRows<{ n_number: number; numbered: boolean }>(
          tx,
          sql`SELECT n_number, numbered FROM ticket_types WHERE id = ${input.ticketTypeId} AND event_id = ${input.eventId}`,
        );
        if (!type || type.numbered) throw new HttpError(400, COURTESY_MESSAGES.wrongTicketType, 'validation');
        if (!(await giveLotUnits(tx, input.ticketTypeId, input.quantity))) return null;
        const issued: IssuedTicket[] = [];
        for (let unit = 0; unit < input.quantity; unit++) {
          issued.push(await issue(tx, { ...input, nNumber: type.n_number, seatId: null }));
        }
        return issued;
      }),
    );
  const first = await once();
  if (first) return first;
  if ((await reclaimExpired(db, input.eventId)).length > 0) {
    const second = await once();
    if (second) return second;
  }
  throw new HttpError(409, COURTESY_MESSAGES.ticketUnavailable, 'ticket_unavailable');
}
