/**
 * Catalogue reads made while rendering a page on the server (home, event page). They go
 * through core's one HTTP client (`fetchEvents`, `fetchEvent`), pointed at the runtime API
 * host, with a shorter deadline than a person's 30 s: a page must answer even when the API
 * host is slow, and then shows the fallback error card instead.
 */
import {
  ApiError,
  configureApi,
  type EventDetail,
  type EventPage,
  fetchEvent,
  fetchEvents,
} from '@plateia/core';
import { getSiteConfig } from './site-config.ts';

/** How long server rendering waits for the API host (ms). */
export const SERVER_FETCH_TIMEOUT_MS = 8_000;

/** Events per page on the home listing. */
export const HOME_PAGE_SIZE = 12;

/** A server-side read: the data, or why it is missing. */
export type ServerRead<T> = { ok: true; data: T } | { ok: false; notFound: boolean; message: string };

/** Points core's client at the runtime API host with the server-rendering deadline. */
export function pointAtApiHost(): void {
  configureApi({
    baseUrl: getSiteConfig().apiUrl,
    fetch: (input, init) => {
      const deadline = AbortSignal.timeout(SERVER_FETCH_TIMEOUT_MS);
      const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
      return globalThis.fetch(input, { ...init, signal });
    },
  });
}

/** A failed server-side read: `notFound` on a 404 answer. */
export function serverReadFailure(error: unknown): { ok: false; notFound: boolean; message: string } {
  const notFound = error instanceof ApiError && error.status === 404;
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, notFound, message };
}

/**
 * Upcoming events for the home page, optionally searched by text (`q`, trimmed; at most
 * 100 characters are sent).
 */
export async function readUpcomingEvents(q: string, page = 1): Promise<ServerRead<EventPage>> {
  pointAtApiHost();
  try {
    const query = q.trim().slice(0, 100);
    const data = await fetchEvents({
      q: query || undefined,
      period: 'upcoming',
      page,
      limit: HOME_PAGE_SIZE,
    });
    return { ok: true, data };
  } catch (error) {
    return serverReadFailure(error);
  }
}

/** One event by id or slug, with lots, products and resale offers; `notFound` on 404. */
export async function readEvent(idOrSlug: string): Promise<ServerRead<EventDetail>> {
  pointAtApiHost();
  try {
    return { ok: true, data: await fetchEvent(idOrSlug) };
  } catch (error) {
    return serverReadFailure(error);
  }
}
