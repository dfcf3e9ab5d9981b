import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { createCustomer, festivalInput, post, type TestCustomer } from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { cpfFrom, HOUR, makeHighDemand } from './support.ts';

/** Reads `event: position` blocks of an SSE answer, one at a time. */
function positions(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async function next(): Promise<Record<string, unknown>> {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (block.includes('event: position') && data) return JSON.parse(data);
        continue;
      }
      const { done, value } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
}

describe('virtual queue: the waiting room is pushed live', () => {
  const clock = testClock();
  let t: TestApp;
  let base: string;
  let eventId: number;
  let buyer: TestCustomer;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    eventId = (await createEvent(t.database.db, festivalInput('fila-ao-vivo'))).id;
    await makeHighDemand(t.database.db, eventId, clock.now(), HOUR, 2);
    buyer = await createCustomer(t.database.db, 'ao.vivo@teste.dev');
    await t.database.db.execute(
      sql`UPDATE customers SET cpfnpj = ${cpfFrom(987_654_321)} WHERE id = ${buyer.id}`,
    );
  });
  afterAll(() => t.close());

  it('streams the pre-queue place, the shuffle at the sale start and the pass', async () => {
    expect((await post(t.app, `/queue/${eventId}/join`, {}, buyer.auth)).status).toBe(200);
    const abort = new AbortController();
    const res = await fetch(`${base}/queue/${eventId}/stream`, {
      headers: { ...buyer.auth, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const next = positions(res.body!);
    expect(await next()).toMatchObject({ status: 'waiting', preQueue: true, place: null });

    clock.advance(HOUR + 1000);
    // The first read after the sale start shuffles (no waiting for the minutely schedule).
    const state = await t.app.inject({ method: 'GET', url: `/queue/${eventId}` });
    expect(state.json()).toMatchObject({ phase: 'selling', preQueueSize: 1 });
    expect(await next()).toMatchObject({ status: 'waiting', place: 1, ahead: 0 });

    await runDueJobs(t.app, { includeDeferred: true });
    const admitted = await next();
    expect(admitted).toMatchObject({ status: 'admitted', place: 1 });
    expect(String(admitted.pass)).toMatch(/^eyJ/);
    abort.abort();
  });

  it('answers 404 on the stream of an event without a queue, before streaming', async () => {
    const plain = await createEvent(t.database.db, festivalInput('fila-sem'));
    const res = await fetch(`${base}/queue/${plain.id}/stream`, { headers: buyer.auth });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('no_queue');
  });
});
