import type { ResaleListing, ResaleQuote } from '../contracts/resale.ts';
import { RESALE_MESSAGES } from '../messages/resale.ts';
import { getJson, postJson } from './client.ts';

export type { ResaleListing, ResaleListingStatus, ResaleQuote } from '../contracts/resale.ts';

/** `GET /resale/tickets/{id}/quote`: the cap, the fee and the net for a price (the cap when omitted). */
export function fetchResaleQuote(ticketId: number, priceCents?: number): Promise<ResaleQuote> {
  return getJson(
    `resale/tickets/${ticketId}/quote`,
    { fallback: RESALE_MESSAGES.quoteFailed, preferServerMessage: true },
    priceCents === undefined ? {} : { searchParams: { priceCents } },
  );
}

/** `POST /resale/tickets/{id}`: lists the ticket at `priceCents`. */
export function postResaleListing(ticketId: number, priceCents: number): Promise<{ listing: ResaleListing }> {
  return postJson(
    `resale/tickets/${ticketId}`,
    { priceCents },
    { fallback: RESALE_MESSAGES.listFailed, preferServerMessage: true },
  );
}

/** `POST /resale/listings/{id}/withdraw`: takes the listing down; the ticket gets a fresh code. */
export function postResaleWithdraw(listingId: number): Promise<{ listing: ResaleListing }> {
  return postJson(
    `resale/listings/${listingId}/withdraw`,
    {},
    { fallback: RESALE_MESSAGES.withdrawFailed, preferServerMessage: true },
  );
}

/** `GET /resale/listings`: the customer's listings, newest first. */
export async function fetchMyResaleListings(): Promise<ResaleListing[]> {
  const answer = await getJson<{ listings: ResaleListing[] }>('resale/listings', {
    fallback: RESALE_MESSAGES.loadFailed,
    preferServerMessage: true,
  });
  return answer.listings;
}
