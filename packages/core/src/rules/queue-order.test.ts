import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedCommitment, shuffledOrder, verifyShuffle } from './queue-order.ts';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('the virtual queue shuffle', () => {
  it('commits to sha256 of the seed bytes', async () => {
    expect(await seedCommitment(SEED)).toBe(
      createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'),
    );
  });

  it('orders ids by HMAC-SHA256(seed, id), as node:crypto computes it', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `q${i.toString(36)}x`);
    const expected = [...ids].sort((a, b) => {
      const ma = createHmac('sha256', Buffer.from(SEED, 'hex')).update(a).digest('hex');
      const mb = createHmac('sha256', Buffer.from(SEED, 'hex')).update(b).digest('hex');
      return ma < mb ? -1 : 1;
    });
    expect(await shuffledOrder(SEED, ids)).toEqual(expected);
    // The order does not depend on the order of the input list.
    expect(await shuffledOrder(SEED, [...ids].reverse())).toEqual(expected);
  });

  it('finds a place and notices a tampered order or seed', async () => {
    const ids = ['a1', 'b2', 'c3', 'd4', 'e5'];
    const order = await shuffledOrder(SEED, ids);
    const commitment = await seedCommitment(SEED);
    const ok = await verifyShuffle(commitment, SEED, order, order[3]);
    expect(ok).toMatchObject({ commitmentMatches: true, orderMatches: true, place: 4 });
    const swapped = [order[1]!, order[0]!, ...order.slice(2)];
    expect((await verifyShuffle(commitment, SEED, swapped)).orderMatches).toBe(false);
    const otherSeed = `${SEED.slice(0, -2)}00`;
    expect((await verifyShuffle(commitment, otherSeed, order)).commitmentMatches).toBe(false);
    expect((await verifyShuffle(commitment, SEED, order, 'zz')).place).toBeNull();
  });
});
