import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import { fakeApi, json, notFound } from '../test/fake-api.ts';
import { $queueEntry, $queueError, $queueState, enterQueue, stopWatchingQueue, watchQueue } from './queue.ts';
import { $queuePass } from './queue-pass.ts';

const state = {
  eventId: 9,
  eventName: 'Show',
  opensAt: '2026-01-01T00:00:00.000Z',
  saleStartsAt: '2026-01-01T01:00:00.000Z',
  phase: 'selling',
  commitment: 'ab'.repeat(32),
  seed: 'cd'.repeat(32),
  preQueueSize: 2,
  admittedThrough: 1,
  waiting: 1,
  checkoutCapacity: 1,
};
const entry = (over: Record<string, unknown>) => ({
  eventId: 9,
  status: 'waiting',
  publicId: 'abcdefghijklmnop',
  preQueue: true,
  place: 2,
  ahead: 0,
  estimatedWaitSeconds: 60,
  pass: null,
  passExpiresAt: null,
  ...over,
});

describe('the waiting room store', () => {
  afterEach(() => {
    stopWatchingQueue();
    cleanStores($queueEntry, $queueState, $queueError);
    $queuePass.set(null);
    configureApi({});
  });

  it('joins, then records the pass once admitted (polling) so the client can carry it', async () => {
    let admitted = false;
    const calls = fakeApi((call) => {
      if (call.path === '/queue/9') return json(200, state);
      if (call.path === '/queue/9/join') return json(200, entry({}));
      if (call.path === '/queue/9/me') {
        return json(
          200,
          admitted
            ? entry({
                status: 'admitted',
                pass: 'eyJ.x.y',
                passExpiresAt: new Date(Date.now() + 60_000).toISOString(),
              })
            : entry({}),
        );
      }
      return notFound();
    });
    await enterQueue(9);
    expect($queueEntry.get()).toMatchObject({ status: 'waiting', place: 2 });
    expect($queueState.get()).toMatchObject({ seed: 'cd'.repeat(32) });
    admitted = true;
    watchQueue(9, { streaming: false });
    await expect.poll(() => $queuePass.get()?.token).toBe('eyJ.x.y');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/queue/9/join')).toBe(true);
  });

  it('shows the CPF refusal', async () => {
    fakeApi(() =>
      json(409, { error: 'cpf_required', message: 'Para entrar na fila, cadastre seu CPF em Minha Conta.' }),
    );
    await enterQueue(9);
    expect($queueError.get()).toBe('Para entrar na fila, cadastre seu CPF em Minha Conta.');
  });
});
