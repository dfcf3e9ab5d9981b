/**
 * "Meus Ingressos" state (docs/tickets.md): the customer's tickets, their code secrets,
 * the server's clock offset and pending transfers. With signal, {@link loadMyTickets} reads
 * them from the API host and keeps a copy in the device's vault; without, it reads the
 * vault, so codes still render at the door.
 */
import { atom } from 'nanostores';
import { ApiError } from '../api/client.ts';
import {
  fetchPendingTransfers,
  fetchTicketCodeKeys,
  fetchTickets,
  postTicketTransfer,
  postTransferAccept,
  postTransferCancel,
} from '../api/tickets.ts';
import type { MyTicket, PendingTicketTransfer, TicketCodeKey } from '../contracts/tickets.ts';
import { TRANSFER_MESSAGES } from '../messages/tickets.ts';
import { isValidEmail } from '../rules/email.ts';
import {
  base64UrlToBytes,
  encodeTicketPayload,
  msLeftInStep,
  ticketCodeAt,
  ticketCodeStep,
} from '../rules/ticket-code.ts';
import { $user } from './session.ts';
import { indexedDbTicketVault, type TicketVault } from './ticket-vault.ts';
import { showToast } from './toasts.ts';

/** Where the shown tickets came from: the API host (`online`) or the device's vault (`offline`). */
export type TicketsSource = 'idle' | 'loading' | 'online' | 'offline' | 'error';

/** The customer's tickets. */
export const $myTickets = atom<readonly MyTicket[]>([]);
/** Code secrets by ticket id. */
export const $ticketCodeKeys = atom<Readonly<Record<number, TicketCodeKey>>>({});
/** Server clock minus local clock, in ms: codes are computed on the server's time. */
export const $ticketClockOffset = atom(0);
/** Where the list came from, or that it is loading or failed. */
export const $ticketsSource = atom<TicketsSource>('idle');
/** Pending transfers sent and received (empty offline). */
export const $ticketTransfers = atom<{
  readonly outgoing: readonly PendingTicketTransfer[];
  readonly incoming: readonly PendingTicketTransfer[];
}>({ outgoing: [], incoming: [] });

let vault: TicketVault | null = null;
let clock: () => number = Date.now;

/** Replaces the vault and the clock (tests; browsers without IndexedDB). */
export function configureTicketsStore(options: { vault?: TicketVault; now?: () => number }): void {
  if (options.vault) vault = options.vault;
  if (options.now) clock = options.now;
}

function ticketVault(): TicketVault {
  vault ??= indexedDbTicketVault();
  return vault;
}

/** Whether a failure means no answer arrived (offline, timeout), not a refusal. */
function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0;
}

/**
 * Reads tickets, code secrets and transfers for the logged-in customer and keeps a copy in
 * the vault. When no answer arrives, shows the vault's copy if it is this customer's.
 * The clock offset is the server's time minus the middle of the request's round trip.
 */
export async function loadMyTickets(): Promise<TicketsSource> {
  const user = $user.get();
  if (!user) return 'idle';
  const ownerId = String(user.id);
  $ticketsSource.set('loading');
  try {
    const [tickets, codeKeys, transfers] = await Promise.all([
      fetchTickets(),
      fetchTicketCodeKeys(clock),
      fetchPendingTransfers(),
    ]);
    if (String($user.get()?.id) !== ownerId) return 'idle';
    const offset = Math.round(codeKeys.serverTime - (codeKeys.sentAt + codeKeys.receivedAt) / 2);
    $myTickets.set(tickets);
    $ticketCodeKeys.set(Object.fromEntries(codeKeys.keys.map((key) => [key.ticketId, key])));
    $ticketClockOffset.set(offset);
    $ticketTransfers.set(transfers);
    $ticketsSource.set('online');
    await ticketVault()
      .write({ ownerId, savedAt: clock(), tickets, keys: codeKeys.keys, clockOffsetMs: offset })
      .catch(() => {});
    return 'online';
  } catch (error) {
    if (!isNetworkFailure(error)) {
      $ticketsSource.set('error');
      throw error;
    }
    const saved = await ticketVault()
      .read()
      .catch(() => null);
    if (!saved || saved.ownerId !== ownerId) {
      clearMyTickets();
      $ticketsSource.set('error');
      throw error;
    }
    $myTickets.set(saved.tickets);
    $ticketCodeKeys.set(Object.fromEntries(saved.keys.map((key) => [key.ticketId, key])));
    $ticketClockOffset.set(saved.clockOffsetMs);
    $ticketTransfers.set({ outgoing: [], incoming: [] });
    $ticketsSource.set('offline');
    return 'offline';
  }
}

/** Forgets the tickets in memory (the vault is the guard's to wipe). */
export function clearMyTickets(): void {
  $myTickets.set([]);
  $ticketCodeKeys.set({});
  $ticketClockOffset.set(0);
  $ticketTransfers.set({ outgoing: [], incoming: [] });
  $ticketsSource.set('idle');
}

/** The time on the server's clock now (epoch ms). */
export function ticketClockNow(): number {
  return clock() + $ticketClockOffset.get();
}

/** What the QR shows for a ticket at a moment of the server's clock. */
export interface TicketCodeFrame {
  /** The QR text `PLT1.{id}.{version}.{code}`. */
  payload: string;
  code: string;
  /** Index of the step; changes every 15 s. */
  step: number;
  /** Milliseconds until the next code. */
  msLeft: number;
}

const secretCache = new Map<string, Uint8Array>();

/**
 * The ticket's code at `serverNow` (default: now on the server's clock), or null when this
 * device holds no secret for the ticket's current holder version.
 */
export function ticketCodeFrame(
  ticketId: number,
  serverNow: number = ticketClockNow(),
): TicketCodeFrame | null {
  const key = $ticketCodeKeys.get()[ticketId];
  if (!key) return null;
  let secret = secretCache.get(key.secret);
  if (!secret) {
    secret = base64UrlToBytes(key.secret);
    secretCache.set(key.secret, secret);
  }
  const code = ticketCodeAt(secret, serverNow);
  return {
    payload: encodeTicketPayload({ ticketId, holderVersion: key.holderVersion, code }),
    code,
    step: ticketCodeStep(serverNow),
    msLeft: msLeftInStep(serverNow),
  };
}

/**
 * Transfers a ticket to an e-mail after the page's confirmation: checks the address,
 * sends it, shows the result and reloads the list. Resolves true on success.
 */
export async function transferTicket(ticketId: number, email: string): Promise<boolean> {
  const address = email.trim();
  if (!address) {
    showToast({ kind: 'error', message: TRANSFER_MESSAGES.emailRequired });
    return false;
  }
  if (!isValidEmail(address)) {
    showToast({ kind: 'error', message: TRANSFER_MESSAGES.emailInvalid });
    return false;
  }
  return runTransferAction(
    () => postTicketTransfer(ticketId, address),
    TRANSFER_MESSAGES.sent,
    TRANSFER_MESSAGES.failed,
  );
}

/** The sender takes a pending transfer back; the ticket stays theirs. */
export function cancelTicketTransfer(transferId: number): Promise<boolean> {
  return runTransferAction(
    () => postTransferCancel(transferId),
    TRANSFER_MESSAGES.cancelled,
    TRANSFER_MESSAGES.cancelFailed,
  );
}

/** The recipient accepts a transfer; the ticket joins their list with a new code. */
export function acceptTicketTransfer(transferId: number): Promise<boolean> {
  return runTransferAction(
    () => postTransferAccept(transferId),
    TRANSFER_MESSAGES.accepted,
    TRANSFER_MESSAGES.acceptFailed,
  );
}

async function runTransferAction(
  call: () => Promise<unknown>,
  success: string,
  fallback: string,
): Promise<boolean> {
  try {
    await call();
    showToast({ kind: 'success', message: success });
    return true;
  } catch (error) {
    showToast({ kind: 'error', message: error instanceof ApiError ? error.message : fallback });
    return false;
  } finally {
    await loadMyTickets().catch(() => {});
  }
}
