/**
 * One API host of a multi-process simulation (`World.start` with `processes`), run by
 * `child_process.fork`: the same app as the in-process world (`startSimulationHost`) on the
 * PostgreSQL database of `DATABASE_URL`, wired by `SIM_WIRING` (JSON `HostWiring`). It answers
 * HTTP on a free port and takes orders from the simulator over the IPC channel: `clock` (the
 * app's clock offset) and `jobs` (run the due jobs in this process). Plain node, no vitest.
 */
import { openDatabase } from '../../src/db/client.ts';
import { JobRunner, type RunDueOptions } from '../../src/jobs/runner.ts';
import { type HostWiring, startSimulationHost } from './host.ts';

type Order =
  | { id: number; type: 'clock'; offsetMs: number }
  | { id: number; type: 'jobs'; options: RunDueOptions }
  | { id: number; type: 'stop' };

const send = (message: Record<string, unknown>) => process.send?.(message);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('api-process runs forked, with DATABASE_URL');
const wiring = JSON.parse(process.env.SIM_WIRING ?? '{}') as HostWiring;
let offsetMs = 0;
const database = await openDatabase({ url: databaseUrl, poolSize: 10 });
const { app, url } = await startSimulationHost(
  database,
  wiring,
  () => new Date(Date.now() + offsetMs),
  process.env.SIM_REGISTER_WEBHOOK === '1',
);

process.on('message', (order: Order) => {
  void (async () => {
    try {
      if (order.type === 'clock') {
        offsetMs = order.offsetMs;
        send({ id: order.id, ok: true });
      } else if (order.type === 'jobs') {
        if (!(app.jobs instanceof JobRunner)) throw new Error('app.jobs is not the pg-boss runner');
        send({ id: order.id, ok: true, summary: await app.jobs.runDue(order.options) });
      } else {
        await app.close();
        await database.close();
        send({ id: order.id, ok: true });
        process.exit(0);
      }
    } catch (error) {
      send({
        id: order.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  })();
});
send({ type: 'ready', url });
