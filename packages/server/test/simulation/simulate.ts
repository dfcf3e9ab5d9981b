/**
 * The seeded simulator (docs/integrity.md): fast-check draws sequences of actions from a seed,
 * each sequence runs on a fresh world (database, API host, PSP, gateway), and every invariant
 * is checked after every step. A failure is shrunk to a short sequence and reported with its
 * seed and path; `fc.assert(..., { seed, path })` (SIM_SEED and SIM_PATH) replays it exactly.
 */
import fc from 'fast-check';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { type ActionName, commandArbitraries, type Model } from './actions.ts';
import { World } from './world.ts';

/** How to run the simulator. */
export interface SimulateOptions {
  /** A fresh database for the simulation; its runs share it (World.newRun). */
  database: () => Promise<DatabaseHandle>;
  actions: readonly ActionName[];
  seed: number;
  /** Replays one failing case (the path fast-check printed). */
  path?: string;
  /** With `path`: the commands' `replayPath` fast-check printed, to replay the shrunk sequence exactly. */
  replayPath?: string;
  numRuns: number;
  /** Steps per run, at most. */
  maxCommands: number;
  /** Stops starting new runs after this long (the run in progress finishes; shrinking a failure gets 90 s more). */
  timeLimitMs?: number;
  /** Prints every run's steps. */
  verbose?: boolean;
  /** API processes on the (PostgreSQL) database instead of the host in this process (`WorldOptions`). */
  processes?: number;
}

/** What a simulation did. */
export interface SimulationReport {
  seed: number;
  runs: number;
  steps: number;
  seconds: number;
  stepsPerSecond: number;
  /** fast-check's report of the shrunk failure, with its seed and path; null when sound. */
  failure: string | null;
}

/** How long shrinking may go on after the first failure. */
const SHRINK_MS = 90_000;

/** Runs the simulator; never throws for a failure, it reports it. */
export async function simulate(options: SimulateOptions): Promise<SimulationReport> {
  let steps = 0;
  let runs = 0;
  const started = performance.now();
  let database = await options.database();
  const worldOptions = options.processes ? { processes: options.processes } : {};
  let world = await World.start(database, worldOptions);
  // A failed run leaves the database unsound, and every invariant is global: the next run (a
  // shrinking attempt) starts on a fresh database, or it would fail at once for the wrong reason.
  let dirty = false;
  // The time limit is kept here, not by fast-check's interruptAfterTimeLimit, which abandons the
  // run in progress (its world then closes under it). Past the limit, runs do nothing and pass;
  // after a failure, shrinking gets SHRINK_MS more.
  // Counted from the world's start (a fresh database and its hosts take seconds on a busy machine).
  const ready = performance.now();
  const deadline = options.timeLimitMs ? ready + options.timeLimitMs : Number.POSITIVE_INFINITY;
  let failedAt: number | null = null;
  const property = fc.asyncProperty(
    fc.commands(commandArbitraries(options.actions), {
      maxCommands: options.maxCommands,
      size: 'max',
      ...(options.replayPath ? { replayPath: options.replayPath } : {}),
    }),
    async (commands) => {
      if (performance.now() > (failedAt === null ? deadline : failedAt + SHRINK_MS)) return;
      runs++;
      if (dirty) {
        await closeQuietly(world, database);
        database = await options.database();
        world = await World.start(database, worldOptions);
        dirty = false;
      }
      await world.newRun();
      dirty = true;
      try {
        await fc.asyncModelRun(
          () => ({ model: {} as Model, real: world }),
          // Count the steps as they run: a shrinking replay counts too (it is work done).
          [...commands].map((command) => ({
            check: () => true,
            run: async (model: Model, real: World) => {
              steps++;
              await command.run(model, real);
            },
            toString: () => command.toString(),
          })),
        );
      } catch (error) {
        failedAt ??= performance.now();
        throw error;
      }
      dirty = false;
      if (options.verbose) console.log(`run ${runs}:\n${world.steps.map((step) => `  ${step}`).join('\n')}`);
    },
  );
  const result = await fc
    .check(property, {
      seed: options.seed,
      numRuns: options.numRuns,
      // The broken invariants and the steps that led there, beside the shrunk sequence.
      includeErrorInReport: true,
      ...(options.path ? { path: options.path } : {}),
    })
    .finally(async () => {
      await closeQuietly(world, database);
    });
  const seconds = (performance.now() - started) / 1000;
  return {
    seed: options.seed,
    runs,
    steps,
    seconds,
    stepsPerSecond: steps / seconds,
    failure: result.failed ? (fc.defaultReportMessage(result) ?? 'failed') : null,
  };
}

/** Closes a world and its database; a close that fails must not hide the simulation's report. */
async function closeQuietly(world: World, database: DatabaseHandle): Promise<void> {
  await world.close().catch((error) => console.error('[simulation] closing the world failed', error));
  await database.close().catch((error) => console.error('[simulation] closing the database failed', error));
}
