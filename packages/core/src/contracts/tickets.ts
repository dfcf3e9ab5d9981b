/**
 * Shapes of "Meus Ingressos" as the API host answers them (docs/tickets.md):
 * `GET /tickets`, `GET /tickets/code-keys`, the transfer calls.
 */

/** What a ticket shows as its status. */
export type TicketStatus =
  | 'valid'
  | 'used'
  | 'transferred'
  | 'pending_transfer'
  | 'listed'
  | 'resold'
  | 'refunded'
  | 'cancelled';

/** One ticket in "Meus Ingressos". */
export interface MyTicket {
  id: number;
  status: TicketStatus;
  /** Bumped whenever the ticket changes hands; part of the QR payload. */
  holderVersion: number;
  holderEmail: string;
  priceCents: number;
  courtesy: boolean;
  /** ISO date-time. */
  createdAt: string;
  event: {
    id: number;
    slug: string;
    name: string;
    venue: string;
    city: string;
    image: string;
    startsAt: string;
  };
  ticketType: { id: number; name: string; nNumber: number };
  seat: { id: number; section: string; row: string; number: string; table: string | null } | null;
  order: { id: number; number: string; paidAt: string | null } | null;
  /** The customer's pending transfer of this ticket, or the accepted one that gave it away. */
  transfer: { id: number; status: 'pending' | 'accepted'; toEmail: string; createdAt: string } | null;
}

/** What the owner's device needs to draw one ticket's rotating code (docs/tickets.md). */
export interface TicketCodeKey {
  ticketId: number;
  eventId: number;
  holderVersion: number;
  /** The ticket's TOTP secret, base64url (20 bytes). Never the event key. */
  secret: string;
  stepSeconds: number;
  digits: number;
  window: number;
}

/** A transfer by e-mail. */
export interface TicketTransfer {
  id: number;
  ticketId: number;
  status: 'pending' | 'accepted' | 'cancelled';
  fromEmail: string;
  toEmail: string;
  createdAt: string;
}

/** A pending transfer with the ticket's summary (for the recipient to decide). */
export interface PendingTicketTransfer extends TicketTransfer {
  ticket: { eventName: string; eventStartsAt: string; typeName: string; nNumber: number };
}
