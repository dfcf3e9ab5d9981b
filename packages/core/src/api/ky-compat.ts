/**
 * ky 2, cut down to what `api/client.ts` uses, for the script-tag build only: the widgets'
 * embed build aliases `ky` to this module, the same move as aliasing React to Preact, and
 * saves ky's 9 KB gzip. The storefront and every ESM consumer keep the real ky.
 * `api/client.test.ts` runs the same tests against both, so the two stay interchangeable
 * for the client's calls.
 *
 * What it keeps from ky 2.1: `create` and the `get`/`post` methods (the only verbs the
 * client sends; per-call options merged over the instance's, headers merged, hooks appended), `prefix`
 * joining, `headers`, `json` bodies (`content-type: application/json` unless set),
 * `searchParams` (undefined values left out), `timeout` per attempt (default 10 s) and
 * `totalTimeout` over the whole call (retries, waits and the body read), the
 * `beforeRequest` hooks (they may change `request` in place) and `afterResponse` hooks
 * (they see a clone, may return a replacement `Response`), ky's default retry policy (2
 * retries for GET on 408/413/429/500/502/503/504 and network errors, 0.3 s then 0.6 s,
 * `Retry-After` honoured on 413/429/503; never POST)
 * with `retry` as a number (the limit), `HTTPError` with `response`, `request` and the
 * parsed body in `data`, `TimeoutError`, `NetworkError`, the `is…Error` guards (by `name`,
 * as ky's do across realms), and the `.json()`/`.text()` shortcuts that set `accept`. Any
 * other option throws a TypeError, so a client change that needs more of ky fails in the
 * tests instead of in a browser.
 */

/** The options of ky 2 this module understands. */
export interface KyCompatOptions {
  method?: string;
  prefix?: string;
  headers?: HeadersInit;
  json?: unknown;
  searchParams?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Retry limit (ky's number form; the policy stays ky's default). Default 2. */
  retry?: number;
  /** Per attempt, ms; `false` for none. */
  timeout?: number | false;
  /** Over the whole call, ms; `false` (the default) for none. */
  totalTimeout?: number | false;
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  hooks?: {
    beforeRequest?: ((state: {
      request: Request;
      options: KyCompatOptions;
      retryCount: number;
    }) => unknown)[];
    afterResponse?: ((state: {
      request: Request;
      options: KyCompatOptions;
      response: Response;
      retryCount: number;
    }) => unknown)[];
  };
}

/** What a call returns: the `Response` promise with ky's body shortcuts. */
export interface KyCompatResponsePromise extends Promise<Response> {
  json<T = unknown>(): Promise<T>;
  text(): Promise<string>;
}

type Call = (input: string, options?: KyCompatOptions) => KyCompatResponsePromise;

/** A client: `get`, `post` and `create`, as the client uses ky's. */
export interface KyCompatInstance {
  get: Call;
  post: Call;
  create(options?: KyCompatOptions): KyCompatInstance;
}

/** An answer outside 2xx; `data` is its body (JSON when labelled so, else text; `undefined` when empty or unreadable). */
export class HTTPError extends Error {
  override name = 'HTTPError';
  response: Response;
  request: Request;
  data: unknown;

  constructor(response: Response, request: Request) {
    super(`Request failed with status code ${response.status}: ${request.method} ${request.url}`);
    this.response = response;
    this.request = request;
  }
}

/** No answer within `timeout` (one attempt) or `totalTimeout` (the whole call). */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  request: Request;

  constructor(request: Request) {
    super(`Request timed out: ${request.method} ${request.url}`);
    this.request = request;
  }
}

/** The fetch failed before any answer (offline, DNS, connection refused, CORS); the browser's error is `cause`. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  request: Request;

  constructor(request: Request, cause: unknown) {
    super(`Request failed due to a network error: ${request.method} ${request.url}`, { cause });
    this.request = request;
  }
}

const hasName = (error: unknown, name: string): boolean => (error as Error | null)?.name === name;
/** Like ky's `isHTTPError`. */
export const isHTTPError = (error: unknown): error is HTTPError => hasName(error, 'HTTPError');
/** Like ky's `isTimeoutError`. */
export const isTimeoutError = (error: unknown): error is TimeoutError => hasName(error, 'TimeoutError');
/** Like ky's `isNetworkError`. */
export const isNetworkError = (error: unknown): error is NetworkError => hasName(error, 'NetworkError');

const knownOptions = new Set([
  'method',
  'prefix',
  'headers',
  'json',
  'searchParams',
  'timeout',
  'totalTimeout',
  'fetch',
  'hooks',
  'retry',
]);
const retryStatuses = [408, 413, 429, 500, 502, 503, 504];
const retryAfterStatuses = [413, 429, 503];
// The TypeErrors browsers and runtimes throw for a request that got no answer (ky's list).
const networkMessage =
  /^(Failed to fetch|Load failed|network error|NetworkError when attempting to fetch resource\.|The Internet connection appears to be offline\.|Network request failed|fetch failed|terminated| A network error occurred\.|Network connection lost|error sending request for url)/;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function mergeOptions(base: KyCompatOptions, next: KyCompatOptions = {}): KyCompatOptions {
  for (const key of Object.keys(next)) {
    if (!knownOptions.has(key)) throw new TypeError(`Unsupported ky option in the embed build: ${key}`);
  }
  const headers = new Headers(base.headers);
  for (const [name, value] of new Headers(next.headers)) headers.set(name, value);
  return {
    ...base,
    ...next,
    headers,
    hooks: {
      beforeRequest: [...(base.hooks?.beforeRequest ?? []), ...(next.hooks?.beforeRequest ?? [])],
      afterResponse: [...(base.hooks?.afterResponse ?? []), ...(next.hooks?.afterResponse ?? [])],
    },
  };
}

/** The parsed body of an error answer, as ky 2 fills `HTTPError.data`. */
async function errorData(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  const mime = (response.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!/\/(?:.*[.+-])?json$/.test(mime)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Milliseconds asked by a `Retry-After` header (seconds or an HTTP date), or `undefined`. */
function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('Retry-After');
  if (value === null) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function send(input: string, options: KyCompatOptions): KyCompatResponsePromise {
  const { prefix, timeout = 10_000, totalTimeout = false, retry: retryLimit = 2 } = options;
  const started = Date.now();
  const controller = new AbortController();
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  // Resolved like `new Request(input)` would: against the page for a relative address.
  const url = new URL(
    prefix ? `${prefix.replace(/\/+$/, '')}/${input.replace(/^\/+/, '')}` : input,
    globalThis.location?.href,
  );
  for (const [key, value] of Object.entries(options.searchParams ?? {})) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  const request = new Request(url, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: controller.signal,
  });

  /** Time left for the next step: the per-attempt timeout within what remains of the total. */
  const budget = (): number => {
    const left = totalTimeout === false ? Number.POSITIVE_INFINITY : totalTimeout - (Date.now() - started);
    if (left <= 0) throw new TimeoutError(request);
    return timeout === false ? left : Math.min(timeout, left);
  };
  const withinBudget = <T>(work: Promise<T>): Promise<T> => {
    const ms = budget();
    if (ms === Number.POSITIVE_INFINITY) return work;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        controller.abort();
        reject(new TimeoutError(request));
      }, ms);
      work.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  };

  const run = async (): Promise<Response> => {
    // One tick first, so `.json()`/`.text()` can set `accept` before the hooks and the fetch.
    await Promise.resolve();
    for (const hook of options.hooks?.beforeRequest ?? []) await hook({ request, options, retryCount: 0 });
    const fetcher = options.fetch ?? ((input: Request) => globalThis.fetch(input));
    for (let retryCount = 0; ; retryCount++) {
      let failure!: HTTPError | NetworkError;
      let response: Response | undefined;
      try {
        response = await withinBudget(fetcher(request.clone()));
      } catch (error) {
        // Only a fetch that got no answer is a network error (and retried); anything else is the caller's.
        if (!(error instanceof TypeError && networkMessage.test(error.message))) throw error;
        failure = new NetworkError(request, error);
      }
      if (response) {
        for (const hook of options.hooks?.afterResponse ?? []) {
          const replaced = await hook({ request, options, response: response.clone(), retryCount });
          if (replaced instanceof Response) response = replaced;
        }
        if (response.ok || response.type === 'opaque') return response;
        const httpError = new HTTPError(response, request);
        httpError.data = await withinBudget(errorData(response));
        failure = httpError;
      }
      let delay = 300 * 2 ** retryCount;
      if (retryCount >= retryLimit || request.method !== 'GET') throw failure;
      if (isHTTPError(failure)) {
        const { status, headers: answered } = failure.response;
        if (!retryStatuses.includes(status)) throw failure;
        const asked = retryAfterStatuses.includes(status) ? retryAfterMs(answered) : undefined;
        if (asked !== undefined) delay = asked;
        else if (status === 413) throw failure;
      }
      const left = totalTimeout === false ? Number.POSITIVE_INFINITY : totalTimeout - (Date.now() - started);
      if (delay >= left) {
        await sleep(left);
        throw new TimeoutError(request);
      }
      await sleep(delay);
    }
  };

  const result = run() as KyCompatResponsePromise;
  const read =
    <T>(accept: string, parse: (text: string) => T) =>
    async (): Promise<T> => {
      if (!request.headers.has('accept')) request.headers.set('accept', accept);
      const response = await result;
      // ky 2 parses '' too, so an empty body rejects with a SyntaxError there as here.
      return parse(await withinBudget(response.text()));
    };
  result.json = read('application/json', (text) => JSON.parse(text)) as KyCompatResponsePromise['json'];
  result.text = read('text/*', (text) => text);
  return result;
}

function instance(defaults: KyCompatOptions): KyCompatInstance {
  const verb =
    (method: string): Call =>
    (input, options) =>
      send(input, mergeOptions(defaults, { ...options, method }));
  return { get: verb('GET'), post: verb('POST'), create: (options) => instance(mergeOptions({}, options)) };
}

/** The default instance, like ky's default export. */
const ky: KyCompatInstance = instance({});
export default ky;
