// @vitest-environment happy-dom
import { allTasks } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, type Fetcher } from '../api/client.ts';
import { ERROR_LOG_CAP, installGlobalErrorHandlers, logError, readErrorLog } from './error-log.ts';

let posted: { url: string; body: unknown; keepalive: boolean | undefined }[];

function capture(answer: () => Promise<Response> = async () => new Response(null, { status: 204 })) {
  const fetcher: Fetcher = async (input, init) => {
    posted.push({ url: String(input), body: JSON.parse(String(init?.body)), keepalive: init?.keepalive });
    return answer();
  };
  configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
}

beforeEach(() => {
  localStorage.clear();
  posted = [];
  // @ts-expect-error happy-dom's own control object is not in the DOM typings
  window.happyDOM.setURL('https://plateia.test/evento/7');
  vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  configureApi({});
  vi.useRealTimers();
});

describe('logError', () => {
  it('stores the spec fields and posts them to the same-origin endpoint', async () => {
    capture();
    const error = new Error('Falhou');
    const entry = logError(error, { type: 'api', context: { status: 500 } });
    await allTasks();
    expect(entry).toEqual({
      message: 'Falhou',
      stack: error.stack,
      type: 'api',
      url: 'https://plateia.test/evento/7',
      userAgent: navigator.userAgent,
      timestamp: '2026-11-21T10:00:00.000Z',
      context: { status: 500 },
    });
    expect(readErrorLog()).toEqual([entry]);
    expect(posted).toEqual([
      { url: 'https://plateia.test/api/errors', body: JSON.parse(JSON.stringify(entry)), keepalive: true },
    ]);
  });

  it('accepts entry fields, strings and odd values', () => {
    capture();
    expect(logError({ message: 'm', type: 'checkout', context: { a: 1 } })).toMatchObject({
      message: 'm',
      type: 'checkout',
      context: { a: 1 },
    });
    expect(logError('texto')?.message).toBe('texto');
    expect(logError({ code: 7 })?.message).toBe('{"code":7}');
    expect(logError(undefined)?.message).toBe('undefined');
  });

  it('keeps only the latest 50 entries', () => {
    capture();
    for (let i = 0; i < ERROR_LOG_CAP + 5; i++) logError(`erro ${i}`);
    const log = readErrorLog();
    expect(log).toHaveLength(50);
    expect(log[0]?.message).toBe('erro 5');
    expect(log.at(-1)?.message).toBe('erro 54');
  });

  it('never throws, whether the post fails or storage holds junk', async () => {
    capture(async () => {
      throw new TypeError('Failed to fetch');
    });
    localStorage.setItem('plateia:errorLog', '{junk');
    expect(() => logError(new Error('x'))).not.toThrow();
    await allTasks();
    expect(readErrorLog().map((entry) => entry.message)).toEqual(['x']);
  });
});

describe('installGlobalErrorHandlers', () => {
  it('logs uncaught errors and unhandled rejections until removed', async () => {
    capture();
    const remove = installGlobalErrorHandlers();
    expect(installGlobalErrorHandlers()).toBe(remove);
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('boom'), message: 'boom', filename: 'a.js', lineno: 3 }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('rejeitado');
    window.dispatchEvent(rejection);
    remove();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('depois'), message: 'depois' }));
    await allTasks();
    expect(readErrorLog().map((entry) => [entry.type, entry.message])).toEqual([
      ['error', 'boom'],
      ['unhandledrejection', 'rejeitado'],
    ]);
    expect(readErrorLog()[0]?.context).toMatchObject({ filename: 'a.js', lineno: 3 });
  });
});
