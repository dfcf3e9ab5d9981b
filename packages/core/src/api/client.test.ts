import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $sessionToken } from '../stores/session-token.ts';
import {
  ApiError,
  apiBaseUrl,
  apiClient,
  callApi,
  configureApi,
  DEFAULT_API_URL,
  type Fetcher,
  onUnauthorized,
  toApiError,
} from './client.ts';

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
});

describe('callApi and toApiError', () => {
  const messages = { 409: 'Conflito', fallback: 'Algo falhou' };

  it('maps a listed status to its message and keeps what the server said', async () => {
    const { fetcher } = recordingFetch(() =>
      json(409, { error: 'unverified', message: 'Conta não verificada' }),
    );
    configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
    const error = await callApi(() => apiClient().post('login/x').json(), messages).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Conflito',
      code: 'unverified',
      serverMessage: 'Conta não verificada',
    });
  });

  it('uses the fallback for other statuses unless the server message is preferred', async () => {
    const { fetcher } = recordingFetch(() => json(400, { error: 'bad_request', message: 'Campo inválido' }));
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
