import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { admitNext } from '../../src/virtual-queue/admission.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import { type ApiProcess, cloneDatabase, createBuyers, startApiProcess } from '../race/cluster.ts';
import { databaseKind } from '../support/app.ts';
import { cpfFrom } from './support.ts';

async function call(url: string, method: string, token: string, body?: unknown, pass?: string) {
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(pass ? { 'x-queue-pass': pass } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

// Two real API processes on one PostgreSQL: joins race each other and the shuffle, and a pass
// signed by one process is accepted by the other (the key pair lives in the database).
describe.skipIf(databaseKind !== 'postgres')(
  'virtual queue across two API processes',
  { timeout: 180_000 },
  () => {
    let scratch: { url: string; drop(): Promise<void> };
    let database: DatabaseHandle;
    let servers: ApiProcess[] = [];
    let event: CreatedEvent;
    let buyers: { id: number; token: string }[];
    let saleStartsAt = new Date(Date.now() + 60_000);

    beforeAll(async () => {
      scratch = await cloneDatabase(inject('pgTemplateUrl'), 'plateia_vq');
      database = await openDatabase({ url: scratch.url, poolSize: 4 });
      event = await createEvent(database.db, festivalInput('fila-dois-processos'));
      await database.db.execute(
        sql`UPDATE events SET high_demand = true, queue_opens_at = now() - interval '1 hour',
            queue_sale_starts_at = ${saleStartsAt}, checkout_capacity = 5
          WHERE id = ${event.id}`,
      );
      buyers = await createBuyers(database.db, 60, 'fila-cluster');
      const cpfs = JSON.stringify(
        buyers.map((buyer, i) => ({ id: buyer.id, cpf: cpfFrom(300_000_000 + i * 13) })),
      );
      await database.db.execute(sql`
      UPDATE customers c SET cpfnpj = r.cpf FROM json_to_recordset(${cpfs}::json) AS r(id int, cpf text)
      WHERE c.id = r.id`);
      servers = await Promise.all([
        startApiProcess(scratch.url, 120_000),
        startApiProcess(scratch.url, 120_000),
      ]);
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.close();
      await scratch?.drop();
    });

    it('keeps one entry per CPF and gapless places across processes, and shares the pass key', async () => {
      const [a, b] = servers as [ApiProcess, ApiProcess];
      // The sale starts 5 s from now (the processes took their time to start).
      saleStartsAt = new Date(Date.now() + 5_000);
      await database.db.execute(
        sql`UPDATE events SET queue_sale_starts_at = ${saleStartsAt} WHERE id = ${event.id}`,
      );
      const join = (server: ApiProcess, i: number) =>
        call(`${server.url}/queue/${event.id}/join`, 'POST', buyers[i]!.token, {});
      // Pre-queue: 40 buyers through both processes, each twice at once (many tabs), then the
      // twin: the first buyer's CPF, which moved to the last buyer's profile once the first was in
      // (a CPF is on one account at a time; its place in this queue stays taken).
      const early = await Promise.all(Array.from({ length: 40 }, (_, i) => [join(a, i), join(b, i)]).flat());
      await database.db.execute(
        sql`UPDATE customers SET cpfnpj = ${cpfFrom(399_999_999)} WHERE id = ${buyers[0]!.id}`,
      );
      await database.db.execute(
        sql`UPDATE customers SET cpfnpj = ${cpfFrom(300_000_000)} WHERE id = ${buyers[59]!.id}`,
      );
      early.push(await join(b, 59));
      expect(early.slice(0, 80).every((res) => res.status === 200)).toBe(true);
      expect(early[80]!.status).toBe(409);
      const waitMs = saleStartsAt.getTime() - Date.now();
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
      // After the sale start: 19 late joins racing the shuffle the first of them triggers.
      const late = await Promise.all(Array.from({ length: 19 }, (_, i) => join(i % 2 ? a : b, 40 + i)));
      expect(late.every((res) => res.status === 200)).toBe(true);

      const places = await selectRows<{ place: string; pre_queue: boolean }>(
        database.db,
        sql`SELECT place, pre_queue FROM virtual_queue_entries WHERE event_id = ${event.id} ORDER BY place`,
      );
      expect(places).toHaveLength(59);
      expect(places.map((row) => Number(row.place))).toEqual(Array.from({ length: 59 }, (_, i) => i + 1));
      expect(places.filter((row) => row.pre_queue)).toHaveLength(40);
      expect(places.slice(0, 40).every((row) => row.pre_queue)).toBe(true);

      // Admission (any process may run it); a pass read on A buys on B.
      const round = await admitNext(database.db, event.id, new Date());
      expect(round.admitted).toBe(5);
      const [first] = await selectRows<{ customer_id: number }>(
        database.db,
        sql`SELECT customer_id FROM virtual_queue_entries WHERE event_id = ${event.id} AND place = 1`,
      );
      const buyer = buyers.find((one) => one.id === first!.customer_id)!;
      const me = await call(`${a.url}/queue/${event.id}/me`, 'GET', buyer.token);
      expect(me.body.status).toBe('admitted');
      const reserve = await call(
        `${b.url}/cart/reserve`,
        'POST',
        buyer.token,
        {
          user: buyer.id,
          event_id: event.id,
          products: [],
          tickets: [{ tk_id: event.lotIds[1], tk_qtd: 1 }],
          sessionId: `sessao-${randomUUID()}`,
        },
        String(me.body.pass),
      );
      expect(reserve.status, JSON.stringify(reserve.body)).toBe(200);
    });
  },
);
