import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Fetcher } from './client.ts';

type Client = typeof import('./client.ts');
let ApiError: Client['ApiError'];
let apiBaseUrl: Client['apiBaseUrl'];
let apiClient: Client['apiClient'];
let callApi: Client['callApi'];
let configureApi: Client['configureApi'];
let DEFAULT_API_URL: Client['DEFAULT_API_URL'];
let onUnauthorized: Client['onUnauthorized'];
let toApiError: Client['toApiError'];
let $sessionToken: typeof import('../stores/session-token.ts')['$sessionToken'];

// The client on ky itself, which every build ships (the storefront, ESM users and the
// widgets' script-tag build alike).
describe('api client', () => {
  beforeAll(async () => {
    vi.resetModules();
    ({ ApiError, apiBaseUrl, apiClient, callApi, configureApi, DEFAULT_API_URL, onUnauthorized, toApiError } =
      await import('./client.ts'));
    ({ $sessionToken } = await import('../stores/session-token.ts'));
  });

  interface Recorded {
    url: string;
    method: string;
    headers: Headers;
    body: string;
    signal: AbortSignal | null | undefined;
  }

  function recordingFetch(answer: (request: Request) => Response | Promise<Response>) {
    const calls: Recorded[] = [];
    const fetcher: Fetcher = async (input, init) => {
      const request = new Request(input, init);
      calls.push({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: await request.clone().text(),
        signal: init?.signal ?? request.signal,
      });
      return answer(request);
    };
    return { calls, fetcher };
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    configureApi({});
    globalThis.PLATEIA_API_URL = undefined;
  });

  afterEach(() => {
    $sessionToken.set(null);
    cleanStores($sessionToken);
  });

  describe('apiBaseUrl', () => {
    it('prefers the configured URL, then the page global, then the local default', () => {
      expect(apiBaseUrl()).toBe(DEFAULT_API_URL);
      globalThis.PLATEIA_API_URL = 'https://api.exemplo.com.br/';
      expect(apiBaseUrl()).toBe('https://api.exemplo.com.br');
      configureApi({ baseUrl: 'https://outra.exemplo.com' });
      expect(apiBaseUrl()).toBe('https://outra.exemplo.com');
    });
  });

  describe('apiClient', () => {
    it('joins paths to the base URL and sends no Authorization header without a session', async () => {
      const { calls, fetcher } = recordingFetch(() => json(200, { msg: 'salt' }));
      configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
      const answer = await apiClient().post('getsalt/a%40b.com/uuid').json();
      expect(answer).toEqual({ msg: 'salt' });
      expect(calls[0]?.url).toBe('https://api.test/getsalt/a%40b.com/uuid');
      expect(calls[0]?.method).toBe('POST');
      expect(calls[0]?.headers.has('Authorization')).toBe(false);
    });

    it('picks up a base URL the page sets after import', async () => {
      const { calls, fetcher } = recordingFetch(() => json(200, {}));
      configureApi({ fetch: fetcher });
      await apiClient().get('health').json();
      globalThis.PLATEIA_API_URL = 'https://api.later.test';
      await apiClient().get('/health').json();
      expect(calls.map((call) => call.url)).toEqual([
        'http://localhost:3000/health',
        'https://api.later.test/health',
      ]);
    });

    it('adds the bearer token from the session', async () => {
      const { calls, fetcher } = recordingFetch(() => json(200, {}));
      configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
      $sessionToken.set('tok-123');
      await apiClient().get('customer/me').json();
      expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
    });

    it('never retries a POST that failed on the server', async () => {
      const { calls, fetcher } = recordingFetch(() =>
        json(503, { error: 'unavailable', message: 'Fora do ar' }),
      );
      configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
      await expect(apiClient().post('cart/reserve', { json: {} }).json()).rejects.toThrow();
      expect(calls).toHaveLength(1);
    });

    it('gives up after 30 seconds', async () => {
      vi.useFakeTimers();
      try {
        const fetcher: Fetcher = (_input, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          });
        configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
        const call = callApi(() => apiClient().post('login/x').json(), { fallback: 'Falhou' });
        const outcome = expect(call).rejects.toMatchObject({ status: 0, message: 'Falhou' });
        await vi.advanceTimersByTimeAsync(29_999);
        await vi.advanceTimersByTimeAsync(1);
        await outcome;
      } finally {
        vi.useRealTimers();
      }
    });

    it('retries a failing GET twice, then maps the failure', async () => {
      vi.useFakeTimers();
      try {
        let attempts = 0;
        const fetcher: Fetcher = async () => {
          attempts++;
          return json(503, { error: 'unavailable', message: 'Fora do ar' });
        };
        configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
        const call = callApi(() => apiClient().get('events').json(), { fallback: 'Falhou' });
        const outcome = expect(call).rejects.toMatchObject({ message: 'Falhou' });
        await vi.advanceTimersByTimeAsync(30_000);
        await outcome;
        expect(attempts).toBe(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it('sends query parameters, a JSON body and the accept header of the JSON reader', async () => {
      const { calls, fetcher } = recordingFetch(() => json(200, { ok: true }));
      configureApi({ baseUrl: 'https://api.test/', fetch: fetcher });
      await apiClient()
        .get('seat/status', { searchParams: { eventId: '7', seatIds: 'a,b', skipped: undefined } as never })
        .json();
      await apiClient()
        .post('/cart/reserve', { json: { items: [1] } })
        .json();
      // A body other than JSON is read from the answer itself.
      const text = await (await apiClient().post('customer/edit', { json: {} })).text();
      expect(calls.map((call) => call.url)).toEqual([
        'https://api.test/seat/status?eventId=7&seatIds=a%2Cb',
        'https://api.test/cart/reserve',
        'https://api.test/customer/edit',
      ]);
      expect(calls[0]?.headers.get('accept')).toBe('application/json');
      expect(calls[1]?.headers.get('content-type')).toBe('application/json');
      expect(calls[1]?.body).toBe('{"items":[1]}');
      expect(text).toBe('{"ok":true}');
    });

    it("keeps an Authorization header the call set over the session's", async () => {
      const { calls, fetcher } = recordingFetch(() => json(200, {}));
      configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
      $sessionToken.set('tok-123');
      await apiClient()
        .get('customer/me', { headers: { Authorization: 'Bearer google-1' } })
        .json();
      await apiClient().post('logout');
      expect(calls.map((call) => call.headers.get('Authorization'))).toEqual([
        'Bearer google-1',
        'Bearer tok-123',
      ]);
    });

    it('retries a GET after a network error, never a POST', async () => {
      vi.useFakeTimers();
      try {
        let attempts = 0;
        const fetcher: Fetcher = async () => {
          attempts++;
          if (attempts === 1) throw new TypeError('Failed to fetch');
          return json(200, { data: 1 });
        };
        configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
        const answer = apiClient().get('events').json();
        await vi.advanceTimersByTimeAsync(300);
        await expect(answer).resolves.toEqual({ data: 1 });
        expect(attempts).toBe(2);

        attempts = 0;
        const post = callApi(() => apiClient().post('seat/hold').json(), { fallback: 'Falhou' });
        await expect(post).rejects.toMatchObject({ status: 0, message: 'Falhou' });
        expect(attempts).toBe(1);
      } finally {
        vi.useRealTimers();
      }
    });

    it('sends a GET once when the call sets retry to 0', async () => {
      let attempts = 0;
      configureApi({
        baseUrl: 'https://api.test',
        fetch: async () => {
          attempts++;
          return json(503, {});
        },
      });
      await expect(apiClient().get('payments/55/status', { retry: 0 }).json()).rejects.toThrow();
      expect(attempts).toBe(1);
    });

    it('waits as long as Retry-After asks before retrying a GET', async () => {
      vi.useFakeTimers();
      try {
        let attempts = 0;
        const fetcher: Fetcher = async () => {
          attempts++;
          return attempts === 1
            ? new Response('', { status: 429, headers: { 'Retry-After': '2' } })
            : json(200, {});
        };
        configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
        const answer = apiClient().get('events').json();
        await vi.advanceTimersByTimeAsync(1_999);
        expect(attempts).toBe(1);
        await vi.advanceTimersByTimeAsync(1);
        await expect(answer).resolves.toEqual({});
        expect(attempts).toBe(2);
      } finally {
        vi.useRealTimers();
      }
    });

    it('rejects an empty or unparseable success body when JSON was asked for', async () => {
      configureApi({ baseUrl: 'https://api.test', fetch: async () => new Response('', { status: 200 }) });
      await expect(callApi(() => apiClient().post('x').json(), { fallback: 'Falhou' })).rejects.toMatchObject(
        {
          status: 0,
          message: 'Falhou',
        },
      );
      configureApi({
        baseUrl: 'https://api.test',
        fetch: async () => new Response('{oops', { status: 200 }),
      });
      await expect(callApi(() => apiClient().post('x').json(), { fallback: 'Falhou' })).rejects.toMatchObject(
        {
          status: 0,
        },
      );
    });

    it('tells listeners when the server rejects the current token', async () => {
      const { fetcher } = recordingFetch(() =>
        json(401, { error: 'unauthorized', message: 'Sessão expirada' }),
      );
      configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
      const listener = vi.fn();
      const stop = onUnauthorized(listener);
      await expect(apiClient().get('customer/me').json()).rejects.toThrow();
      expect(listener).not.toHaveBeenCalled();
      $sessionToken.set('tok-123');
      await expect(apiClient().get('customer/me').json()).rejects.toThrow();
      expect(listener).toHaveBeenCalledTimes(1);
      stop();
    });

    it('keeps the token the API host rotated, from answers to the current token only', async () => {
      const rotated = 'n'.repeat(43);
      const { fetcher } = recordingFetch(
        () =>
          new Response('{"data":{}}', {
            status: 200,
            headers: { 'content-type': 'application/json', 'X-Session-Token': rotated },
          }),
      );
      configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
      await apiClient().get('customer/me').json();
      expect($sessionToken.get()).toBeNull();
      $sessionToken.set('tok-123');
      await apiClient()
        .get('customer/me', { headers: { Authorization: 'Bearer outro' } })
        .json();
      expect($sessionToken.get()).toBe('tok-123');
      await apiClient().get('customer/me').json();
      expect($sessionToken.get()).toBe(rotated);
    });
  });

  describe('callApi and toApiError', () => {
    const messages = { 409: 'Conflito', fallback: 'Algo falhou' };

    it('maps a listed status to its message and keeps what the server said', async () => {
      const { fetcher } = recordingFetch(() =>
        json(409, { error: 'unverified', message: 'Conta não verificada' }),
      );
      configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
      const error = await callApi(() => apiClient().post('login/x').json(), messages).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 409,
        message: 'Conflito',
        code: 'unverified',
        serverMessage: 'Conta não verificada',
      });
    });

    it('uses the fallback for other statuses unless the server message is preferred', async () => {
      const { fetcher } = recordingFetch(() =>
        json(400, { error: 'bad_request', message: 'Campo inválido' }),
      );
      configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
      await expect(callApi(() => apiClient().post('x').json(), messages)).rejects.toMatchObject({
        status: 400,
        message: 'Algo falhou',
      });
      await expect(
        callApi(() => apiClient().post('x').json(), { ...messages, preferServerMessage: true }),
      ).rejects.toMatchObject({ status: 400, message: 'Campo inválido' });
    });

    it('uses the fallback when the answer is not JSON or nothing answered', async () => {
      configureApi({
        baseUrl: 'https://api.test',
        fetch: async () => new Response('<html>erro</html>', { status: 502 }),
      });
      await expect(
        callApi(() => apiClient().post('x').json(), { ...messages, preferServerMessage: true }),
      ).rejects.toMatchObject({ status: 502, message: 'Algo falhou', serverMessage: undefined });

      configureApi({
        baseUrl: 'https://api.test',
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      });
      await expect(callApi(() => apiClient().post('x').json(), messages)).rejects.toMatchObject({
        status: 0,
        message: 'Algo falhou',
      });
    });

    it('leaves an ApiError as it is', () => {
      const original = new ApiError('Já mapeado', { status: 408 });
      expect(toApiError(original, messages)).toBe(original);
    });
  });
});
