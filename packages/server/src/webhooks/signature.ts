/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, docs/integrations.md,
 * "Signatures"): `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the
 * bytes the base64 after `whsec_` decodes to.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** What every signing secret starts with. */
export const SIGNING_SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes, base64 (Standard Webhooks allows 24 to 64). */
export function newSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The `webhook-signature` header's value for one message sent at `timestampSeconds`. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SIGNING_SECRET_PREFIX.length), 'base64');
  const digest = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** A new message id (`webhook-id`): the same on every retry, so receivers can drop repeats. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}
