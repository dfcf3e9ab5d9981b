import type { FastifyInstance } from 'fastify';
import { JobRunner, type JobRunSummary, type RunDueOptions } from '../../src/jobs/runner.ts';

/**
 * Runs the app's due jobs now, in this call (test apps do not poll): `scheduled` fires every
 * schedule once first, `includeDeferred` also runs jobs waiting for a `startAfter` or a retry's
 * back-off, `names` limits it to some queues.
 */
export function runDueJobs(app: FastifyInstance, options: RunDueOptions = {}): Promise<JobRunSummary> {
  if (!(app.jobs instanceof JobRunner)) throw new Error('app.jobs is not the pg-boss runner');
  return app.jobs.runDue(options);
}
