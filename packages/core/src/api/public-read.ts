import { API_TIMEOUT_MS, ApiError, apiBaseUrl, apiFetch, type StatusMessages } from './client.ts';

/**
 * A small request path for the API host's public calls (the catalogue reads and the
 * event pixel), built on `fetch` alone. The shared ky client (`apiClient`) carries the
 * session token, retries and hooks that authenticated calls need; a page that only shows
 * a buy button needs none of that, and this path keeps ky out of its script. Same rules
 * as the client: base URL from {@link apiBaseUrl}, the configured fetcher, the 30 s
 * timeout of spec §9, JSON both ways, and failures as {@link ApiError} with the call
 * site's pt-BR message.
 */

/** One public request: path relative to the API host, optional query and JSON body. */
export interface PublicRequest {
  /** `GET` unless a body is sent. */
  method?: 'GET' | 'POST';
  /** Query parameters; empty values are left out. */
  searchParams?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  json?: unknown;
  /** Lets the request outlive the page (a pixel hit sent just before navigating away). */
  keepalive?: boolean;
}

function requestUrl(path: string, searchParams: Readonly<Record<string, string>> = {}): string {
  const url = new URL(`${apiBaseUrl()}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(searchParams)) url.searchParams.set(key, value);
  return url.href;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function stringField(data: unknown, field: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
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
    const init: RequestInit = {
      method: request.method ?? (request.json === undefined ? 'GET' : 'POST'),
      headers: { accept: 'application/json' },
      signal: controller.signal,
      keepalive: request.keepalive,
    };
    if (request.json !== undefined) {
      init.headers = { ...init.headers, 'content-type': 'application/json' };
      init.body = JSON.stringify(request.json);
    }
    response = await apiFetch()(requestUrl(path, request.searchParams), init);
    data = await readBody(response);
  } catch (error) {
    throw new ApiError(messages.fallback, { status: 0, cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const serverMessage = stringField(data, 'message');
    const listed = messages[response.status];
    const message =
      listed ?? (messages.preferServerMessage && serverMessage ? serverMessage : messages.fallback);
    throw new ApiError(message, {
      status: response.status,
      code: stringField(data, 'error'),
      serverMessage,
      data,
    });
  }
  return data as T;
}
