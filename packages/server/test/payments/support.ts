import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import type { Mailer, MailMessage } from '../../src/mail/mailer.ts';
import { HttpCardGateway } from '../../src/payments/card/gateway.ts';
import { HttpPixProvider } from '../../src/payments/pix/http-provider.ts';
import { pixWebhookUrl } from '../../src/payments/providers.ts';
import { loadPaymentSettings } from '../../src/payments/settings.ts';
import { type SandboxCardGateway, startSandboxCardGateway } from '../../src/stand-ins/card-gateway/index.ts';
import {
  type SandboxPsp,
  type SandboxPspOptions,
  startSandboxPsp,
} from '../../src/stand-ins/pix-psp/index.ts';
import { freshDatabase, testConfig } from '../support/app.ts';

/** A mailer that keeps what it was asked to send. */
export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
}

function recordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
    kind: 'mailbox',
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}

/** The API host listening on a real port, with the sandbox PSP and card gateway on theirs. */
export interface PaymentsHarness {
  app: FastifyInstance;
  database: DatabaseHandle;
  psp: SandboxPsp;
  gateway: SandboxCardGateway;
  mailer: RecordingMailer;
  /** Where the API host listens. */
  apiUrl: string;
  webhookSecret: string;
  close(): Promise<void>;
}

/** What a harness may change: the API host's clock, the sandbox PSP's options. */
export interface PaymentsHarnessOptions {
  clock?: () => Date;
  psp?: SandboxPspOptions;
}

/**
 * Starts everything over real sockets on ephemeral ports: the sandbox PSP and gateway, then
 * the API host (so the PSP can POST its webhook), then registers the webhook with the PSP
 * the way a deployment does (`PUT /webhook/{chave}`).
 */
export async function startPaymentsHarness(options: PaymentsHarnessOptions = {}): Promise<PaymentsHarness> {
  const psp = await startSandboxPsp(options.psp ?? {});
  const gateway = await startSandboxCardGateway();
  const database = await freshDatabase();
  const settings = {
    ...loadPaymentSettings({}),
    pixApiUrl: psp.url,
    cardApiUrl: gateway.url,
    cardPublicUrl: gateway.url,
    cardSecretKey: gateway.secretKey,
    pixWebhookSecret: `whsec${randomUUID().replaceAll('-', '')}`,
  };
  const mailer = recordingMailer();
  // The webhook URL is built from publicApiUrl, known only once the host listens.
  const config = testConfig({ paymentSettings: settings });
  const app = await buildApp({
    config,
    database,
    mailer,
    ...(options.clock ? { clock: options.clock } : {}),
    payments: {
      pix: new HttpPixProvider({ baseUrl: psp.url }),
      card: new HttpCardGateway({ baseUrl: gateway.url, secretKey: gateway.secretKey }),
      settings,
      simulateUrl: (txid) => psp.simulateUrl(txid),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicApiUrl = apiUrl;
  await app.payments.pix.configureWebhook(settings.pixKey, pixWebhookUrl(config));
  return {
    app,
    database,
    psp,
    gateway,
    mailer,
    apiUrl,
    webhookSecret: settings.pixWebhookSecret,
    async close() {
      await app.close();
      await database.close();
      await psp.close();
      await gateway.close();
    },
  };
}

/** Reserves a cart through `POST /cart/reserve` and returns the order. */
export async function reserve(
  app: FastifyInstance,
  customer: { id: number; auth: { authorization: string } },
  eventId: number,
  tickets: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Promise<{ id: number; number: string; totalCents: number; expiresAt: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/cart/reserve',
    headers: customer.auth,
    payload: {
      user: customer.id,
      event_id: eventId,
      products: [],
      tickets,
      sessionId: `session-${randomUUID()}`,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
}

/** Counters of a lot. */
export async function lot(database: DatabaseHandle, id: number): Promise<{ sold: number; reserved: number }> {
  const [row] = await selectRows<{ sold: number; reserved: number }>(
    database.db,
    sql`SELECT sold, reserved FROM ticket_types WHERE id = ${id}`,
  );
  return { sold: Number(row!.sold), reserved: Number(row!.reserved) };
}

/** Ends a reservation's window by moving its expiry (and its seat holds) into the past. */
export async function expireOrder(database: DatabaseHandle, orderId: number): Promise<void> {
  await database.db.execute(
    sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = ${orderId}`,
  );
  await database.db.execute(
    sql`UPDATE seats SET held_until = now() - interval '1 minute' WHERE order_id = ${orderId}`,
  );
}

/** Tokenises a card the way the browser script does: a POST to the gateway, never to us. */
export async function tokenize(
  gateway: SandboxCardGateway,
  holder: string,
  number = '5031433215406351',
): Promise<string> {
  const res = await fetch(`${gateway.url}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, holder, expMonth: 11, expYear: 2030, cvv: '123' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
