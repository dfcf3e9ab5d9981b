import type { FastifyInstance } from 'fastify';
import type { PaymentDeps } from '../payments/deps.ts';

/**
 * What the payment, refund and wallet domains take, from the host's decorations: the one
 * place routes turn the Fastify instance into explicit dependencies for them.
 */
export function paymentDeps(app: FastifyInstance): PaymentDeps {
  return {
    providers: app.payments,
    now: app.now,
    log: app.log,
    mailer: app.mailer,
    siteUrl: app.config.siteUrl,
    purposes: app.paymentPurposes,
  };
}
