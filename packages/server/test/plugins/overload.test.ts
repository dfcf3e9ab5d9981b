import { API_ERROR_MESSAGES } from '@plateia/core/messages/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

const overload = { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxInFlight: 0, retryAfterSeconds: 7 };

describe('overload: 503 with Retry-After instead of an unbounded queue', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('sheds requests past the in-flight cap and serves again once the load is gone', async () => {
    let release = () => {};
    let streamHeld = Promise.resolve();
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    t = await createTestApp(
      { overload: { ...overload, maxInFlight: 2 } },
      {
        extend: (app) => {
          app.get('/lento', { schema: { hide: true } }, async () => {
            await held;
            return { ok: true };
          });
          app.get('/fluxo', { schema: { hide: true } }, async () => {
            await streamHeld;
            return { ok: true };
          });
        },
      },
    );
    const app = t.app;
    const slow = [app.inject({ url: '/lento' }), app.inject({ url: '/lento' })];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const shed = await app.inject({ url: '/health' });
    expect(shed.statusCode, shed.body).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.json()).toEqual({ error: 'overloaded', message: API_ERROR_MESSAGES.overloaded });
    release();
    expect((await Promise.all(slow)).map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    // Open event streams (the chat's) are not counted: they stay open by design.
    let end = () => {};
    streamHeld = new Promise<void>((resolve) => {
      end = resolve;
    });
    const streams = [1, 2, 3].map(() =>
      app.inject({ url: '/fluxo', headers: { accept: 'text/event-stream' } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    end();
    await Promise.all(streams);
  });

  it('sheds requests while the event loop is saturated (under-pressure)', async () => {
    t = await createTestApp({ overload: { ...overload, maxEventLoopUtilization: 0.5 } });
    const app = t.app;
    // Keep the loop busy for longer than one sample (1 s), then let the sample run.
    const until = Date.now() + 1_300;
    while (Date.now() < until) {
      // busy
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const shed = await app.inject({ url: '/health' });
    expect(shed.statusCode, shed.body).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.json().message).toBe(API_ERROR_MESSAGES.overloaded);
    // Idle for two samples: served again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});
