/**
 * "Meus Ingressos": the logged-in customer's tickets from `GET /tickets` (docs/payments.md),
 * read through core's one HTTP client (the session's bearer token, 30 s, pt-BR errors),
 * and the pure helpers that group and describe them.
 */
import { apiClient, callApi } from '@plateia/core';
import type { MyTicket as CoreTicket } from '@plateia/core/contracts/tickets';
import { TICKET_STATUS_LABELS } from '@plateia/core/messages/tickets';

/** A ticket as the API host lists it (core's contract). */
export type MyTicket = CoreTicket;

/** Message when the list cannot be read (the API host's text wins when it sends one). */
export const MY_TICKETS_LOAD_FAILED = 'Não foi possível carregar seus ingressos, tente novamente';

/** `GET /tickets` for the logged-in customer. */
export async function fetchMyTickets(): Promise<MyTicket[]> {
  const answer = await callApi(() => apiClient().get('tickets').json<{ tickets?: MyTicket[] }>(), {
    fallback: MY_TICKETS_LOAD_FAILED,
    preferServerMessage: true,
  });
  return answer.tickets ?? [];
}

/** pt-BR label of a ticket's status. */
export function ticketStatusLabel(status: MyTicket['status'] | string): string {
  return TICKET_STATUS_LABELS[status as keyof typeof TICKET_STATUS_LABELS] ?? status;
}

/** Where the ticket's holder sits: "Mesa 4", "Plateia A · Fila C · Assento 12", or `null`. */
export function seatLabel(seat: MyTicket['seat']): string | null {
  if (!seat) return null;
  const parts: string[] = [];
  if (seat.section) parts.push(seat.section);
  if (seat.table) parts.push(seat.table);
  else {
    if (seat.row) parts.push(`Fila ${seat.row}`);
    if (seat.number) parts.push(`Assento ${seat.number}`);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** One event's tickets, for the list. */
export interface TicketsByEvent {
  event: MyTicket['event'];
  tickets: MyTicket[];
  /** The event has started at `now` (its tickets move to "Eventos passados"). */
  isPast: boolean;
}

/**
 * Groups tickets by event: upcoming events first, soonest first; then past events, most
 * recent first. `now` is injectable for tests.
 */
export function groupTicketsByEvent(tickets: readonly MyTicket[], now = Date.now()): TicketsByEvent[] {
  const groups = new Map<number, TicketsByEvent>();
  for (const ticket of tickets) {
    const group = groups.get(ticket.event.id);
    if (group) group.tickets.push(ticket);
    else {
      const startsAt = new Date(ticket.event.startsAt).getTime();
      // Without a readable date an event counts as upcoming: never hide a ticket someone may need.
      groups.set(ticket.event.id, { event: ticket.event, tickets: [ticket], isPast: startsAt < now });
    }
  }
  const time = (group: TicketsByEvent) => new Date(group.event.startsAt).getTime() || 0;
  const upcoming = [...groups.values()].filter((group) => !group.isPast).sort((a, b) => time(a) - time(b));
  const past = [...groups.values()].filter((group) => group.isPast).sort((a, b) => time(b) - time(a));
  return [...upcoming, ...past];
}
