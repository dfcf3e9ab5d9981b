import type { Queryable } from '../db/sql.ts';

/** Options for one job sent to the queue. */
export interface SendJobOptions {
  /** At most one queued job per key and name: a second send with the same key is dropped. */
  singletonKey?: string;
  /** Not before this moment. */
  startAfter?: Date;
  /** How many more times a failing job is tried (with exponential back-off); default 3. */
  retryLimit?: number;
  /**
   * Enlists the insert in the caller's open transaction (`db.transaction((tx) => …)`), so the job
   * exists if and only if that transaction commits.
   */
  tx?: Queryable;
}

/** Enqueues jobs that run once across every API process on the database (pg-boss). */
export interface JobQueue {
  /** Enqueue `name` with `data` (JSON); `tx` enlists the insert in the caller's transaction. */
  send(name: string, data: Record<string, unknown>, options?: SendJobOptions): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Enqueues jobs (jobs/README.md); routes pass it to domain functions. */
    jobs: JobQueue;
  }
}
