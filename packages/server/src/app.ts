import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { APP_VERSION } from './app-version.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { IdentityProvider } from './identity/identity-provider.ts';
import { openIdProvider } from './identity/openid.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { JobDefinition } from './jobs/registry.ts';
import { JobRunner } from './jobs/runner.ts';
import { loggerOptions } from './logging.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import { sendConfirmations } from './orders/confirmation.ts';
import { settleOrderPayment } from './orders/payment.ts';
import type { PaymentPurposes } from './payments/deps.ts';
import { createPaymentProviders, type PaymentProviders } from './payments/providers.ts';
import { sharePixWebhookSecret } from './payments/webhook-secret.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerFiniteNumbers } from './plugins/finite-numbers.ts';
import { registerOverload } from './plugins/overload.ts';
import { registerSecurity, trustProxyOption } from './plugins/security.ts';
import { refundDevolucoes } from './refunds/payout.ts';
import apiTokenRoutes from './routes/api-tokens/index.ts';
import { registerRoutes } from './routes/index.ts';
import organisationOrderRoutes from './routes/organisation-orders/index.ts';
import webhookRoutes from './routes/webhooks/index.ts';
import { sendDueInvitations } from './shared-payments/resend.ts';
import { settleSharePayment } from './shared-payments/settlement.ts';
import { walletReturnDevolucoes } from './wallet/returns.ts';
import { walletTopUpCharges } from './wallet/topup.ts';
import { listenForWebhooks } from './webhooks/dispatch.ts';

/** What the host is built from; tests pass their own database and stand-ins. */
export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The current time; tests pass a controllable clock to expire sessions and links. */
  clock?: () => Date;
  /** The PIX provider and card gateway; defaults to HTTP adapters for the configured ones. */
  payments?: PaymentProviders;
  /** Overrides the mailer chosen from the configuration (SMTP or the development mailbox). */
  mailer?: Mailer;
  /** Overrides the Google sign-in provider built from `config.google`. */
  identity?: IdentityProvider;
  /** Where log lines go instead of stdout (tests read them to prove secrets stay out). */
  logStream?: { write(line: string): void };
  /** The jobs this host knows; defaults to `JOBS` (tests add probes). */
  jobDefinitions?: JobDefinition[];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** The current time (use it instead of `new Date()` so tests can drive expiry). */
    now: () => Date;
    /** Sends e-mail (SMTP, or the development mailbox); closed with the app. */
    mailer: Mailer;
    /** Google sign-in (OpenID Connect), or null when no client is configured. */
    identity: IdentityProvider | null;
  }
}

/**
 * 64 KB: every JSON body the host takes is small, so a flood of large bodies costs an
 * attacker as much as it costs the host. Routes that take files raise their own (the
 * document upload, the door scanner's offline batch).
 */
export const BODY_LIMIT = 64 * 1024;

/**
 * What payments' charges are for and whose its devoluções are (payments/deps.ts), from
 * the domains that consume payments: a paid payment is a shared payment's share when it is
 * one (credited alone; the last share sells the order), else its order's own payment; wallet
 * top-ups are PIX charges of their own; refunds and wallet returns own devoluções.
 */
export function paymentPurposes(): PaymentPurposes {
  return {
    async settle(tx, paid, now) {
      const share = await settleSharePayment(tx, paid.payment, paid.paidAt, now);
      if (!share) return settleOrderPayment(tx, paid, now);
      const sold = share.paid;
      const groupId = Number(paid.payment.shared_payment_id);
      // The leader's own share paid: the friends' invitations go out now, not at the next sweep.
      if (!sold) {
        return {
          result: share.result,
          paymentStatus: share.paymentStatus,
          afterCommit: async (db, deps) => {
            await sendDueInvitations(db, deps, 50, groupId);
          },
        };
      }
      return {
        result: share.result,
        paymentStatus: share.paymentStatus,
        afterCommit: (db, deps) => sendConfirmations(db, deps, sold),
      };
    },
    pixCharges: [walletTopUpCharges],
    devolucoes: [refundDevolucoes, walletReturnDevolucoes],
  };
}

/** Builds the API host without listening, so tests can `inject` requests. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel, deps.logStream),
    frameworkErrors,
    bodyLimit: BODY_LIMIT,
    // Only the configured proxies' X-Forwarded-For names the client (rate limits key on it).
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // strictNumbers: NaN and ±Infinity ("1e309" in a path, a query or a JSON body) fail
    // validation instead of passing `integer` and `minimum` and reaching a query.
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        strictNumbers: true,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('now', deps.clock ?? (() => new Date()));
  app.decorate('payments', deps.payments ?? createPaymentProviders(deps.config));
  app.decorate('paymentPurposes', paymentPurposes());
  // Every process on the database accepts the PSP's webhook with the same secret.
  await sharePixWebhookSecret(deps.database.db, app.payments.settings);
  deps.config.paymentSettings.pixWebhookSecret = app.payments.settings.pixWebhookSecret;
  const jobs = new JobRunner({
    database: deps.database,
    config: deps.config.jobs,
    log: app.log.child({ module: 'jobs' }),
    ...(deps.jobDefinitions ? { definitions: deps.jobDefinitions } : {}),
  });
  app.decorate('jobs', jobs as JobQueue);
  app.decorate(
    'mailer',
    deps.mailer ??
      createMailer(deps.config, deps.database.db, app.now, {
        jobs,
        log: app.log.child({ module: 'mail' }),
        retryAfterSeconds: deps.config.jobs.retryDelaySeconds,
      }),
  );
  jobs.bind({
    db: deps.database.db,
    now: app.now,
    mailer: app.mailer,
    payments: app.payments,
    purposes: app.paymentPurposes,
    log: app.log.child({ module: 'jobs' }),
    siteUrl: deps.config.siteUrl,
    jobs,
    webhooksAllowPrivateAddresses: deps.config.webhooksAllowPrivateAddresses,
  });
  // pg-boss starts with the app (workers and schedules only with JOBS=on) and stops before the
  // mailer and the database close.
  app.addHook('onReady', async () => jobs.start());
  // Processes that work jobs dispatch webhook deliveries as soon as their event commits.
  let stopWebhooks: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    if (!deps.config.jobs.workers) return;
    stopWebhooks = await listenForWebhooks(deps.database.db, jobs, (error) =>
      app.log.warn({ err: error }, 'webhook dispatch failed; the minute sweep retries it'),
    );
  });
  app.addHook('onClose', async () => {
    await stopWebhooks?.();
    await jobs.stop();
    await app.mailer.close();
  });
  const { google } = deps.config;
  app.decorate(
    'identity',
    deps.identity ??
      (google.clientId
        ? openIdProvider({
            issuer: google.issuer,
            clientId: google.clientId,
            clientSecret: google.clientSecret,
          })
        : null),
  );

  registerErrorHandling(app);
  registerFiniteNumbers(app);
  await registerOverload(app, deps.config.overload);
  await registerSecurity(app, deps.config);
  await registerCompression(app);
  await app.register(authPlugin);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Plateia API',
        version: APP_VERSION,
        description: 'Ticketing and marketplace API host.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: "A customer's session token." },
          organisationToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'plateia_org_…',
            description:
              'An organisation API token (docs/integrations.md): acts for its organisation within its scopes (orders:read, webhooks:write).',
          },
        },
      },
    },
  });
  await registerRoutes(app);
  await app.register(apiTokenRoutes);
  await app.register(organisationOrderRoutes);
  await app.register(webhookRoutes);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
