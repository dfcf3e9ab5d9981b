import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { $sessionToken } from '../stores/session-token.ts';

/**
 * The one HTTP client for the API host (spec §7): base URL, 30 s timeout, the session's
 * bearer token, and error mapping to the spec's pt-BR messages (spec §8). Built lazily so
 * the base URL can be set by the page (`globalThis.PLATEIA_API_URL`, set by the storefront
 * and the embed loader) after this module is imported, and so nothing runs on import.
 */

/** API timeout from spec §9. */
export const API_TIMEOUT_MS = 30_000;

/** Where the API host listens when nothing else is configured (decisions §3). */
export const DEFAULT_API_URL = 'http://localhost:3000';

/** The fetch signature the client uses; tests and special hosts swap it. */
export type Fetcher = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/** Options for {@link configureApi}; omitted fields go back to their defaults. */
export interface ApiConfig {
  /** API host origin, e.g. `https://api.plateia.com.br`. */
  baseUrl?: string;
  /** A fetch implementation; defaults to the global `fetch` at call time. */
  fetch?: Fetcher;
}

declare global {
  /** API origin the storefront or the embed loader sets before the widgets run. */
  var PLATEIA_API_URL: string | undefined;
}

let config: ApiConfig = {};
let client: KyInstance | null = null;
let clientBaseUrl = '';
const unauthorizedListeners = new Set<() => void>();

/** Sets the API base URL and/or fetcher; call with `{}` to return to the defaults. */
export function configureApi(next: ApiConfig): void {
  config = { ...next };
  client = null;
}

/** The API host origin in use, without a trailing slash. */
export function apiBaseUrl(): string {
  const url = config.baseUrl ?? globalThis.PLATEIA_API_URL ?? DEFAULT_API_URL;
  return url.replace(/\/+$/, '');
}

/** The fetcher in use: the configured one, else the global `fetch` (looked up per call). */
export function apiFetch(): Fetcher {
  return config.fetch ?? ((input, init) => globalThis.fetch(input, init));
}

/**
 * Registers a listener for a 401 answer to a request that carried the current session
 * token: the server no longer accepts it (expired or revoked), so the session should end.
 * Returns the unsubscribe function.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The shared ky instance. Paths are relative to the API host: `apiClient().post('login/…')`
 * (a leading slash is fine too, `prefix` joins them). Retries follow ky's defaults, which
 * never retry POST, so a login or a reservation is never sent twice by the client.
 */
export function apiClient(): KyInstance {
  const baseUrl = apiBaseUrl();
  if (client && clientBaseUrl === baseUrl) return client;
  const fetcher = apiFetch();
  clientBaseUrl = baseUrl;
  client = ky.create({
    prefix: baseUrl,
    timeout: API_TIMEOUT_MS,
    // The spec's 30 s is what a person waits, so it bounds retries of a GET as well.
    totalTimeout: API_TIMEOUT_MS,
    fetch: (input, init) => fetcher(input, init),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = $sessionToken.get();
          if (token && !request.headers.has('Authorization')) {
            request.headers.set('Authorization', `Bearer ${token}`);
          }
        },
      ],
      afterResponse: [
        ({ request, response }) => {
          const token = $sessionToken.get();
          if (
            response.status === 401 &&
            token &&
            request.headers.get('Authorization') === `Bearer ${token}`
          ) {
            for (const listener of unauthorizedListeners) listener();
          }
        },
      ],
    },
  });
  return client;
}

/** Per-status pt-BR messages for one call site; `fallback` covers everything else. */
export interface StatusMessages {
  /** Message for any failure not listed by status, including network errors and timeouts. */
  fallback: string;
  /** When the server sent a `message`, show it instead of `fallback` (never over a listed status). */
  preferServerMessage?: boolean;
  [status: number]: string;
}

/**
 * A failed API call, carrying the pt-BR message to show (`message`), the HTTP status
 * (0 when no answer arrived: network error, timeout, unreadable answer) and what the
 * server said (`{ error, message }` per docs/architecture.md).
 */
export class ApiError extends Error {
  /** HTTP status, or 0 when no usable answer arrived. */
  readonly status: number;
  /** The server's machine-readable `error` code, when it sent one. */
  readonly code: string | undefined;
  /** The server's own pt-BR `message`, when it sent one. */
  readonly serverMessage: string | undefined;
  /** The parsed error body, for call sites that need more than the message. */
  readonly data: unknown;

  constructor(
    message: string,
    details: { status: number; code?: string; serverMessage?: string; data?: unknown; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.name = 'ApiError';
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
    this.data = details.data;
  }
}

function stringField(data: unknown, field: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Turns whatever a call threw into an {@link ApiError} with the call site's message. */
export function toApiError(error: unknown, messages: StatusMessages): ApiError {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) {
    const status = error.response.status;
    const data = error.data;
    const serverMessage = stringField(data, 'message');
    const listed = messages[status];
    const message =
      listed ?? (messages.preferServerMessage && serverMessage ? serverMessage : messages.fallback);
    return new ApiError(message, {
      status,
      code: stringField(data, 'error'),
      serverMessage,
      data,
      cause: error,
    });
  }
  if (isNetworkError(error) || isTimeoutError(error)) {
    return new ApiError(messages.fallback, { status: 0, cause: error });
  }
  // Anything else (an unparseable body, a fetch that threw) is still a failed call to the
  // person using the page; the original stays in `cause` for the error log.
  return new ApiError(messages.fallback, { status: 0, cause: error });
}

/**
 * Runs one API call and rethrows any failure as an {@link ApiError} with the spec's
 * message for its status: `await callApi(() => apiClient().post('x').json<T>(), { 409: '…', fallback: '…' })`.
 */
export async function callApi<T>(call: () => Promise<T>, messages: StatusMessages): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toApiError(error, messages);
  }
}
