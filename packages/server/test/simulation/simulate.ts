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
  numRuns: number;
  /** Steps per run, at most. */
  maxCommands: number;
  /** Stops starting new runs after this long (the run in progress finishes). */
  timeLimitMs?: number;
  /** Prints every run's steps. */
  verbose?: boolean;
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

/** Runs the simulator; never throws for a failure, it reports it. */
export async function simulate(options: SimulateOptions): Promise<SimulationReport> {
  let steps = 0;
  let runs = 0;
  const started = performance.now();
  let database = await options.database();
  let world = await World.start(database);
  // A failed run leaves the database unsound, and every invariant is global: the next run (a
  // shrinking attempt) starts on a fresh database, or it would fail at once for the wrong reason.
  let dirty = false;
  const property = fc.asyncProperty(
    fc.commands(commandArbitraries(options.actions), { maxCommands: options.maxCommands, size: 'max' }),
    async (commands) => {
      runs++;
      if (dirty) {
        await world.close();
        await database.close();
        database = await options.database();
        world = await World.start(database);
        dirty = false;
      }
      await world.newRun();
      dirty = true;
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
      dirty = false;
      if (options.verbose) console.log(`run ${runs}:\n${world.steps.map((step) => `  ${step}`).join('\n')}`);
    },
  );
  const result = await fc
    .check(property, {
      seed: options.seed,
      numRuns: options.numRuns,
      ...(options.path ? { path: options.path } : {}),
      ...(options.timeLimitMs
        ? { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false }
        : {}),
    })
    .finally(async () => {
      await world.close();
      await database.close();
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
