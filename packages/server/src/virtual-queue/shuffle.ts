import { createHash, createHmac, randomBytes } from 'node:crypto';
import { compareKeys } from '@plateia/core/rules/queue-order';

/** A fresh 32-byte seed and its commitment, sha256(seed) in hex. */
export function drawSeed(): { seed: Buffer; commitment: string } {
  const seed = randomBytes(32);
  return { seed, commitment: createHash('sha256').update(seed).digest('hex') };
}

/**
 * The pre-queue's order: public ids by ascending HMAC-SHA256(seed, id) hex, then id. The same
 * rule as core's `shuffledOrder` (rules/queue-order.ts, Web Crypto, what the verification page
 * runs); computed here with node:crypto because it is synchronous and fast for 100,000 ids.
 */
export function shuffle(seed: Buffer, publicIds: readonly string[]): string[] {
  const keyed = publicIds.map((id) => ({ id, mac: createHmac('sha256', seed).update(id).digest('hex') }));
  keyed.sort((a, b) => compareKeys(a.mac, a.id, b.mac, b.id));
  return keyed.map((entry) => entry.id);
}

/** A pseudonymous entry id: 12 random bytes, base64url (16 characters). */
export function newPublicId(): string {
  return randomBytes(12).toString('base64url');
}
