import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSession } from '../../src/accounts/sessions.ts';
import { createEvent } from '../../src/catalogue/create.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import { issueTickets, ticketPayload } from '../routes/check-in/fixtures.ts';
import { databaseKind } from '../support/app.ts';
import { type ApiProcess, cloneDatabase, startApiProcess } from './cluster.ts';

const DOORS = 16;
const TICKETS = 5;

// Several API processes on one PostgreSQL: only the PostgreSQL suite can run it.
describe.skipIf(databaseKind !== 'postgres')('race: one ticket at 16 doors through two API processes', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let database: DatabaseHandle;
  let servers: ApiProcess[] = [];
  let eventId: number;
  let tickets: number[];
  let token: string;

  beforeAll(async () => {
    scratch = await cloneDatabase(inject('pgTemplateUrl'), 'plateia_race_door');
    database = await openDatabase({ url: scratch.url, poolSize: 4 });
    const producer = await selectOne<{ id: number }>(
      database.db,
      sql`INSERT INTO customers (email, salt, isadmin, email_verified_at)
          VALUES ('produtor-corrida@teste.dev', 'salt', '1', now()) RETURNING id`,
    );
    token = await openSession(database.db, producer!.id, new Date());
    eventId = (await createEvent(database.db, festivalInput('festival-portas', producer!.id))).id;
    // Door day: the event starts within the hour, so its doors are open (docs/check-in.md).
    await database.db.execute(
      sql`UPDATE events SET starts_at = now() + interval '1 hour', ends_at = now() + interval '11 hours'
          WHERE id = ${eventId}`,
    );
    tickets = await issueTickets(database.db, eventId, TICKETS);
    servers = await Promise.all([startApiProcess(scratch.url), startApiProcess(scratch.url)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    await scratch?.drop();
  });

  it('admits each ticket exactly once, and records every scan', async () => {
    const payloads = await Promise.all(
      tickets.map((id) => ticketPayload(database.db, { eventId, id }, new Date())),
    );
    const answers = await Promise.all(
      payloads.flatMap((payload) =>
        Array.from({ length: DOORS }, async (_, door) => {
          const res = await fetch(`${servers[door % servers.length]!.url}/check-in/events/${eventId}/scan`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ nonce: randomUUID(), deviceId: `porta-corrida-${door}`, payload }),
          });
          expect(res.status).toBe(200);
          return (await res.json()) as { verdict: string; ticketId: number };
        }),
      ),
    );
    for (const id of tickets) {
      const mine = answers.filter((answer) => answer.ticketId === id);
      expect(mine).toHaveLength(DOORS);
      expect(mine.filter((answer) => answer.verdict === 'admitted')).toHaveLength(1);
      expect(mine.filter((answer) => answer.verdict === 'already_used')).toHaveLength(DOORS - 1);
    }
    const recorded = await selectRows<{ ticket_id: number; scans: number; admitted: number }>(
      database.db,
      sql`SELECT ticket_id, count(*)::int AS scans, count(*) FILTER (WHERE admitted)::int AS admitted
          FROM check_in_scans WHERE event_id = ${eventId} GROUP BY ticket_id ORDER BY ticket_id`,
    );
    expect(recorded).toEqual(tickets.map((id) => ({ ticket_id: id, scans: DOORS, admitted: 1 })));
    const statuses = await selectRows<{ status: string }>(
      database.db,
      sql`SELECT DISTINCT status FROM tickets WHERE event_id = ${eventId}`,
    );
    expect(statuses).toEqual([{ status: 'used' }]);
  });
});
