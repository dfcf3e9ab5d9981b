/**
 * The system the simulator drives (docs/integrity.md, "The simulator"): the real API host on a
 * database (in this process, or several API processes on one PostgreSQL database splitting the
 * requests and the jobs between them), the sandbox PSP and card gateway over real sockets, a
 * real SMTP sink, each behind a fault proxy the simulator takes down and brings back, a clock
 * the simulator moves, a festival (general admission, products, meia-entrada) and a theatre
 * (seats). Imports nothing from vitest, so `bench/simulation.bench.ts` runs it under plain node
 * on PostgreSQL.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { checkInvariants, type Violation } from '../../src/integrity/invariants.ts';
import { JobRunner, type RunDueOptions } from '../../src/jobs/runner.ts';
import { type SandboxCardGateway, startSandboxCardGateway } from '../../src/stand-ins/card-gateway/index.ts';
import { type SandboxPsp, startSandboxPsp } from '../../src/stand-ins/pix-psp/index.ts';
import { createCustomer, festivalInput, type TestCustomer, theatreInput } from '../catalogue/fixtures.ts';
import { type FaultProxy, startFaultProxy } from '../race/fault-proxy.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { type HostWiring, startSimulationHost } from './host.ts';

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

/** One API host the world sends requests and job runs to. */
interface Host {
  request(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload: unknown,
  ): Promise<{ status: number; body: string }>;
  runJobs(options: RunDueOptions): Promise<void>;
  setClock(offsetMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The host in this process: requests by `inject`, jobs by its runner. */
function inProcessHost(app: FastifyInstance, clock: { offsetMs: number }): Host {
  return {
    async request(method, url, headers, payload) {
      const res = await app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: res.statusCode, body: res.body };
    },
    async runJobs(options) {
      if (!(app.jobs instanceof JobRunner)) throw new Error('app.jobs is not the pg-boss runner');
      await app.jobs.runDue(options);
    },
    async setClock(offsetMs) {
      clock.offsetMs = offsetMs;
    },
    close: () => app.close(),
  };
}

const PROCESS_ENTRY = join(import.meta.dirname, 'api-process.ts');

/** An API process (`api-process.ts`): requests over HTTP, jobs and the clock over IPC. */
async function childHost(databaseUrl: string, wiring: HostWiring, registerWebhook: boolean): Promise<Host> {
  const child: ChildProcess = fork(PROCESS_ENTRY, [], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      SIM_WIRING: JSON.stringify(wiring),
      SIM_REGISTER_WEBHOOK: registerWebhook ? '1' : '0',
    },
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let ids = 0;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('API process did not start in 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)));
    child.on(
      'message',
      (message: { type?: string; url?: string; id?: number; ok?: boolean; error?: string }) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(message.url!);
          return;
        }
        const entry = waiting.get(message.id ?? -1);
        if (!entry) return;
        waiting.delete(message.id!);
        if (message.ok) entry.resolve(message);
        else entry.reject(new Error(`API process: ${message.error}`));
      },
    );
  });
  const ask = (order: Record<string, unknown>) =>
    new Promise((resolve, reject) => {
      const id = ++ids;
      waiting.set(id, { resolve, reject });
      child.send({ ...order, id });
    });
  return {
    async request(method, path, headers, payload) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      return { status: res.status, body: await res.text() };
    },
    async runJobs(options) {
      await ask({ type: 'jobs', options });
    },
    async setClock(offsetMs) {
      await ask({ type: 'clock', offsetMs });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask({ type: 'stop' }).catch(() => child.kill('SIGKILL'));
      await exited;
    },
  };
}

/** How to start a world. */
export interface WorldOptions {
  /**
   * Separate API processes on the (PostgreSQL) database instead of the host in this process:
   * requests and job runs go to each in turn; the first receives the PSP's webhooks.
   */
  processes?: number;
}

/** Which outside system is down, while the simulator keeps it down. */
export interface Outages {
  psp: boolean;
  smtp: boolean;
}

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
  /** The run's high-demand event (a virtual queue), once an action made it. */
  queued: CreatedEvent | null = null;
  /** The last queue pass each customer of this run was handed (kept past its expiry). */
  passes = new Map<number, string>();
  /** A customer of this run who owns nothing and takes part in nothing (made when first needed). */
  private strangerAccount: TestCustomer | null = null;
  /** How far the app's clock is ahead of the real one. */
  readonly clock: { offsetMs: number };
  readonly database: DatabaseHandle;
  readonly psp: SandboxPsp;
  readonly gateway: SandboxCardGateway;
  readonly smtp: SmtpSink;
  readonly webhookSecret: string;
  /** What is down now (the hosts' 502/503 answers are expected then). */
  readonly outages: Outages = { psp: false, smtp: false };
  /** How many API hosts share the work. */
  readonly hostCount: number;
  private readonly hosts: Host[];
  private readonly proxies: { psp: FaultProxy; gateway: FaultProxy; smtp: FaultProxy };
  private requests = 0;
  private jobRuns = 0;
  private constructor(parts: {
    clock: { offsetMs: number };
    hosts: Host[];
    database: DatabaseHandle;
    psp: SandboxPsp;
    gateway: SandboxCardGateway;
    smtp: SmtpSink;
    proxies: { psp: FaultProxy; gateway: FaultProxy; smtp: FaultProxy };
    webhookSecret: string;
  }) {
    this.clock = parts.clock;
    this.hosts = parts.hosts;
    this.hostCount = parts.hosts.length;
    this.database = parts.database;
    this.psp = parts.psp;
    this.gateway = parts.gateway;
    this.smtp = parts.smtp;
    this.proxies = parts.proxies;
    this.webhookSecret = parts.webhookSecret;
  }

  /**
   * Starts the PSP, the gateway, the SMTP sink (each behind a fault proxy) and the API host
   * (listening: the PSP posts its webhooks) on `database`, or `options.processes` API processes.
   */
  static async start(database: DatabaseHandle, options: WorldOptions = {}): Promise<World> {
    const psp = await startSandboxPsp({ devolucaoDelayMs: null });
    const gateway = await startSandboxCardGateway();
    const smtp = await startSmtpSink();
    const proxies = {
      psp: await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(psp.url).port) }),
      gateway: await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(gateway.url).port) }),
      smtp: await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(smtp.url).port) }),
    };
    const wiring: HostWiring = {
      pspApiUrl: `http://127.0.0.1:${proxies.psp.port}`,
      pspPublicUrl: psp.url,
      gatewayApiUrl: `http://127.0.0.1:${proxies.gateway.port}`,
      gatewayPublicUrl: gateway.url,
      gatewaySecret: gateway.secretKey,
      webhookSecret: `whsec${randomUUID().replaceAll('-', '')}`,
      smtpUrl: `smtp://127.0.0.1:${proxies.smtp.port}`,
    };
    const clock = { offsetMs: 0 };
    const hosts: Host[] = [];
    if (options.processes && options.processes > 0) {
      if (!database.url) throw new Error('API processes need a PostgreSQL database (its URL)');
      for (let i = 0; i < options.processes; i++) hosts.push(await childHost(database.url, wiring, i === 0));
    } else {
      const { app } = await startSimulationHost(
        database,
        wiring,
        () => new Date(Date.now() + clock.offsetMs),
        true,
      );
      hosts.push(inProcessHost(app, clock));
    }
    return new World({
      clock,
      hosts,
      database,
      psp,
      gateway,
      smtp,
      proxies,
      webhookSecret: wiring.webhookSecret,
    });
  }

  /**
   * Starts a run: its own producer, festival, theatre and customers, the clock back to the real
   * time. Runs share the host and the database (starting them costs seconds); every invariant is
   * global, so an earlier run's rows only have to stay sound, which they are checked to be.
   */
  async newRun(customers = 3): Promise<void> {
    await this.setClockOffset(0);
    this.restore('psp');
    this.restore('smtp');
    this.smtp.messages.length = 0;
    this.queued = null;
    this.passes = new Map();
    this.strangerAccount = null;
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

  /** Stops the hosts (the database belongs to the caller), the proxies, the PSP, the gateway and SMTP. */
  async close(): Promise<void> {
    for (const host of this.hosts) await host.close();
    for (const proxy of Object.values(this.proxies)) await proxy.close();
    await this.psp.close();
    await this.gateway.close();
    await this.smtp.close();
  }

  /** Moves every host's clock to `offsetMs` ahead of the real time. */
  async setClockOffset(offsetMs: number): Promise<void> {
    this.clock.offsetMs = offsetMs;
    for (const host of this.hosts) await host.setClock(offsetMs);
  }

  /** Takes an outside system down: the PSP (its API Pix and the card gateway) or SMTP. */
  takeDown(system: keyof Outages): void {
    this.outages[system] = true;
    if (system === 'psp') {
      this.proxies.psp.down();
      this.proxies.gateway.down();
    } else this.proxies.smtp.down();
  }

  /** Brings an outside system back. */
  restore(system: keyof Outages): void {
    this.outages[system] = false;
    if (system === 'psp') {
      this.proxies.psp.up();
      this.proxies.gateway.up();
    } else this.proxies.smtp.up();
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

  /**
   * One API call, to the next host in turn; a 5xx answer is a failure of the system (no request
   * may answer 500), but for the 502/503 a host answers while the PSP is down.
   */
  async call(
    method: 'GET' | 'POST',
    url: string,
    who: TestCustomer | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const host = this.hosts[this.requests++ % this.hosts.length]!;
    const res = await host.request(method, url, { ...(who ? who.auth : {}), ...headers }, payload);
    const expected = this.outages.psp && (res.status === 502 || res.status === 503);
    if (res.status >= 500 && !expected) {
      throw new SimulationFailure(`${method} ${url} answered ${res.status}: ${res.body}`);
    }
    return { status: res.status, body: res.body ? safeJson(res.body) : null };
  }

  /** Runs the due jobs in the next host in turn (every schedule fired once when `scheduled`). */
  async runJobs(options: RunDueOptions = {}): Promise<void> {
    await this.hosts[this.jobRuns++ % this.hosts.length]!.runJobs(options);
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

  /** This run's stranger: a verified account that is never a buyer, payer, holder or friend. */
  async stranger(): Promise<TestCustomer> {
    this.strangerAccount ??= await createCustomer(this.database.db, `estranho-${this.tag}@sim.plateia.dev`);
    return this.strangerAccount;
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
