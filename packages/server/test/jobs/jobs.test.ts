import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import { JOBS, type JobDefinition } from '../../src/jobs/registry.ts';
import { createCustomer, festivalInput } from '../catalogue/fixtures.ts';
import { expireOrder, lot, reserve, startPaymentsHarness } from '../payments/support.ts';
import { startFaultProxy } from '../race/fault-proxy.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { runDueJobs } from './support.ts';

/** A job that records what it was given and fails while `failuresLeft` is above zero. */
function probe(name: string, schedule?: string) {
  const seen: Record<string, unknown>[] = [];
  const state = { failuresLeft: 0 };
  const definition: JobDefinition = {
    name,
    ...(schedule ? { schedule } : {}),
    async handler(data: Record<string, unknown>) {
      if (state.failuresLeft > 0) {
        state.failuresLeft--;
        throw new Error('falha simulada');
      }
      seen.push(data);
    },
  };
  return { definition, seen, state };
}

async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ n: number }>(t.database.db, query);
  return Number(row?.n ?? 0);
}

describe('jobs on pg-boss', () => {
  const p = probe('test.probe');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { jobDefinitions: [...JOBS, p.definition] });
  });
  afterAll(() => t.close());
  afterEach(() => {
    p.seen.length = 0;
  });

  it('keeps a job sent inside a transaction only if the transaction commits', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.jobs.send('test.probe', { n: 1 }, { tx });
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    await t.database.db.transaction(async (tx) => {
      await t.app.jobs.send('test.probe', { n: 2 }, { tx });
    });
    expect(await runDueJobs(t.app, { names: ['test.probe'] })).toEqual({ completed: 1, failed: 0 });
    expect(p.seen).toEqual([{ n: 2 }]);
  });

  it('keeps one waiting job per singletonKey, and none before its startAfter', async () => {
    for (const n of [1, 2, 3]) await t.app.jobs.send('test.probe', { n }, { singletonKey: 'pedido-7' });
    await t.app.jobs.send('test.probe', { n: 9 }, { singletonKey: 'pedido-8' });
    await t.app.jobs.send('test.probe', { n: 10 }, { startAfter: new Date(Date.now() + 60_000) });
    await runDueJobs(t.app, { names: ['test.probe'] });
    expect(p.seen).toEqual(expect.arrayContaining([{ n: 3 }, { n: 9 }]));
    expect(p.seen).toHaveLength(2);
    await runDueJobs(t.app, { names: ['test.probe'], includeDeferred: true });
    expect(p.seen.at(-1)).toEqual({ n: 10 });
  });

  it('retries a failing job after a back-off, and runs it once it succeeds', async () => {
    p.state.failuresLeft = 1;
    await t.app.jobs.send('test.probe', { n: 4 });
    expect(await runDueJobs(t.app, { names: ['test.probe'] })).toEqual({ completed: 0, failed: 1 });
    // The retry waits out its back-off.
    expect(await runDueJobs(t.app, { names: ['test.probe'] })).toEqual({ completed: 0, failed: 0 });
    expect(await runDueJobs(t.app, { names: ['test.probe'], includeDeferred: true })).toEqual({
      completed: 1,
      failed: 0,
    });
    expect(p.seen).toEqual([{ n: 4 }]);
  });

  it('refuses a job name nobody registered', async () => {
    await expect(t.app.jobs.send('test.inexistente', {})).rejects.toThrow(/Unknown job/);
  });

  it('orders.reclaim-expired gives an expired reservation’s stock back on its schedule', async () => {
    const buyer = await createCustomer(t.database.db, 'reclaim@plateia.dev');
    const event = await createEvent(t.database.db, festivalInput('festival-jobs'));
    const lotId = event.lotIds[2]!;
    const before = await lot(t.database, lotId);
    const order = await reserve(t.app, buyer, event.id, [{ tk_id: lotId, tk_qtd: 3 }]);
    expect((await lot(t.database, lotId)).reserved).toBe(before.reserved + 3);
    await expireOrder(t.database, order.id);
    await runDueJobs(t.app, { scheduled: true, names: ['orders.reclaim-expired'] });
    expect(await lot(t.database, lotId)).toEqual(before);
    expect(
      await count(
        t,
        sql`SELECT count(*)::int AS n FROM orders WHERE id = ${order.id} AND status = 'expired'`,
      ),
    ).toBe(1);
  });

  it('runs scheduled jobs by itself when the process works jobs (JOBS=on)', async () => {
    const ticking = probe('test.tick', '* * * * *');
    const worker = await createTestApp(
      { jobs: { workers: true, pollSeconds: 0.5, retryDelaySeconds: 1, tickSeconds: 1, expireSeconds: 30 } },
      { jobDefinitions: [ticking.definition] },
    );
    try {
      await expect.poll(() => ticking.seen.length, { timeout: 15_000, interval: 200 }).toBeGreaterThan(0);
    } finally {
      await worker.close();
    }
  });
});

describe('payments.reconcile-pix', () => {
  it('settles a paid PIX charge whose webhook never arrived, once, with nobody polling', async () => {
    const h = await startPaymentsHarness();
    try {
      const buyer = await createCustomer(h.database.db, 'fechou-a-aba@plateia.dev');
      const event = await createEvent(h.database.db, festivalInput('festival-reconcilia'));
      const lotId = event.lotIds[1]!;
      const order = await reserve(h.app, buyer, event.id, [{ tk_id: lotId, tk_qtd: 2 }]);
      const pix = await h.app.inject({
        method: 'POST',
        url: '/payments/pix',
        headers: buyer.auth,
        payload: { orderId: order.id },
      });
      const { txid } = pix.json();
      // The webhook is lost and the buyer closes the tab after paying.
      await h.app.payments.pix.configureWebhook(h.app.payments.settings.pixKey, 'http://127.0.0.1:9/perdido');
      const paid = await fetch(`${h.psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' });
      expect(paid.status).toBe(200);
      expect(h.psp.lastWebhook.get(txid)?.status).toBe('unreachable');
      const status = async () =>
        (
          await selectRows<{ status: string }>(
            h.database.db,
            sql`SELECT status FROM orders WHERE id = ${order.id}`,
          )
        )[0]?.status;
      expect(await status()).toBe('reserved');

      await runDueJobs(h.app, { scheduled: true, names: ['payments.reconcile-pix'] });
      expect(await status()).toBe('paid');
      // A second pass (another process, a late webhook) issues nothing more.
      await runDueJobs(h.app, { scheduled: true, names: ['payments.reconcile-pix'] });
      const tickets = await selectRows<{ n: number }>(
        h.database.db,
        sql`SELECT count(*)::int AS n FROM tickets WHERE order_id = ${order.id}`,
      );
      expect(Number(tickets[0]?.n)).toBe(2);
      expect(h.mailer.sent.filter((m) => m.to === buyer.email)).toHaveLength(1);
      expect((await lot(h.database, lotId)).sold).toBe(2);
    } finally {
      await h.close();
    }
  });
});

describe('e-mail outbox (mail.send)', () => {
  let sink: SmtpSink;
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    proxy = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(sink.url).port) });
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${proxy.port}` });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await sink.close();
  });

  const signUp = (user: string) =>
    t.app.inject({
      method: 'POST',
      url: '/customer/add',
      payload: { user, namef: 'Rita', namel: 'Lee', pw: 'segredo123' },
    });
  const outbox = () => count(t, sql`SELECT count(*)::int AS n FROM mail_outbox`);

  it('sends at once while SMTP is up and leaves nothing queued', async () => {
    expect((await signUp('rita@example.com')).statusCode).toBe(200);
    expect(sink.messages.map((m) => m.envelopeTo[0])).toEqual(['rita@example.com']);
    expect(await outbox()).toBe(0);
    // The job filed with it finds the message gone and does nothing.
    await runDueJobs(t.app, { names: ['mail.send'], includeDeferred: true });
    expect(sink.messages).toHaveLength(1);
  });

  it('loses no e-mail while SMTP is down: the job delivers each one once SMTP is back', async () => {
    proxy.down();
    for (const user of ['ana@example.com', 'bia@example.com', 'caio@example.com']) {
      expect((await signUp(user)).statusCode).toBe(200);
    }
    expect(sink.messages).toHaveLength(1);
    expect(await outbox()).toBe(3);
    // Still down: the jobs fail and back off; nothing is lost.
    expect((await runDueJobs(t.app, { names: ['mail.send'], includeDeferred: true })).failed).toBeGreaterThan(
      0,
    );
    expect(await outbox()).toBe(3);

    proxy.up();
    await runDueJobs(t.app, { names: ['mail.send'], includeDeferred: true });
    expect(await outbox()).toBe(0);
    const delivered = sink.messages.slice(1).map((m) => m.envelopeTo[0]);
    expect(delivered.sort()).toEqual(['ana@example.com', 'bia@example.com', 'caio@example.com']);
    expect(sink.messages.slice(1).every((m) => m.subject === 'Confirme seu e-mail na Plateia')).toBe(true);
  });
});
