import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEvent } from './catalogue.ts';
import { API_TIMEOUT_MS, ApiError, configureApi, type Fetcher } from './client.ts';
import { publicRequest, wireId } from './public-read.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  configureApi({});
  vi.useRealTimers();
});

describe('publicRequest', () => {
  it('asks the configured host with query and JSON body, and parses the answer', async () => {
    const seen: Request[] = [];
    const fetcher: Fetcher = async (input, init) => {
      seen.push(new Request(input, init));
      return json(200, { ok: true });
    };
    configureApi({ baseUrl: 'https://api.test/', fetch: fetcher });
    const answer = await publicRequest('pixel/add?a=1', { fallback: 'x' }, { json: { b: 2 } });
    expect(answer).toEqual({ ok: true });
    expect(seen[0]?.url).toBe('https://api.test/pixel/add?a=1');
    expect(seen[0]?.method).toBe('POST');
    expect(await seen[0]?.json()).toEqual({ b: 2 });
    expect(seen[0]?.headers.get('authorization')).toBeNull();
  });

  it('maps an error answer to ApiError with status, code and the server text when preferred', async () => {
    configureApi({
      baseUrl: 'https://api.test',
      fetch: async () => json(404, { error: 'not_found', message: 'Evento não encontrado' }),
    });
    const failure = await fetchEvent(99).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found', message: 'Evento não encontrado' });
  });

  it('uses the listed status message, else the fallback, and status 0 when nothing answered', async () => {
    configureApi({ baseUrl: 'https://api.test', fetch: async () => json(500, { message: 'boom' }) });
    await expect(publicRequest('x', { fallback: 'Falhou', 500: 'Servidor' })).rejects.toMatchObject({
      status: 500,
      message: 'Servidor',
    });
    configureApi({
      baseUrl: 'https://api.test',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(publicRequest('x', { fallback: 'Falhou' })).rejects.toMatchObject({
      status: 0,
      message: 'Falhou',
    });
  });

  it('gives up after the 30 s timeout', async () => {
    vi.useFakeTimers();
    let aborted = false;
    configureApi({
      baseUrl: 'https://api.test',
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    });
    const pending = publicRequest('events/1', { fallback: 'Tempo esgotado' }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted).toBe(true);
    expect(await pending).toMatchObject({ status: 0, message: 'Tempo esgotado' });
  });
});

describe('wire ids', () => {
  it('sends numeric strings as integers and leaves the rest', () => {
    expect(wireId('501')).toBe(501);
    expect(wireId(7)).toBe(7);
    expect(wireId('t-7')).toBe('t-7');
    expect(wireId(null)).toBeNull();
  });
});
