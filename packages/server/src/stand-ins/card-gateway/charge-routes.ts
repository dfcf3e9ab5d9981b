/** Charging tokens: `POST /v1/charges` (keyed, one charge per token) and `GET /v1/charges/{id}`. */
import { randomBytes } from 'node:crypto';
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CardCharge } from '../../payments/card/gateway.ts';
import { holderOutcome } from './cards.ts';
import {
  fingerprintOf,
  type GatewayState,
  idempotencyKey,
  refuseMissingKey,
  refuseUnauthorized,
} from './state.ts';

type ChargeBody = Record<string, unknown>;

/** Why the amount, installments or token cannot be charged; null when they can. */
function refuseCharge(state: GatewayState, body: ChargeBody, reply: FastifyReply) {
  const { amount, installments } = body;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    return reply.status(400).send({ error: 'invalid_amount', message: 'Valor inválido.' });
  }
  if (
    typeof installments !== 'number' ||
    !Number.isInteger(installments) ||
    installments < 1 ||
    installments > 12
  ) {
    return reply.status(400).send({ error: 'invalid_installments', message: 'Número de parcelas inválido.' });
  }
  const token = typeof body.token === 'string' ? state.tokens.get(body.token) : undefined;
  if (!token || token.expiresAtMs < state.now().getTime()) {
    return reply
      .status(400)
      .send({ error: 'invalid_token', message: 'Token do cartão inválido ou expirado.' });
  }
  if (token.usedBy) {
    return reply.status(400).send({ error: 'token_used', message: 'Token do cartão já utilizado.' });
  }
  return null;
}

/** POST /v1/charges: the charge, its replay under the same key, or why it was refused. */
function createCharge(state: GatewayState, key: string, body: ChargeBody, reply: FastifyReply) {
  const fingerprint = fingerprintOf([body.token, body.amount, body.installments]);
  const previous = state.chargeByKey.get(key);
  if (previous) {
    const stored = state.charges.get(previous)!;
    if (stored.fingerprint !== fingerprint) {
      return reply.status(422).send({
        error: 'idempotency_conflict',
        message: 'Esta Idempotency-Key já foi usada em outra cobrança.',
      });
    }
    return reply.header('idempotent-replayed', 'true').send(stored.charge);
  }
  const refused = refuseCharge(state, body, reply);
  if (refused) return refused;
  const token = state.tokens.get(body.token as string)!;
  const outcome = holderOutcome(token.holder);
  const id = `ch_${randomBytes(12).toString('hex')}`;
  token.usedBy = id;
  const charge: CardCharge = {
    id,
    status: outcome.status,
    statusDetail: outcome.detail,
    amountCents: body.amount as number,
    installments: body.installments as number,
    card: { brand: token.brand, last4: token.last4 },
  };
  state.charges.set(id, { charge, fingerprint, refunds: [], failNextRefund: false });
  state.chargeByKey.set(key, id);
  state.chargesCreated += 1;
  return reply.status(201).send(charge);
}

export function registerChargeRoutes(app: FastifyInstance, state: GatewayState): void {
  app.post<{ Body: ChargeBody | null }>('/v1/charges', async (request, reply) => {
    const unauthorized = refuseUnauthorized(state, request, reply);
    if (unauthorized) return unauthorized;
    const key = idempotencyKey(request);
    if (!key) return refuseMissingKey(reply);
    return createCharge(state, key, request.body ?? {}, reply);
  });

  app.get<{ Params: { id: string } }>('/v1/charges/:id', async (request, reply) => {
    const unauthorized = refuseUnauthorized(state, request, reply);
    if (unauthorized) return unauthorized;
    const stored = state.charges.get(request.params.id);
    if (!stored)
      return reply.status(404).send({ error: 'not_found', message: PAYMENT_SANDBOX_MESSAGES.chargeNotFound });
    return stored.charge;
  });
}
