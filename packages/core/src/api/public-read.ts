import type { EntityId } from '../contracts/ids.ts';
/**
 * The ky-free half of the API client: where the API host is (`configureApi`,
 * `apiBaseUrl`, `apiFetch`), the 30 s timeout of docs/core.md, the {@link ApiError} every call
 * rejects with, and a small request path for the public calls (`api/catalogue.ts`,
 * `api/pixel.ts`) built on `fetch` alone. `api/client.ts` re-exports all of it and adds the
 * ky client that authenticated calls need (token, retries, hooks). Keeping this apart means
 * a page that only shows a buy button never downloads ky: nothing here imports it.
 */

/** API timeout from docs/core.md. */
export const API_TIMEOUT_MS = 30_000;

/** Where the API host listens when nothing else is configured (docs/core.md). */
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
let configVersion = 0;

/** Sets the API base URL and/or fetcher; call with `{}` to return to the defaults. */
export function configureApi(next: ApiConfig): void {
  config = { ...next };
  configVersion++;
}

/** Counts {@link configureApi} calls, so clients built from the configuration know when to rebuild. */
export function apiConfigVersion(): number {
  return configVersion;
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
  // Declared only: the constructor assigns them (no separate field initialisers to ship).
  /** HTTP status, or 0 when no usable answer arrived. */
  declare readonly status: number;
  /** The server's machine-readable `error` code, when it sent one. */
  declare readonly code: string | undefined;
  /** The server's own pt-BR `message`, when it sent one. */
  declare readonly serverMessage: string | undefined;
  /** The parsed error body, for call sites that need more than the message. */
  declare readonly data: unknown;

  constructor(
    message: string,
    details: { status: number; code?: string; serverMessage?: string; data?: unknown; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.name = 'ApiError';
    // The details are the fields (`cause` again, with the value `super` gave it).
    Object.assign(this, details);
  }
}

/** A non-empty string field of an error body, or `undefined`. */
export function stringField(data: unknown, field: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The message for a failed answer: the status's own, else the server's (when preferred), else the fallback. */
export function messageForStatus(
  status: number,
  serverMessage: string | undefined,
  messages: StatusMessages,
): string {
  return (
    messages[status] ?? (messages.preferServerMessage && serverMessage ? serverMessage : messages.fallback)
  );
}

/** One public request's options (the path, relative to the API host, carries any query). */
export interface PublicRequest {
  /** Sent as JSON, with `POST` (else the request is a `GET`). */
  json?: unknown;
  /** Lets the request outlive the page (a pixel hit sent just before navigating away). */
  keepalive?: boolean;
}

/** The answer's JSON, else its text, else (an empty body) `null`. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text || null;
  }
}

/**
 * Sends a public request and resolves with the parsed JSON answer (`null` for an empty
 * body). Rejects with an {@link ApiError}: the HTTP status and the server's `{ error,
 * message }` for an error answer, status 0 for a network failure or the 30 s timeout,
 * with the message chosen by `messages` as `callApi` does.
 */
export async function publicRequest<T>(
  path: string,
  messages: StatusMessages,
  request: PublicRequest = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  let response: Response;
  let data: unknown;
  try {
    // A GET (fetch's default method) unless there is a JSON body to POST.
    const init: RequestInit = {
      headers: { accept: 'application/json' },
      signal: controller.signal,
      keepalive: request.keepalive,
    };
    if (request.json !== undefined) {
      init.method = 'POST';
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
      init.body = JSON.stringify(request.json);
    }
    response = await apiFetch()(`${apiBaseUrl()}/${path}`, init);
    data = await readBody(response);
  } catch (error) {
    throw new ApiError(messages.fallback, { status: 0, cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const serverMessage = stringField(data, 'message');
    throw new ApiError(messageForStatus(response.status, serverMessage, messages), {
      status: response.status,
      code: stringField(data, 'error'),
      serverMessage,
      data,
    });
  }
  return data as T;
}

/**
 * Ids travel as JSON integers (the API host's schemas); cart items may carry them as
 * numeric strings (storage, data attributes), so those are turned back into numbers.
 */
export function wireId<T extends EntityId | null | undefined>(id: T): T | number {
  return typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id;
}

/** Query parameters without empty values, trimmed. */
export function searchParams(
  query: Record<string, string | number | undefined | null>,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && String(value).trim() !== '')
      params[key] = String(value).trim();
  }
  return params;
}
