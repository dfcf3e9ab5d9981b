import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { type SandboxPsp, startSandboxPsp } from '../../src/stand-ins/pix-psp/index.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import { databaseKind } from '../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { type ApiProcess, cloneDatabase, createBuyers, startApiProcess } from './cluster.ts';
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts';

type Buyer = { id: number; email: string; token: string };

async function call(url: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

// Two real API processes (src/server.ts) working jobs on one PostgreSQL, with the PSP and SMTP
// behind proxies the test takes down and brings back. Only the PostgreSQL suite can run it.
// Generous timeouts: starting a process takes seconds on a loaded two-core machine.
describe.skipIf(databaseKind !== 'postgres')(
  'jobs across two API processes on one PostgreSQL',
  { timeout: 180_000 },
  () => {
    let scratch: { url: string; drop(): Promise<void> };
    let database: DatabaseHandle;
    let psp: SandboxPsp;
    let pspProxy: FaultProxy;
    let sink: SmtpSink;
    let smtpProxy: FaultProxy;
    let env: Record<string, string>;
    let servers: ApiProcess[] = [];
    let event: CreatedEvent;
    let lotId: number;
    let buyers: Buyer[];
    let nextBuyer = 0;
    const webhookSecret = `whsec${randomUUID().replaceAll('-', '')}`;

    const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(database.db, query);
    const one = async (query: ReturnType<typeof sql>) =>
      Number((await rows<{ n: number }>(query))[0]?.n ?? 0);
    const start = () => startApiProcess(scratch.url, 120_000, env);

    /** A reservation and its PIX charge, made through `server`. */
    async function buy(
      server: ApiProcess,
      quantity = 1,
    ): Promise<{ orderId: number; txid: string; buyer: Buyer }> {
      const buyer = buyers[nextBuyer++]!;
      const reserved = await call(
        `${server.url}/cart/reserve`,
        'POST',
        {
          user: buyer.id,
          event_id: event.id,
          products: [],
          tickets: [{ tk_id: lotId, tk_qtd: quantity }],
          sessionId: `sessao-${randomUUID()}`,
        },
        buyer.token,
      );
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
      const orderId = (reserved.body.order as { id: number }).id;
      const pix = await call(`${server.url}/payments/pix`, 'POST', { orderId }, buyer.token);
      expect(pix.status, JSON.stringify(pix.body)).toBe(200);
      return { orderId, txid: String(pix.body.txid), buyer };
    }

    /** The PSP's webhook for our key goes to `target` (a process, or nowhere). */
    async function pointWebhook(target: string): Promise<void> {
      const res = await fetch(`${psp.url}/webhook/pagamentos@plateia.dev`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ webhookUrl: target }),
      });
      expect(res.status).toBe(200);
    }

    const payAtPsp = async (txid: string) =>
      (await fetch(`${psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' })).status;

    const orderStatus = async (orderId: number) =>
      (await rows<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${orderId}`))[0]?.status;

    beforeAll(async () => {
      scratch = await cloneDatabase(inject('pgTemplateUrl'), 'plateia_jobs');
      database = await openDatabase({ url: scratch.url, poolSize: 4 });
      psp = await startSandboxPsp();
      pspProxy = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(psp.url).port) });
      sink = await startSmtpSink();
      smtpProxy = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(sink.url).port) });
      const input = festivalInput('festival-processos');
      input.lots = [{ name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: 500, perOrderLimit: 4 }];
      event = await createEvent(database.db, input);
      lotId = event.lotIds[0]!;
      buyers = await createBuyers(database.db, 40, 'processos');
      env = {
        JOBS: 'on',
        // Scheduled jobs every second instead of every minute; fast polling and retries.
        JOBS_TICK_SECONDS: '1',
        JOBS_POLL_SECONDS: '0.5',
        JOBS_RETRY_DELAY_SECONDS: '1',
        JOBS_EXPIRE_SECONDS: '15',
        PIX_API_URL: `http://127.0.0.1:${pspProxy.port}`,
        PIX_WEBHOOK_SECRET: webhookSecret,
        SMTP_URL: `smtp://127.0.0.1:${smtpProxy.port}`,
        AUTH_RATE_LIMIT_MAX: '10000',
      };
      servers = await Promise.all([start(), start()]);
    }, 240_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.close();
      await scratch?.drop();
      await pspProxy?.close();
      await psp?.close();
      await smtpProxy?.close();
      await sink?.close();
    });

    it('runs a scheduled job once per occurrence although both processes schedule it', async () => {
      const since = new Date();
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const slots = await rows<{ slot: string; n: number; done: number }>(
        sql`SELECT singleton_on::text AS slot, count(*)::int AS n,
                 count(*) FILTER (WHERE state = 'completed')::int AS done
          FROM pgboss.job WHERE name = 'orders.reclaim-expired' AND created_on >= ${since.toISOString()}::timestamptz
          GROUP BY 1 ORDER BY 1`,
      );
      // About one job a second, never two for one occurrence, each run to completion once.
      expect(slots.length).toBeGreaterThanOrEqual(2);
      expect(slots.length).toBeLessThanOrEqual(6);
      expect(slots.every((slot) => slot.n === 1)).toBe(true);
      expect(slots.slice(0, -1).every((slot) => slot.done === 1)).toBe(true);
    });

    it('loses no e-mail while SMTP is down: both processes deliver everything once SMTP is back', async () => {
      smtpProxy.down();
      const emails = Array.from({ length: 6 }, (_, i) => `sem-smtp-${i}@example.com`);
      const answers = await Promise.all(
        emails.map((user, i) =>
          call(`${servers[i % 2]!.url}/customer/add`, 'POST', {
            user,
            namef: 'Nina',
            namel: 'Simone',
            pw: 'segredo123',
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
      expect(await one(sql`SELECT count(*)::int AS n FROM mail_outbox`)).toBe(6);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      // Still down after some retries: still queued.
      expect(await one(sql`SELECT count(*)::int AS n FROM mail_outbox`)).toBe(6);

      smtpProxy.up();
      await expect
        .poll(() => one(sql`SELECT count(*)::int AS n FROM mail_outbox`), { timeout: 30_000, interval: 250 })
        .toBe(0);
      const received = sink.messages.map((m) => m.envelopeTo[0]).filter((to) => to?.startsWith('sem-smtp-'));
      expect(received.sort()).toEqual([...emails].sort());
    });

    it('settles every payment once when the PSP comes back after being down', async () => {
      const purchases = [];
      for (let i = 0; i < 4; i++) purchases.push(await buy(servers[i % 2]!, 2));
      // Webhooks reach the processes, which cannot confirm with the PSP while it is down.
      await pointWebhook(`${servers[0]!.url}/payments/webhooks/pix/${webhookSecret}`);
      pspProxy.down();
      for (const purchase of purchases) expect(await payAtPsp(purchase.txid)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      for (const purchase of purchases) expect(await orderStatus(purchase.orderId)).toBe('reserved');

      pspProxy.up();
      for (const purchase of purchases) {
        await expect
          .poll(() => orderStatus(purchase.orderId), { timeout: 30_000, interval: 250 })
          .toBe('paid');
      }
      // Let the other process's passes and any late webhook run too: still nothing twice.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const ids = purchases.map((p) => p.orderId);
      const idList = `{${ids.join(',')}}`;
      expect(
        await one(sql`SELECT count(*)::int AS n FROM tickets WHERE order_id = ANY(${idList}::int[])`),
      ).toBe(8);
      expect(
        await one(
          sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ANY(${idList}::int[]) AND status = 'approved'`,
        ),
      ).toBe(4);
      expect(
        await one(
          sql`SELECT count(*)::int AS n FROM pix_received r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = ANY(${idList}::int[])`,
        ),
      ).toBe(4);
      await expect
        .poll(() => sink.messages.filter((m) => m.subject?.startsWith('Compra confirmada')).length, {
          timeout: 15_000,
        })
        .toBeGreaterThanOrEqual(4);
      for (const purchase of purchases) {
        const confirmations = sink.messages.filter(
          (m) => m.envelopeTo[0] === purchase.buyer.email && m.subject?.startsWith('Compra confirmada'),
        );
        expect(confirmations).toHaveLength(1);
      }
    });

    it('a purchase survives the process that took it being killed: the other process settles it', async () => {
      const [taker, survivor] = servers as [ApiProcess, ApiProcess];
      const purchase = await buy(taker, 1);
      // The PSP notifies the process that took the purchase, which dies before hearing of it.
      await pointWebhook(`${taker.url}/payments/webhooks/pix/${webhookSecret}`);
      await taker.kill();
      expect(await payAtPsp(purchase.txid)).toBe(200);
      expect(psp.lastWebhook.get(purchase.txid)?.status).toBe('unreachable');

      await expect.poll(() => orderStatus(purchase.orderId), { timeout: 30_000, interval: 250 }).toBe('paid');
      expect(
        await one(sql`SELECT count(*)::int AS n FROM tickets WHERE order_id = ${purchase.orderId}`),
      ).toBe(1);
      // The survivor still answers, and a replacement process joins without a second settlement.
      expect((await fetch(`${survivor.url}/health`)).status).toBe(200);
      servers = [survivor, await start()];
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(
        await one(sql`SELECT count(*)::int AS n FROM tickets WHERE order_id = ${purchase.orderId}`),
      ).toBe(1);
      await expect
        .poll(
          () =>
            sink.messages.filter(
              (m) => m.envelopeTo[0] === purchase.buyer.email && m.subject?.startsWith('Compra confirmada'),
            ).length,
          { timeout: 15_000 },
        )
        .toBe(1);
    });
  },
);
