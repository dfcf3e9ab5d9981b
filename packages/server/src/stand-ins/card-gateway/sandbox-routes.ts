/**
 * The sandbox's own controls, which no real gateway has: arm the next refund of a charge to
 * fail, and settle a pending (CONT) charge as the gateway's review eventually would.
 */
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GatewayState } from './state.ts';

/** POST /sandbox/charges/{id}/{approve|decline}: ends a pending charge. */
function settlePending(state: GatewayState, chargeId: string, outcome: string, reply: FastifyReply) {
  const stored = state.charges.get(chargeId);
  if (!stored)
    return reply.status(404).send({ error: 'not_found', message: PAYMENT_SANDBOX_MESSAGES.chargeNotFound });
  if (outcome !== 'approve' && outcome !== 'decline') {
    return reply.status(400).send({ error: 'invalid_outcome', message: 'Use approve ou decline.' });
  }
  if (stored.charge.status !== 'pending') {
    return reply.status(409).send({ error: 'not_pending', message: 'A cobrança não está pendente.' });
  }
  stored.charge.status = outcome === 'approve' ? 'approved' : 'declined';
  stored.charge.statusDetail = outcome === 'approve' ? 'accredited' : 'cc_rejected_high_risk';
  return stored.charge;
}

export function registerSandboxRoutes(app: FastifyInstance, state: GatewayState): void {
  app.post<{ Params: { id: string } }>('/sandbox/charges/:id/recusar-reembolso', async (request, reply) => {
    const stored = state.charges.get(request.params.id);
    if (!stored)
      return reply.status(404).send({ error: 'not_found', message: PAYMENT_SANDBOX_MESSAGES.chargeNotFound });
    stored.failNextRefund = true;
    return { message: 'O próximo reembolso desta cobrança será recusado.' };
  });

  app.post<{ Params: { id: string; outcome: string } }>(
    '/sandbox/charges/:id/:outcome',
    async (request, reply) => settlePending(state, request.params.id, request.params.outcome, reply),
  );
}
