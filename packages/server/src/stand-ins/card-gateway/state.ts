/**
 * What the sandbox gateway knows, kept in memory: single-use tokens, charges and refunds,
 * each with the idempotency key it was made under, and the refunds armed to fail.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CardCharge, CardRefund } from '../../payments/card/gateway.ts';

export interface StoredToken {
  holder: string;
  brand: string;
  last4: string;
  expiresAtMs: number;
  usedBy: string | null;
}

export interface StoredCharge {
  charge: CardCharge;
  /** Digest of the request body, so a key reused for a different charge is refused. */
  fingerprint: string;
  refunds: CardRefund[];
  failNextRefund: boolean;
}

/** Digest of what a keyed request asked, to tell a replay from a key reused for something else. */
export function fingerprintOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The sandbox gateway's memory. */
export class GatewayState {
  readonly tokens = new Map<string, StoredToken>();
  readonly charges = new Map<string, StoredCharge>();
  /** Charge id by idempotency key. */
  readonly chargeByKey = new Map<string, string>();
  readonly refunds = new Map<string, { refund: CardRefund; fingerprint: string }>();
  /** Refund id by idempotency key. */
  readonly refundByKey = new Map<string, string>();
  /** The next refund of any charge fails. */
  failNextAnyRefund = false;
  chargesCreated = 0;
  refundsCreated = 0;
  /** Where browsers reach the gateway (the tokeniser calls back there); known once it listens. */
  baseUrl = '';

  readonly secretKey: string;
  readonly now: () => Date;

  constructor(secretKey: string, now: () => Date) {
    this.secretKey = secretKey;
    this.now = now;
  }

  /** True when the request presents the merchant secret key. */
  authorized(header: string | undefined): boolean {
    const expected = Buffer.from(`Bearer ${this.secretKey}`);
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Cents of this charge refunded (or being refunded). */
  refundedOf(stored: StoredCharge): number {
    return stored.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountCents, 0);
  }

  /** Whether the refund about to be made fails; using an armed failure disarms it. */
  takeRefundFailure(stored: StoredCharge): boolean {
    const fail = stored.failNextRefund || this.failNextAnyRefund;
    if (stored.failNextRefund) stored.failNextRefund = false;
    else if (this.failNextAnyRefund) this.failNextAnyRefund = false;
    return fail;
  }

  /** The next refund of this charge (or any, with `'*'`) fails with `refund_rejected`. */
  failNextRefund(chargeId: string): void {
    if (chargeId === '*') this.failNextAnyRefund = true;
    else {
      const stored = this.charges.get(chargeId);
      if (stored) stored.failNextRefund = true;
    }
  }
}

/** The 401 a merchant call without the secret key gets, or null when it presents it. */
export function refuseUnauthorized(state: GatewayState, request: FastifyRequest, reply: FastifyReply) {
  if (state.authorized(request.headers.authorization)) return null;
  return reply
    .status(401)
    .send({ error: 'unauthorized', message: PAYMENT_SANDBOX_MESSAGES.invalidSecretKey });
}

/** The request's Idempotency-Key, or null when it is missing or malformed. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length >= 8 && key.length <= 100 ? key : null;
}

/** The 400 a call that makes something gets without a usable Idempotency-Key. */
export function refuseMissingKey(reply: FastifyReply) {
  return reply
    .status(400)
    .send({ error: 'idempotency_key_required', message: 'Idempotency-Key ausente ou inválida.' });
}
