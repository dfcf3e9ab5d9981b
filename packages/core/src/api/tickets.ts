import type { MyTicket, PendingTicketTransfer, TicketCodeKey, TicketTransfer } from '../contracts/tickets.ts';
import { TICKET_CODE_MESSAGES, TRANSFER_MESSAGES } from '../messages/tickets.ts';
import { getJson, postJson } from './client.ts';

export type {
  MyTicket,
  PendingTicketTransfer,
  TicketCodeKey,
  TicketStatus,
  TicketTransfer,
} from '../contracts/tickets.ts';

/** `GET /tickets`: the logged-in customer's tickets. */
export async function fetchTickets(): Promise<MyTicket[]> {
  const answer = await getJson<{ tickets?: MyTicket[] }>('tickets', {
    fallback: TICKET_CODE_MESSAGES.loadFailed,
    preferServerMessage: true,
  });
  return answer.tickets ?? [];
}

/**
 * `GET /tickets/code-keys`: the code secrets of every valid ticket held, with the server's
 * clock and when the call left and came back (local epoch ms), to work out the offset.
 */
export async function fetchTicketCodeKeys(
  now: () => number = Date.now,
): Promise<{ keys: TicketCodeKey[]; serverTime: number; sentAt: number; receivedAt: number }> {
  const sentAt = now();
  const answer = await getJson<{ keys: TicketCodeKey[]; serverTime: number }>('tickets/code-keys', {
    fallback: TICKET_CODE_MESSAGES.keyFailed,
    preferServerMessage: true,
  });
  return { keys: answer.keys, serverTime: answer.serverTime, sentAt, receivedAt: now() };
}

/** `GET /tickets/transfers`: pending transfers sent and received. */
export function fetchPendingTransfers(): Promise<{
  outgoing: PendingTicketTransfer[];
  incoming: PendingTicketTransfer[];
}> {
  return getJson('tickets/transfers', {
    fallback: TICKET_CODE_MESSAGES.loadFailed,
    preferServerMessage: true,
  });
}

/** `POST /tickets/{id}/transfer`: sends the ticket to an e-mail (pending until accepted). */
export function postTicketTransfer(
  ticketId: number,
  email: string,
): Promise<{ transfer: TicketTransfer; notified: boolean }> {
  return postJson(
    `tickets/${ticketId}/transfer`,
    { email },
    {
      fallback: TRANSFER_MESSAGES.failed,
      preferServerMessage: true,
    },
  );
}

/** `POST /tickets/transfers/{id}/cancel`: the sender takes a pending transfer back. */
export function postTransferCancel(transferId: number): Promise<{ transfer: TicketTransfer }> {
  return postJson(
    `tickets/transfers/${transferId}/cancel`,
    {},
    {
      fallback: TRANSFER_MESSAGES.cancelFailed,
      preferServerMessage: true,
    },
  );
}

/** `POST /tickets/transfers/{id}/accept`: the recipient takes the ticket. */
export function postTransferAccept(transferId: number): Promise<{ transfer: TicketTransfer }> {
  return postJson(
    `tickets/transfers/${transferId}/accept`,
    {},
    {
      fallback: TRANSFER_MESSAGES.acceptFailed,
      preferServerMessage: true,
    },
  );
}
