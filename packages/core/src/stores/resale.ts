/**
 * Selling a ticket on resale from "Meus Ingressos" (docs/resale.md): the customer's
 * listings and the two actions, list and withdraw. Each action refreshes the tickets (the
 * ticket's status and its code change) and the listings, and says how it went in a toast.
 */
import { atom } from 'nanostores';
import { ApiError } from '../api/client.ts';
import {
  fetchMyResaleListings,
  fetchResaleQuote,
  postResaleListing,
  postResaleWithdraw,
} from '../api/resale.ts';
import type { ResaleListing, ResaleQuote } from '../contracts/resale.ts';
import { RESALE_MESSAGES } from '../messages/resale.ts';
import { parseReais } from '../rules/money.ts';
import { RESALE_MIN_PRICE_CENTS } from '../rules/resale.ts';
import { loadMyTickets } from './tickets.ts';
import { showToast } from './toasts.ts';

/** The customer's listings, newest first (on offer, sold, withdrawn). */
export const $myResaleListings = atom<readonly ResaleListing[]>([]);

let reading: Promise<void> | null = null;

/** Reads the customer's listings (one read at a time); a failure leaves the last ones shown. */
export function loadMyResaleListings(): Promise<void> {
  reading ??= fetchMyResaleListings()
    .then((listings) => $myResaleListings.set(listings))
    .catch(() => {
      // The ticket list still shows the 'listed' status; the listing's details wait for the next read.
    })
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** The active listing of a ticket, if any. */
export function activeListingOf(listings: readonly ResaleListing[], ticketId: number): ResaleListing | null {
  return listings.find((listing) => listing.ticketId === ticketId && listing.status === 'active') ?? null;
}

/** The quote shown before listing (cap, fee rate, net at the cap); null with a toast on failure. */
export async function quoteResale(ticketId: number): Promise<ResaleQuote | null> {
  try {
    return await fetchResaleQuote(ticketId);
  } catch (error) {
    showToast({
      kind: 'error',
      message: error instanceof ApiError ? error.message : RESALE_MESSAGES.quoteFailed,
    });
    return null;
  }
}

/**
 * A typed price as cents; null when it is not one.
 * @deprecated Use `parseReais` from `@plateia/core/rules/money`, which also says why.
 */
export function parsePriceCents(text: string): number | null {
  const read = parseReais(text);
  return read.ok ? read.cents : null;
}

async function runResaleAction(
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
    await Promise.all([loadMyTickets().catch(() => {}), loadMyResaleListings()]);
  }
}

/** Lists the ticket at `priceCents`: its QR code stops working until it sells or is withdrawn. */
export function listTicketForResale(ticketId: number, priceCents: number): Promise<boolean> {
  if (!Number.isSafeInteger(priceCents) || priceCents < RESALE_MIN_PRICE_CENTS) {
    showToast({ kind: 'error', message: RESALE_MESSAGES.invalidPrice });
    return Promise.resolve(false);
  }
  return runResaleAction(
    () => postResaleListing(ticketId, priceCents),
    RESALE_MESSAGES.listed,
    RESALE_MESSAGES.listFailed,
  );
}

/** Withdraws an unsold listing: the ticket is valid again with a fresh QR code. */
export function withdrawResaleListing(listingId: number): Promise<boolean> {
  return runResaleAction(
    () => postResaleWithdraw(listingId),
    RESALE_MESSAGES.withdrawn,
    RESALE_MESSAGES.withdrawFailed,
  );
}
