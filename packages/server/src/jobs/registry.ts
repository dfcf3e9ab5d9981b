import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentProviders } from '../payments/providers.ts';
import type { JobQueue } from './queue.ts';

/** What a job handler may use: the same explicit dependencies domain functions take. */
export interface JobDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  payments: PaymentProviders;
  log: FastifyBaseLogger;
  siteUrl: string;
  jobs: JobQueue;
}

/** One kind of job. The handler calls a domain function; it holds no rules of its own. */
export interface JobDefinition {
  /** Queue name, `<domain>.<action>` (letters, digits, `.`, `-`, `_`). */
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: each job declares its own data shape.
  handler(data: any, deps: JobDeps): Promise<void>;
  /** Cron expression (UTC). Every process declares it; pg-boss sends one job per occurrence. */
  schedule?: string;
  /** Tries after the first failure, with exponential back-off; default 3. */
  retryLimit?: number;
  /** Seconds a running job may take before it counts as lost (its process died) and is retried. */
  expireInSeconds?: number;
}

/** Every job the API host knows. Every process registers this same list. */
export const JOBS: JobDefinition[] = [];
