/**
 * Refunding approved charges: `POST /v1/charges/{id}/refunds` (keyed; whole or in parts, never
 * beyond the charge) and `GET /v1/refunds/{id}`.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CardRefund } from '../../payments/card/gateway.ts';
import {
  fingerprintOf,
  type GatewayState,
  idempotencyKey,
  refuseMissingKey,
  refuseUnauthorized,
} from './state.ts';

/** POST /v1/charges/{id}/refunds: the refund, its replay under the same key, or why it was refused. */
function createRefund(
  state: GatewayState,
  chargeId: string,
  key: string,
  amount: unknown,
  reply: FastifyReply,
) {
  const fingerprint = fingerprintOf([chargeId, amount]);
  const previous = state.refundByKey.get(key);
  if (previous) {
    const stored = state.refunds.get(previous)!;
    if (stored.fingerprint !== fingerprint) {
      return reply.status(422).send({
        error: 'idempotency_conflict',
        message: 'Esta Idempotency-Key já foi usada em outro reembolso.',
      });
    }
    return reply.header('idempotent-replayed', 'true').send(stored.refund);
  }
  const stored = state.charges.get(chargeId);
  if (!stored)
    return reply.status(404).send({ error: 'not_found', message: PAYMENT_SANDBOX_MESSAGES.chargeNotFound });
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    return reply.status(400).send({ error: 'invalid_amount', message: 'Valor inválido.' });
  }
  if (stored.charge.status !== 'approved') {
    return reply
      .status(409)
      .send({ error: 'not_refundable', message: 'Só cobranças aprovadas podem ser reembolsadas.' });
  }
  if (state.refundedOf(stored) + amount > stored.charge.amountCents) {
    return reply.status(400).send({
      error: 'amount_exceeds_charge',
      message: 'O valor excede o disponível para reembolso nesta cobrança.',
    });
  }
  const fail = state.takeRefundFailure(stored);
  const refund: CardRefund = {
    id: `re_${randomBytes(12).toString('hex')}`,
    chargeId: stored.charge.id,
    status: fail ? 'failed' : 'succeeded',
    statusDetail: fail ? 'refund_rejected' : 'refunded',
    amountCents: amount,
  };
  stored.refunds.push(refund);
  state.refunds.set(refund.id, { refund, fingerprint });
  state.refundByKey.set(key, refund.id);
  state.refundsCreated += 1;
  return reply.status(201).send(refund);
}

export function registerRefundRoutes(app: FastifyInstance, state: GatewayState): void {
  app.post<{ Params: { id: string }; Body: Record<string, unknown> | null }>(
    '/v1/charges/:id/refunds',
    async (request, reply) => {
      const unauthorized = refuseUnauthorized(state, request, reply);
      if (unauthorized) return unauthorized;
      const key = idempotencyKey(request);
      if (!key) return refuseMissingKey(reply);
      return createRefund(state, request.params.id, key, request.body?.amount, reply);
    },
  );

  app.get<{ Params: { id: string } }>('/v1/refunds/:id', async (request, reply) => {
    const unauthorized = refuseUnauthorized(state, request, reply);
    if (unauthorized) return unauthorized;
    const stored = state.refunds.get(request.params.id);
    if (!stored) return reply.status(404).send({ error: 'not_found', message: 'Reembolso não encontrado.' });
    return stored.refund;
  });
}
