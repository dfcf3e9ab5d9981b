/**
 * ky 2, cut down to what `api/client.ts` uses, for the script-tag build only: the widgets'
 * embed build aliases `ky` to this module, the same move as aliasing React to Preact, and
 * saves ky's 9 KB gzip. The storefront and every ESM consumer keep the real ky.
 * `api/client.test.ts` runs the same tests against both, so the two stay interchangeable
 * for the client's calls.
 *
 * What it keeps from ky 2.1, exactly as the client calls it: `ky.create` with `prefix`,
 * `timeout` per attempt, `totalTimeout` over the whole call (retries, waits and the body
 * read), `fetch`, and the `beforeRequest` hooks (they may change `request` in place) and
 * `afterResponse` hooks (they read the answer), all of them given, as the client gives
 * them (so ky's defaults for them are not needed); the instance's `get` and `post`
 * with `headers`, `json` bodies (`content-type: application/json` unless set),
 * `searchParams` (undefined values left out) and `retry` as a number (the limit). Retries
 * follow ky's default policy: 2 for GET on 408/413/429/500/502/503/504 and network errors,
 * 0.3 s then 0.6 s, `Retry-After` honoured on 413/429/503; never POST. Failures are
 * `HTTPError` (with `response`, `request` and the parsed body in `data`, recognised by
 * `isHTTPError` by name, as ky's guard does across realms), a `DOMException` named
 * `TimeoutError` (as `AbortSignal.timeout` rejects), or the `TypeError` fetch rejected
 * with when no answer came (ky wraps that one in its `NetworkError`; the client maps all
 * but `HTTPError` alike). The `.json()` shortcut sets `accept`; a call that reads another
 * kind of body awaits the `Response` and reads it itself.
 *
 * The client types its ky options and its instance with this module's types
 * ({@link KyCompatOptions}, {@link KyCompatInstance}), so a call that needs more of ky
 * than this keeps fails the type check instead of misbehaving in a browser.
 */

/** The options `ky.create` takes here: all of them, as the client sets them all. */
export interface KyCompatOptions {
  prefix: string;
  /** Per attempt, ms. */
  timeout: number;
  /** Over the whole call, ms. */
  totalTimeout: number;
  /** Called with the request alone; typed as ky's so the client's fetcher fits both. */
  fetch: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  hooks: {
    beforeRequest: ((state: { request: Request }) => void | Promise<void>)[];
    afterResponse: ((state: { request: Request; response: Response }) => void | Promise<void>)[];
  };
}

/** The options one call takes here. */
export interface KyCompatCallOptions {
  headers?: HeadersInit;
  json?: unknown;
  searchParams?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Retry limit (ky's number form; the policy stays ky's default). Default 2. */
  retry?: number;
}

/** What a call returns: the `Response` promise with ky's JSON shortcut. */
export interface KyCompatResponsePromise extends Promise<Response> {
  json<T = unknown>(): Promise<T>;
}

type Call = (input: string, options?: KyCompatCallOptions) => KyCompatResponsePromise;

/** A client made by `create`: the two verbs the client sends. */
export interface KyCompatInstance {
  get: Call;
  post: Call;
}

/** An answer outside 2xx; `data` is its body (JSON when labelled so, else text; `undefined` when empty or unreadable). */
export class HTTPError extends Error {
  // `declare`: set in the constructor, so no field initialiser runs first.
  declare response: Response;
  declare request: Request;
  declare data: unknown;

  constructor(response: Response, request: Request, data: unknown) {
    super(`Request failed with status code ${response.status}: ${request.method} ${request.url}`);
    this.name = 'HTTPError';
    this.response = response;
    this.request = request;
    this.data = data;
  }
}

/** Like ky's `isHTTPError`. */
export const isHTTPError = (error: unknown): error is HTTPError =>
  (error as Error | null)?.name === 'HTTPError';

const retryStatuses = [408, 413, 429, 500, 502, 503, 504];

/** The parsed body of an error answer, as ky 2 fills `HTTPError.data`. */
async function errorData(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  const mime = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!/\/(?:.*[.+-])?json$/i.test(mime)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function send(
  defaults: KyCompatOptions,
  method: string,
  input: string,
  options: KyCompatCallOptions = {},
): KyCompatResponsePromise {
  const { prefix, timeout, totalTimeout, fetch, hooks } = defaults;
  const { json, retry = 2 } = options;
  const end = Date.now() + totalTimeout;
  const controller = new AbortController();
  const headers = new Headers(options.headers);
  if (json !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  // Resolved like `new Request(input)` would: against the page for a relative address.
  // The client's prefix (`apiBaseUrl()`) never ends in a slash; a path may start with one.
  const url = new URL(`${prefix}/${input.replace(/^\/+/, '')}`, globalThis.location?.href);
  for (const [key, value] of Object.entries(options.searchParams ?? {})) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  const request = new Request(url, {
    method,
    headers,
    // No body without `json` (`JSON.stringify(undefined)` is undefined).
    body: JSON.stringify(json),
    signal: controller.signal,
  });

  /** `work` within the per-attempt timeout and what is left of the total; past it, the call aborts. */
  const within = <T>(work: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          controller.abort();
          reject(new DOMException(`Request timed out: ${method} ${request.url}`, 'TimeoutError'));
        },
        Math.min(timeout, end - Date.now()),
      );
      work.then(resolve, reject).finally(() => clearTimeout(timer));
    });

  const run = async (): Promise<Response> => {
    // One tick first, so `.json()` can set `accept` before the hooks and the fetch.
    await Promise.resolve();
    for (const hook of hooks.beforeRequest) await hook({ request });
    for (let retryCount = 0; ; retryCount++) {
      // The request goes as it is, not cloned: only GET, which has no body, is sent again.
      const response = await within(fetch(request)).catch((error: unknown) => {
        // Browsers reject with a TypeError when no answer came (offline, DNS, CORS): ky's
        // network error, retried like a server failure. Anything else is the caller's.
        if (error instanceof TypeError) return error;
        throw error;
      });
      let failure = response;
      if (response instanceof Response) {
        for (const hook of hooks.afterResponse) await hook({ request, response });
        if (response.ok) return response;
        failure = new HTTPError(response, request, await within(errorData(response)));
      }
      if (retryCount >= retry || method !== 'GET') throw failure;
      let delay = 300 * 2 ** retryCount;
      if (failure instanceof HTTPError) {
        const { status, headers } = failure.response;
        if (!retryStatuses.includes(status)) throw failure;
        // The wait `Retry-After` asks on 413, 429 and 503, in seconds or until an HTTP date;
        // without one (or with one that reads as no number) the wait is NaN.
        const retryAfter = ([413, 429, 503].includes(status) && headers.get('Retry-After')) || '';
        const asked = /^\d+$/.test(retryAfter)
          ? Number(retryAfter) * 1000
          : Date.parse(retryAfter) - Date.now();
        if (!Number.isNaN(asked)) delay = Math.max(0, asked);
        else if (status === 413) throw failure;
      }
      // A wait longer than the time left ends the call with a TimeoutError, as ky does.
      await within(new Promise((resolve) => setTimeout(resolve, delay)));
    }
  };

  const result = run() as KyCompatResponsePromise;
  result.json = async <T>() => {
    if (!request.headers.has('accept')) request.headers.set('accept', 'application/json');
    // ky 2 parses '' too, so an empty body rejects with a SyntaxError there as here.
    return JSON.parse(await within((await result).text())) as T;
  };
  return result;
}

/** The default export: like ky's, for `ky.create(options)`. */
export default {
  create(defaults: KyCompatOptions): KyCompatInstance {
    return {
      get: (input, options) => send(defaults, 'GET', input, options),
      post: (input, options) => send(defaults, 'POST', input, options),
    };
  },
};
