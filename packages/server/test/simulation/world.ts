/**
 * The system the simulator drives (docs/integrity.md, "The simulator"): the real API host on a
 * database, the sandbox PSP and card gateway over real sockets, a clock the simulator moves, a
 * festival (general admission, products, meia-entrada) and a theatre (seats). Imports nothing
 * from vitest, so `bench/simulation.bench.ts` runs it under plain node on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { checkInvariants, type Violation } from '../../src/integrity/invariants.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import type { Mailer } from '../../src/mail/mailer.ts';
import { HttpCardGateway } from '../../src/payments/card/gateway.ts';
import { HttpPixProvider } from '../../src/payments/pix/http-provider.ts';
import { pixWebhookUrl } from '../../src/payments/providers.ts';
import { type SandboxCardGateway, startSandboxCardGateway } from '../../src/payments/sandbox/card-gateway.ts';
import { type SandboxPsp, startSandboxPsp } from '../../src/payments/sandbox/psp.ts';
import { loadPaymentSettings } from '../../src/payments/settings.ts';
import { createCustomer, festivalInput, type TestCustomer, theatreInput } from '../catalogue/fixtures.ts';

/** An answer of the API, read loosely (the simulator accepts any non-5xx answer). */
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field where used.
export type Answer = { status: number; body: any };

/** A step's outcome, for the step list a failure prints. */
export type StepNote = string;

/** Thrown when the system broke: a 5xx answer, or an invariant after a step. */
export class SimulationFailure extends Error {
  readonly violations: Violation[];
  constructor(message: string, violations: Violation[] = []) {
    super(message);
    this.violations = violations;
  }
}

/** A mailer that drops everything (the simulator checks money, not mail). */
const quietMailer: Mailer = { kind: 'mailbox', async send() {}, async close() {} };

/** The world of one simulation run. */
export class World {
  /** The run's customers (the producer of both events is `producer`). */
  customers: TestCustomer[] = [];
  /** Every order reserved in this run (by anyone), oldest first. */
  orders: { id: number; customer: TestCustomer }[] = [];
  /** PIX charges created, with the PIX received for each once paid (replayed as duplicate webhooks). */
  charges: { txid: string; customer: TestCustomer; pix: Record<string, unknown> | null }[] = [];
  /** What happened in this run, one line per step. */
  steps: string[] = [];
  /** Names this run's rows apart from earlier runs' on the same database. */
  tag = '';
  producer!: TestCustomer;
  festival!: CreatedEvent;
  theatre!: CreatedEvent;
  /** How far the app's clock is ahead of the real one. */
  readonly clock: { offsetMs: number };
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly psp: SandboxPsp;
  readonly gateway: SandboxCardGateway;
  readonly webhookSecret: string;
  private constructor(parts: {
    clock: { offsetMs: number };
    app: FastifyInstance;
    database: DatabaseHandle;
    psp: SandboxPsp;
    gateway: SandboxCardGateway;
    webhookSecret: string;
  }) {
    this.clock = parts.clock;
    this.app = parts.app;
    this.database = parts.database;
    this.psp = parts.psp;
    this.gateway = parts.gateway;
    this.webhookSecret = parts.webhookSecret;
  }

  /** Starts the PSP, the gateway and the API host (listening: the PSP posts its webhooks) on `database`. */
  static async start(database: DatabaseHandle): Promise<World> {
    const psp = await startSandboxPsp({ devolucaoDelayMs: null });
    const gateway = await startSandboxCardGateway();
    const settings = {
      ...loadPaymentSettings({}),
      pixApiUrl: psp.url,
      cardApiUrl: gateway.url,
      cardPublicUrl: gateway.url,
      cardSecretKey: gateway.secretKey,
      pixWebhookSecret: `whsec${randomUUID().replaceAll('-', '')}`,
    };
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        seedDemo: false,
        authRateLimit: { max: 1_000_000, timeWindow: 60_000 },
        paymentSettings: settings,
        logLevel: 'silent',
      },
    );
    const clock = { offsetMs: 0 };
    const app = await buildApp({
      config,
      database,
      mailer: quietMailer,
      clock: () => new Date(Date.now() + clock.offsetMs),
      payments: {
        pix: new HttpPixProvider({ baseUrl: psp.url }),
        card: new HttpCardGateway({ baseUrl: gateway.url, secretKey: gateway.secretKey }),
        settings,
        simulateUrl: (txid) => psp.simulateUrl(txid),
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    config.publicApiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await app.payments.pix.configureWebhook(settings.pixKey, pixWebhookUrl(config));
    return new World({ clock, app, database, psp, gateway, webhookSecret: settings.pixWebhookSecret });
  }

  /**
   * Starts a run: its own producer, festival, theatre and customers, the clock back to the real
   * time. Runs share the host and the database (starting them costs seconds); every invariant is
   * global, so an earlier run's rows only have to stay sound, which they are checked to be.
   */
  async newRun(customers = 3): Promise<void> {
    this.clock.offsetMs = 0;
    this.customers = [];
    this.orders = [];
    this.charges = [];
    this.steps = [];
    this.tag = randomUUID().slice(0, 8);
    this.producer = await createCustomer(this.database.db, `produtora-${this.tag}@sim.plateia.dev`, '1');
    this.festival = await createEvent(this.database.db, {
      ...festivalInput(`festival-${this.tag}`, this.producer.id),
      // Coupons stay out: a coupon's use count is its own counter, not checked here.
      coupons: [],
    });
    this.theatre = await createEvent(this.database.db, theatreInput(`teatro-${this.tag}`, this.producer.id));
    for (let i = 0; i < customers; i++) await this.signUp();
  }

  /** Stops the host (the database belongs to the caller), the PSP and the gateway. */
  async close(): Promise<void> {
    await this.app.close();
    await this.psp.close();
    await this.gateway.close();
  }

  /** The app's current time. */
  now(): Date {
    return new Date(Date.now() + this.clock.offsetMs);
  }

  /** A new verified customer with a session. */
  async signUp(): Promise<TestCustomer> {
    const customer = await createCustomer(
      this.database.db,
      `cliente${this.customers.length + 1}-${this.tag}@sim.plateia.dev`,
    );
    this.customers.push(customer);
    return customer;
  }

  /** One API call; a 5xx answer is a failure of the system (no request may answer 500). */
  async call(
    method: 'GET' | 'POST',
    url: string,
    who: TestCustomer | null,
    payload?: unknown,
  ): Promise<Answer> {
    const res = await this.app.inject({
      method,
      url,
      ...(who ? { headers: who.auth } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 500) {
      throw new SimulationFailure(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    }
    return { status: res.statusCode, body: res.body ? safeJson(res.body) : null };
  }

  /** Runs the due jobs in this call (every schedule fired once when `scheduled`). */
  async runJobs(
    options: { scheduled?: boolean; names?: string[]; includeDeferred?: boolean } = {},
  ): Promise<void> {
    if (!(this.app.jobs instanceof JobRunner)) throw new Error('app.jobs is not the pg-boss runner');
    await this.app.jobs.runDue(options);
  }

  /** The run's live tickets (valid), oldest first, with what the simulator needs to act on them. */
  async validTickets(): Promise<
    {
      id: number;
      customer_id: number | null;
      event_id: number;
      holder_version: number;
      from_resale: boolean;
      meia: boolean;
    }[]
  > {
    return selectRows(
      this.database.db,
      sql`SELECT t.id, t.customer_id, t.event_id, t.holder_version,
                 EXISTS (SELECT 1 FROM order_items r WHERE r.order_id = t.order_id AND r.kind = 'resale') AS from_resale,
                 (i.meia_category IS NOT NULL) AS meia
          FROM tickets t LEFT JOIN order_items i ON i.id = t.meia_item_id
          WHERE t.event_id IN (${this.festival.id}, ${this.theatre.id}) AND t.status = 'valid'
          ORDER BY t.id`,
    );
  }

  /** The customer of this run with id `id`, if any. */
  customer(id: number | null): TestCustomer | undefined {
    return this.customers.find((c) => c.id === id);
  }

  /** Runs every invariant; throws with the step list when one fails. */
  async assertSound(): Promise<void> {
    const violations = await checkInvariants(this.database.db);
    if (violations.length > 0) {
      throw new SimulationFailure(
        `invariants broken after step ${this.steps.length}:\n` +
          violations.map((v) => `  ${v.invariant}: ${v.detail}`).join('\n') +
          `\nsteps:\n${this.steps.map((s, i) => `  ${i + 1}. ${s}`).join('\n')}`,
        violations,
      );
    }
  }
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
