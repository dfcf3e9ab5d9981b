import ky, { isHTTPError, type KyInstance, type Options } from 'ky';
import { queuePassHeader } from '../stores/queue-pass.ts';
import { $sessionToken } from '../stores/session-token.ts';
import {
  API_TIMEOUT_MS,
  ApiError,
  apiBaseUrl,
  apiFetch,
  messageForStatus,
  type StatusMessages,
  stringField,
} from './public-read.ts';

/**
 * The one HTTP client for the API host (docs/core.md): base URL, 30 s timeout, the session's
 * bearer token, and error mapping to the spec's pt-BR messages (docs/core.md). Built per call so
 * the base URL can be set by the page (`globalThis.PLATEIA_API_URL`, set by the storefront
 * and the embed loader) after this module is imported, and so nothing runs on import.
 */

export {
  API_TIMEOUT_MS,
  type ApiConfig,
  ApiError,
  apiBaseUrl,
  apiConfigVersion,
  apiFetch,
  configureApi,
  DEFAULT_API_URL,
  type Fetcher,
  type StatusMessages,
} from './public-read.ts';

const unauthorizedListeners = new Set<() => void>();

/** The answer header with a session's new token after the API host rotated it (docs/security.md). */
export const ROTATED_TOKEN_HEADER = 'X-Session-Token';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

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
 * The ky client of the API host. Paths are relative to it: `apiClient().post('login/…')`
 * (a leading slash is fine too, `prefix` joins them). Retries follow ky's defaults, which
 * never retry POST, so a login or a reservation is never sent twice by the client. Made
 * per call, which costs next to nothing, so it always uses the base URL and fetcher in
 * effect (the page may set them after this module is imported). Every build ships ky
 * itself: the storefront, ESM users and the widgets' script-tag build.
 */
export function apiClient(): KyInstance {
  const fetcher = apiFetch();
  const options = {
    prefix: apiBaseUrl(),
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
          // High-demand events: hold, reservation and payment carry the virtual queue's pass.
          const pass = queuePassHeader(request.url);
          if (pass && !request.headers.has(pass[0])) request.headers.set(pass[0], pass[1]);
        },
      ],
      afterResponse: [
        ({ request, response }) => {
          const token = $sessionToken.get();
          const carried = token && request.headers.get('Authorization') === `Bearer ${token}`;
          // The API host rotated this session's token: use the new one from now on.
          const rotated = response.headers.get(ROTATED_TOKEN_HEADER);
          if (carried && rotated && TOKEN_SHAPE.test(rotated)) $sessionToken.set(rotated);
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
  } satisfies Options;
  return ky.create(options);
}

/**
 * Turns whatever a call threw into an {@link ApiError} with the call site's message. Only
 * an error answer has a status and a body; anything else (no answer, a timeout, an
 * unparseable body) is still a failed call to the person using the page: status 0, so the
 * fallback message, with the original kept in `cause` for the error log.
 */
export function toApiError(error: unknown, messages: StatusMessages): ApiError {
  if (error instanceof ApiError) return error;
  const answer = isHTTPError(error) ? error : undefined;
  const status = answer?.response.status ?? 0;
  const data = answer?.data;
  const serverMessage = stringField(data, 'message');
  return new ApiError(messageForStatus(status, serverMessage, messages), {
    status,
    code: stringField(data, 'error'),
    serverMessage,
    data,
    cause: error,
  });
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

/** `GET path` through {@link apiClient}: the JSON answer, or an {@link ApiError} chosen by `messages`. */
export function getJson<T>(
  path: string,
  messages: StatusMessages,
  options?: Pick<Options, 'searchParams' | 'retry'>,
): Promise<T> {
  return callApi(() => apiClient().get(path, options).json<T>(), messages);
}

/** `POST path` with a JSON body through {@link apiClient}, as {@link getJson}. */
export function postJson<T>(path: string, json: unknown, messages: StatusMessages): Promise<T> {
  return callApi(() => apiClient().post(path, { json }).json<T>(), messages);
}
