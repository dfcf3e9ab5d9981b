import { randomBytes } from 'node:crypto';
import { checkTicketCode, deriveTicketSecret, ticketCodeAt } from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows, sqlState } from '../../src/db/sql.ts';
import { bumpHolderVersion } from '../../src/tickets/holder.ts';
import { eventTicketKey, ticketKeyRow, ticketSecret } from '../../src/tickets/ticket-keys.ts';
import { createCustomer, festivalInput, theatreInput } from '../catalogue/fixtures.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('ticket keys, holder version and updated_at (migration 0030)', () => {
  let t: TestApp;
  let ticketId: number;
  let eventId: number;
  let ownerId: number;
  let otherId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ownerId = (await createCustomer(db, 'dono@teste.dev')).id;
    otherId = (await createCustomer(db, 'outro@teste.dev')).id;
    const festival = await createEvent(db, festivalInput('festival'));
    await createEvent(db, theatreInput('teatro'));
    eventId = festival.id;
    const row = await selectOne<{ id: number }>(
      db,
      sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, created_at)
          VALUES (${randomBytes(8).toString('hex')}, ${ownerId}, 'dono@teste.dev', ${eventId}, ${festival.lotIds[0]!},
                  now() - interval '1 day')
          RETURNING id`,
    );
    ticketId = row!.id;
  });
  afterAll(() => t.close());

  it('gives every event its own 32-byte key', async () => {
    const events = await selectRows<{ id: number }>(t.database.db, sql`SELECT id FROM events ORDER BY id`);
    expect(events.length).toBe(2);
    const keys = await Promise.all(events.map((event) => eventTicketKey(t.database.db, event.id)));
    for (const key of keys) expect(key).toHaveLength(32);
    expect(Buffer.from(keys[0]!).equals(Buffer.from(keys[1]!))).toBe(false);
    expect(await eventTicketKey(t.database.db, 999_999)).toBeNull();
  });

  it('starts a ticket at holder version 1 and derives its secret from the event key', async () => {
    const row = await ticketKeyRow(t.database.db, ticketId);
    expect(row).toMatchObject({ ticketId, eventId, customerId: ownerId, status: 'valid', holderVersion: 1 });
    const secret = await ticketSecret(row!);
    expect(
      Buffer.from(secret).equals(Buffer.from(await deriveTicketSecret(row!.eventKey, ticketId, 1))),
    ).toBe(true);
  });

  it('bumps the holder version with the new owner and moves updated_at: the old code dies', async () => {
    const db = t.database.db;
    const before = await ticketKeyRow(db, ticketId);
    const oldSecret = await ticketSecret(before!);
    const oldUpdated = await selectOne<{ updated_at: Date }>(
      db,
      sql`SELECT updated_at FROM tickets WHERE id = ${ticketId}`,
    );
    expect(
      await bumpHolderVersion(db, ticketId, { customerId: otherId, holderEmail: 'outro@teste.dev' }),
    ).toEqual({
      holderVersion: 2,
    });
    const after = await ticketKeyRow(db, ticketId);
    expect(after).toMatchObject({ customerId: otherId, holderVersion: 2, status: 'valid' });
    const updated = await selectOne<{ updated_at: Date }>(
      db,
      sql`SELECT updated_at FROM tickets WHERE id = ${ticketId}`,
    );
    expect(new Date(updated!.updated_at).getTime()).toBeGreaterThan(
      new Date(oldUpdated!.updated_at).getTime(),
    );
    const newSecret = await ticketSecret(after!);
    const now = Date.now();
    expect(checkTicketCode(newSecret, ticketCodeAt(newSecret, now), now)).toBe(true);
    const oldCode = ticketCodeAt(oldSecret, now);
    const collision = [now - 15_000, now, now + 15_000].some((at) => ticketCodeAt(newSecret, at) === oldCode);
    expect(checkTicketCode(newSecret, oldCode, now)).toBe(collision);
    expect(await bumpHolderVersion(db, 999_999)).toBeNull();
  });

  it('moves updated_at on any status change, even from statements that do not set it', async () => {
    const db = t.database.db;
    await db.execute(sql`UPDATE tickets SET updated_at = now() - interval '1 hour' WHERE id = ${ticketId}`);
    await db.execute(sql`UPDATE tickets SET status = 'used' WHERE id = ${ticketId}`);
    const row = await selectOne<{ recent: boolean }>(
      db,
      sql`SELECT updated_at > now() - interval '1 minute' AS recent FROM tickets WHERE id = ${ticketId}`,
    );
    expect(row!.recent).toBe(true);
    await db.execute(sql`UPDATE tickets SET status = 'valid' WHERE id = ${ticketId}`);
  });

  it('allows one pending transfer per ticket', async () => {
    const db = t.database.db;
    await db.execute(
      sql`INSERT INTO ticket_transfers (ticket_id, from_customer_id, to_email) VALUES (${ticketId}, ${otherId}, 'a@teste.dev')`,
    );
    const second = await db
      .execute(
        sql`INSERT INTO ticket_transfers (ticket_id, from_customer_id, to_email) VALUES (${ticketId}, ${otherId}, 'b@teste.dev')`,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(sqlState(second)).toBe('23505');
    await db.execute(sql`UPDATE ticket_transfers SET status = 'cancelled' WHERE ticket_id = ${ticketId}`);
    await db.execute(
      sql`INSERT INTO ticket_transfers (ticket_id, from_customer_id, to_email) VALUES (${ticketId}, ${otherId}, 'b@teste.dev')`,
    );
  });
});
