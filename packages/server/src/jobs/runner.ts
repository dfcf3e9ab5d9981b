import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, fromDrizzle, fromPglite, type Job, PgBoss } from 'pg-boss';
import type { JobsConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobQueue, SendJobOptions } from './queue.ts';
import { JOBS, type JobDefinition, type JobDeps } from './registry.ts';

/** The schema pg-boss keeps its tables in (created by pg-boss itself on first start). */
export const JOB_SCHEMA = 'pgboss';

const DEFAULT_RETRY_LIMIT = 3;

/** What `runDue` did: jobs whose handler finished, and jobs whose handler threw (left to retry). */
export interface JobRunSummary {
  completed: number;
  failed: number;
}

/** Options of `runDue`, the deterministic way tests run jobs without workers. */
export interface RunDueOptions {
  /** First send one job for every scheduled definition, as if each schedule had just fired. */
  scheduled?: boolean;
  /** Also run jobs whose `startAfter` (a deferred send, or a retry's back-off) is still ahead. */
  includeDeferred?: boolean;
  /** Only these queues (default: every definition). */
  names?: string[];
}

export interface JobRunnerOptions {
  database: DatabaseHandle;
  config: JobsConfig;
  log: FastifyBaseLogger;
  definitions?: JobDefinition[];
}

/**
 * The job queue on pg-boss, over the host's own database: PostgreSQL through a small pool of
 * pg-boss's own, or the embedded PGlite's single connection. Sending starts pg-boss lazily (it
 * installs or checks its schema and caches the queues); `start({ workers: true })` also declares
 * the schedules and polls every queue, which only real processes do (`JOBS=on`).
 */
export class JobRunner implements JobQueue {
  readonly #database: DatabaseHandle;
  readonly #config: JobsConfig;
  readonly #log: FastifyBaseLogger;
  readonly #definitions: Map<string, JobDefinition>;
  #deps: JobDeps | null = null;
  #starting: Promise<PgBoss> | null = null;
  #ticks: NodeJS.Timeout[] = [];
  #workers = false;
  #stopped = false;

  constructor(options: JobRunnerOptions) {
    this.#database = options.database;
    this.#config = options.config;
    this.#log = options.log;
    this.#definitions = new Map((options.definitions ?? JOBS).map((def) => [def.name, def]));
  }

  /** The dependencies handed to every handler; bound once the app has built them. */
  bind(deps: JobDeps): void {
    this.#deps = deps;
  }

  /** The job definitions this runner knows, by name. */
  get definitions(): JobDefinition[] {
    return [...this.#definitions.values()];
  }

  async send(name: string, data: Record<string, unknown>, options: SendJobOptions = {}): Promise<void> {
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}: add it to JOBS in jobs/registry.ts`);
    if (options.tx && !this.#starting && this.#database.pglite) {
      // Starting pg-boss would wait for PGlite's one connection, which the caller's transaction holds.
      throw new Error('The job queue starts with the app: send jobs from a transaction once it is ready');
    }
    const boss = await this.#started();
    const db: Db | undefined = options.tx
      ? fromDrizzle(options.tx as Parameters<typeof fromDrizzle>[0], sql)
      : undefined;
    const jobOptions = {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...this.#retryOptions(definition, options.retryLimit),
      ...(db ? { db } : {}),
    };
    if (options.singletonKey) {
      // At most one waiting job per key: a second send replaces the waiting one's data.
      await boss.upsert(name, data, { ...jobOptions, singletonKey: options.singletonKey });
    } else {
      await boss.send(name, data, jobOptions);
    }
  }

  /**
   * Starts pg-boss (the app does it when ready). With `JOBS=on` it also declares the schedules
   * (cron, or every `JOBS_TICK_SECONDS`) and polls every queue; pg-boss then runs each job in
   * one process only. Without it nothing polls: jobs wait for a process that works them, or for
   * `runDue` in tests.
   */
  async start(): Promise<void> {
    const boss = await this.#started();
    if (!this.#config.workers || this.#workers) return;
    this.#workers = true;
    for (const definition of this.#definitions.values()) {
      await boss.work(
        definition.name,
        { pollingIntervalSeconds: this.#config.pollSeconds },
        async (jobs: Job<Record<string, unknown>>[]) => {
          for (const job of jobs) await this.#run(definition, job);
        },
      );
      if (definition.schedule) await this.#schedule(boss, definition);
    }
  }

  /** Stops polling and ticking; jobs in hand finish first (up to 10 s), then the pool closes. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const tick of this.#ticks) clearInterval(tick);
    this.#ticks = [];
    const boss = await this.#starting?.catch(() => null);
    this.#starting = null;
    if (boss) await boss.stop({ graceful: true, timeout: 10_000 });
  }

  /**
   * Runs the jobs due now, in this call, through pg-boss's own fetch, complete and fail (tests:
   * the suite's apps do not poll). Jobs that handlers send meanwhile run too, up to ten passes.
   * The job's clock is the app's (`deps.now`); pg-boss's own timing (`startAfter`, back-off) is
   * the database's.
   */
  async runDue(options: RunDueOptions = {}): Promise<JobRunSummary> {
    const boss = await this.#started();
    const names = options.names ?? [...this.#definitions.keys()];
    const definitions = names.map((name) => {
      const definition = this.#definitions.get(name);
      if (!definition) throw new Error(`Unknown job ${name}`);
      return definition;
    });
    if (options.scheduled) {
      for (const definition of definitions) {
        if (definition.schedule) await boss.send(definition.name, {}, this.#retryOptions(definition));
      }
    }
    const summary: JobRunSummary = { completed: 0, failed: 0 };
    // Another pass only when a job completed (its handler may have sent more); a failed job waits
    // for the next call, so a job that keeps failing is tried once per call.
    for (let pass = 0; pass < 10; pass++) {
      let ran = 0;
      for (const definition of definitions) {
        const jobs = await boss.fetch<Record<string, unknown>>(definition.name, {
          batchSize: 100,
          ignoreStartAfter: options.includeDeferred ?? false,
        });
        for (const job of jobs) {
          try {
            await definition.handler(job.data, this.#handlerDeps());
            await boss.complete(definition.name, job);
            summary.completed++;
            ran++;
          } catch (error) {
            await boss.fail(definition.name, job, { message: errorMessage(error) });
            summary.failed++;
          }
        }
      }
      if (ran === 0) break;
    }
    return summary;
  }

  #retryOptions(definition: JobDefinition, retryLimit?: number) {
    return {
      retryLimit: retryLimit ?? definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: this.#config.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: definition.expireInSeconds ?? this.#config.expireSeconds,
    };
  }

  #handlerDeps(): JobDeps {
    if (!this.#deps) throw new Error('Job dependencies are not bound yet');
    return this.#deps;
  }

  async #run(definition: JobDefinition, job: Job<Record<string, unknown>>): Promise<void> {
    try {
      await definition.handler(job.data, this.#handlerDeps());
    } catch (error) {
      this.#log.warn(
        { err: error, job: definition.name, jobId: job.id, attempt: job.retryCount },
        'job failed',
      );
      // pg-boss marks it for a retry (with back-off) or as failed once retries run out.
      throw error;
    }
  }

  async #schedule(boss: PgBoss, definition: JobDefinition): Promise<void> {
    const tick = this.#config.tickSeconds;
    const options = this.#retryOptions(definition);
    if (!tick) {
      // Every process declares it (an upsert); pg-boss files one job per occurrence.
      await boss.schedule(definition.name, definition.schedule!, {}, { ...options, tz: 'UTC' });
      return;
    }
    // Faster than cron allows (tests): each process sends every `tick` seconds, throttled to one
    // job per `tick`-second slot across processes by pg-boss's singleton index.
    const send = () =>
      boss.sendThrottled(definition.name, {}, options, tick).catch((error: unknown) => {
        if (!this.#stopped) this.#log.warn({ err: error, job: definition.name }, 'scheduled job not sent');
      });
    await send();
    const timer = setInterval(send, tick * 1000);
    timer.unref();
    this.#ticks.push(timer);
  }

  /** Starts pg-boss once; concurrent callers share the start, a failed start is tried again later. */
  #started(): Promise<PgBoss> {
    if (this.#starting) return this.#starting;
    const starting = (async () => {
      const boss = this.#create(this.#config.workers);
      boss.on('error', (error: unknown) => this.#log.warn({ err: error }, 'job queue error'));
      await boss.start({ attempts: 3 });
      await createQueues(boss, this.definitions, (definition) => this.#retryOptions(definition));
      return boss;
    })();
    this.#starting = starting;
    starting.catch(() => {
      if (this.#starting === starting) this.#starting = null;
    });
    return starting;
  }

  #create(workers: boolean): PgBoss {
    const common = {
      schema: JOB_SCHEMA,
      migrate: true,
      // Expiring jobs of dead processes, retention and the cron pass: workers only.
      supervise: workers,
      schedule: workers && !this.#config.tickSeconds,
      registerInstance: false,
      persistWarnings: false,
      openTelemetry: { enabled: false },
      ...(workers && this.#config.tickSeconds
        ? { superviseIntervalSeconds: 2, monitorIntervalSeconds: 2 }
        : {}),
    };
    const { url, pglite } = this.#database;
    if (url) return new PgBoss({ ...common, connectionString: url, max: 4 });
    if (!pglite) throw new Error('The job queue needs a PostgreSQL URL or an embedded PGlite');
    return new PgBoss({ ...common, db: fromPglite(pglite), backend: 'pglite' });
  }
}

/** Creates the queues pg-boss does not have yet (creating an existing one costs a lock and a rewrite). */
async function createQueues(
  boss: PgBoss,
  definitions: JobDefinition[],
  options: (definition: JobDefinition) => Record<string, unknown>,
): Promise<void> {
  const existing = new Set((await boss.getQueues(definitions.map((d) => d.name))).map((queue) => queue.name));
  for (const definition of definitions) {
    if (!existing.has(definition.name)) await boss.createQueue(definition.name, options(definition));
  }
}

/**
 * Installs pg-boss's schema and the queues on a freshly migrated database, so hosts and test
 * snapshots start without the install (about 2 s on PGlite). Hosts also install on start.
 */
export async function installJobs(
  database: DatabaseHandle,
  log: FastifyBaseLogger = silentLog,
): Promise<void> {
  const runner = new JobRunner({
    database,
    log,
    config: {
      workers: false,
      pollSeconds: 2,
      retryDelaySeconds: 30,
      tickSeconds: undefined,
      expireSeconds: 300,
    },
  });
  await runner.start();
  await runner.stop();
}

const noop = () => {};
/** A logger that drops everything (installs and tools that run outside the app). */
const silentLog = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
