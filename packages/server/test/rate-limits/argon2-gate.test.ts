import { describe, expect, it } from 'vitest';
import {
  Argon2Gate,
  argon2Gate,
  hashDigest,
  passwordDigest,
  verifyDigest,
} from '../../src/accounts/passwords.ts';

describe('concurrent argon2 work is capped', () => {
  it('never runs more password checks at once than the gate allows, and answers each right', async () => {
    const stored = await hashDigest(passwordDigest('sal', 'senha'));
    const checks = Array.from({ length: 12 }, (_, i) =>
      verifyDigest(i % 3 === 0 ? null : stored, passwordDigest('sal', i % 2 === 0 ? 'senha' : 'outra')),
    );
    const waitingAtPeak = argon2Gate.stats().waiting;
    const results = await Promise.all(checks);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 !== 0 && i % 2 === 0));
    expect(waitingAtPeak).toBeGreaterThan(0);
    expect(argon2Gate.stats().peak).toBeLessThanOrEqual(argon2Gate.limit);
    expect(argon2Gate.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses with a pt-BR 503 once the queue is full instead of queueing without bound', async () => {
    const gate = new Argon2Gate(1, 1);
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = gate.run(async () => 'segunda');
    await expect(gate.run(async () => 'terceira')).rejects.toMatchObject({
      statusCode: 503,
      message: 'Muitos acessos ao mesmo tempo. Tente novamente em instantes.',
    });
    release();
    await first;
    await expect(second).resolves.toBe('segunda');
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, peak: 1 });
  });
});
