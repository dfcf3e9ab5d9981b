/**
 * The sandbox card gateway: a real HTTP server that serves a browser tokeniser script, turns
 * card data into single-use tokens (so card numbers only ever reach the gateway), and charges
 * tokens with idempotency keys. The outcome follows Mercado Pago's test convention: the
 * cardholder name decides it (APRO approves, OTHE declines, CONT stays pending, …).
 * Approved charges can be refunded (whole or in parts, never beyond the charge), keyed too;
 * `failNextRefund` (or `POST /sandbox/charges/{id}/recusar-reembolso`) makes the next one fail.
 */
import Fastify from 'fastify';
import { type ListenOptions, listen } from '../listen.ts';
import { registerChargeRoutes } from './charge-routes.ts';
import { registerRefundRoutes } from './refund-routes.ts';
import { registerSandboxRoutes } from './sandbox-routes.ts';
import { GatewayState } from './state.ts';
import { registerTokenizerRoutes } from './tokenizer.ts';

export { cardBrand, luhnValid, SANDBOX_HOLDER_OUTCOMES, SANDBOX_TEST_CARDS } from './cards.ts';

/** How to run the sandbox gateway. */
export interface SandboxCardGatewayOptions extends ListenOptions {
  /** The merchant secret key our API host must present. */
  secretKey?: string;
  now?: () => Date;
}

/** A running sandbox gateway. */
export interface SandboxCardGateway {
  url: string;
  secretKey: string;
  /** How many distinct charges were made (idempotent replays do not count). */
  chargesCreated(): number;
  /** How many distinct refunds were made (replays do not count). */
  refundsCreated(): number;
  /** Cents of this charge refunded successfully. */
  refundedCents(chargeId: string): number;
  /** The next refund of this charge (or any, with `'*'`) fails with `refund_rejected`. */
  failNextRefund(chargeId: string): void;
  close(): Promise<void>;
}

/** Starts the sandbox card gateway and resolves once it listens. */
export async function startSandboxCardGateway(
  options: SandboxCardGatewayOptions = {},
): Promise<SandboxCardGateway> {
  const state = new GatewayState(
    options.secretKey ?? 'sk_sandbox_plateia',
    options.now ?? (() => new Date()),
  );
  const app = Fastify({ logger: false });
  registerTokenizerRoutes(app, state);
  registerChargeRoutes(app, state);
  registerRefundRoutes(app, state);
  registerSandboxRoutes(app, state);

  // The tokeniser calls back at the public address; the API host at the one it listens on.
  const { listenUrl, publicUrl } = await listen(app, options);
  state.baseUrl = publicUrl;
  return {
    url: listenUrl,
    secretKey: state.secretKey,
    chargesCreated: () => state.chargesCreated,
    refundsCreated: () => state.refundsCreated,
    refundedCents: (chargeId) => {
      const stored = state.charges.get(chargeId);
      return stored ? state.refundedOf(stored) : 0;
    },
    failNextRefund: (chargeId) => state.failNextRefund(chargeId),
    close: () => app.close(),
  };
}
