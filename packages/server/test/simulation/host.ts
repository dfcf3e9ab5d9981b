/**
 * The API host as the simulator runs it, in the test process (`World`) or in a child process of
 * its own (`api-process.ts`): one builder, so both are the same app. The PSP, the card gateway
 * and SMTP are reached through the URLs given (the world puts fault proxies there, to take them
 * down and bring them back); the clock is the simulator's. Imports nothing from vitest.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { HttpCardGateway } from '../../src/payments/card/gateway.ts';
import { HttpPixProvider } from '../../src/payments/pix/http-provider.ts';
import { pixWebhookUrl } from '../../src/payments/providers.ts';
import { loadPaymentSettings } from '../../src/payments/settings.ts';

/** Where the host finds the outside systems, and its secrets. */
export interface HostWiring {
  /** The PSP's API as the host reaches it (through a proxy the world can take down). */
  pspApiUrl: string;
  /** The PSP's own address, for the sandbox's "Simular pagamento" links. */
  pspPublicUrl: string;
  gatewayApiUrl: string;
  gatewayPublicUrl: string;
  gatewaySecret: string;
  webhookSecret: string;
  /** SMTP as the host reaches it (through a proxy); e-mail goes through the outbox. */
  smtpUrl: string;
}

/**
 * Builds the API host on `database` with the simulator's `clock`, listens on a free loopback
 * port and, when `registerWebhook`, registers its PIX webhook with the PSP (one host does: the
 * PSP keeps one URL per key).
 */
export async function startSimulationHost(
  database: DatabaseHandle,
  wiring: HostWiring,
  clock: () => Date,
  registerWebhook: boolean,
): Promise<{ app: FastifyInstance; url: string }> {
  const settings = {
    ...loadPaymentSettings({}),
    pixApiUrl: wiring.pspApiUrl,
    cardApiUrl: wiring.gatewayApiUrl,
    cardPublicUrl: wiring.gatewayPublicUrl,
    cardSecretKey: wiring.gatewaySecret,
    pixWebhookSecret: wiring.webhookSecret,
  };
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      seedDemo: false,
      authRateLimit: { max: 1_000_000, timeWindow: 60_000 },
      paymentSettings: settings,
      smtpUrl: wiring.smtpUrl,
      logLevel: 'silent',
    },
  );
  const app = await buildApp({
    config,
    database,
    clock,
    payments: {
      pix: new HttpPixProvider({ baseUrl: wiring.pspApiUrl }),
      card: new HttpCardGateway({ baseUrl: wiring.gatewayApiUrl, secretKey: wiring.gatewaySecret }),
      settings,
      simulateUrl: (txid) => `${wiring.pspPublicUrl}/sandbox/cob/${encodeURIComponent(txid)}`,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicApiUrl = url;
  if (registerWebhook) await app.payments.pix.configureWebhook(settings.pixKey, pixWebhookUrl(config));
  return { app, url };
}
