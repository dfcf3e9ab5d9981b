import { QUEUE_PASS_HEADER } from '../contracts/queue.ts';
import { persistentAtom } from './browser-storage.ts';

/** The admission pass the virtual queue gave this account for one event. */
export interface QueuePass {
  eventId: number;
  /** The EdDSA JWT the API host signed. */
  token: string;
  /** ISO time it stops working. */
  expiresAt: string;
}

/**
 * The live admission pass (`plateia:queuePass`), kept apart from the queue's actions so the
 * API client reads it without importing them (they import the client). Stored so it survives
 * a refresh; a second tab of the same account shares it.
 */
export const $queuePass = persistentAtom<QueuePass | null>('plateia:queuePass', null, {
  encode: (pass) => (pass ? JSON.stringify(pass) : null),
  decode: (raw) => {
    const value = JSON.parse(raw) as Partial<QueuePass> | null;
    return typeof value?.token === 'string' &&
      typeof value.eventId === 'number' &&
      typeof value.expiresAt === 'string'
      ? (value as QueuePass)
      : undefined;
  },
});

// Only the calls the API host gates carry the pass (hold, seat checkout, reservation, payment
// by PIX, card or wallet).
const GATED_PATH = /\/(seat\/(hold|checkout)|cart\/reserve|payments\/(pix|card)|wallet\/checkout)$/;

/** The pass header for a request to `url`, when there is a live pass and the call is gated. */
export function queuePassHeader(url: string, now: number = Date.now()): [string, string] | null {
  const pass = $queuePass.get();
  if (!pass || Date.parse(pass.expiresAt) <= now) return null;
  const path = new URL(url, 'http://x').pathname;
  return GATED_PATH.test(path) ? [QUEUE_PASS_HEADER, pass.token] : null;
}
