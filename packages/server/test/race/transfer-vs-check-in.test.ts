import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import { nonce, ticketPayload } from '../routes/check-in/fixtures.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// A ticket changes hands at the moment the door scans its holder's code. Both sides lock
// the ticket row, so one of them sees the other's outcome: either the door admits the old
// holder and the acceptance is refused (a used ticket does not move), or the acceptance
// re-keys the ticket and the door refuses the old code. Never both.
describe('race: a transfer accepted while the door scans the old holder\u2019s code', () => {
  let t: TestApp;
  let producer: TestCustomer;
  let sender: TestCustomer;
  let eventId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    producer = await createCustomer(db, { email: 'portaria@example.com', isadmin: '1' });
    sender = await createCustomer(db, { email: 'remetente@example.com' });
    eventId = (await createEvent(db, festivalInput('festival-corrida', producer.id))).id;
    // Door day: the event starts within the hour, so its doors are open (docs/check-in.md).
    await db.execute(
      sql`UPDATE events SET starts_at = now() + interval '1 hour', ends_at = now() + interval '11 hours'
          WHERE id = ${eventId}`,
    );
  });
  afterAll(() => t.close());

  const issueTo = async (owner: TestCustomer): Promise<number> =>
    (await selectOne<{ id: number }>(
      t.database.db,
      sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id)
          VALUES (${`corrida-${nonce()}`}, ${owner.id}, ${owner.email}, ${eventId},
                  (SELECT min(id) FROM ticket_types WHERE event_id = ${eventId}))
          RETURNING id`,
    ))!.id;

  it('either admits the old holder and refuses the acceptance, or moves the ticket and refuses the old code', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      // A recipient per round: an e-mail receives at most 5 transfers a day (docs/tickets.md).
      const recipient = await createCustomer(t.database.db, { email: `destinatario${round}@example.com` });
      const ticketId = await issueTo(sender);
      const created = await t.app.inject({
        method: 'POST',
        url: `/tickets/${ticketId}/transfer`,
        headers: bearer(sender.token),
        payload: { email: recipient.email },
      });
      expect(created.statusCode, created.body).toBe(200);
      const transferId = created.json().transfer.id;
      const oldCode = await ticketPayload(
        t.database.db,
        { eventId, id: ticketId, holderVersion: 1 },
        new Date(),
      );

      const acceptCall = () =>
        t.app.inject({
          method: 'POST',
          url: `/tickets/transfers/${transferId}/accept`,
          headers: bearer(recipient.token),
        });
      const scanCall = () =>
        t.app.inject({
          method: 'POST',
          url: `/check-in/events/${eventId}/scan`,
          headers: bearer(producer.token),
          payload: { nonce: nonce(), deviceId: 'porta-corrida', payload: oldCode },
        });
      // Stagger the calls by a few milliseconds either way, so the rounds race them in both
      // orders and in between (the door's call does more work before it locks the ticket).
      const lead = [0, 5, 15, 40][round % 4]!;
      const later = <T>(call: () => Promise<T>) =>
        new Promise<T>((resolve, reject) => setTimeout(() => call().then(resolve, reject), lead));
      const [accept, scan] =
        round < 4
          ? await Promise.all([later(acceptCall), scanCall()])
          : await Promise.all([acceptCall(), later(scanCall)]);
      expect(scan.statusCode, scan.body).toBe(200);
      const admitted = scan.json().admitted as boolean;
      const ticket = await selectOne<{ status: string; holder_version: number; customer_id: number }>(
        t.database.db,
        sql`SELECT status, holder_version, customer_id FROM tickets WHERE id = ${ticketId}`,
      );
      if (admitted) {
        expect(accept.statusCode, accept.body).toBe(409);
        expect(ticket).toEqual({ status: 'used', holder_version: 1, customer_id: sender.id });
        outcomes.add('door first');
      } else {
        expect(accept.statusCode, accept.body).toBe(200);
        expect(ticket).toEqual({ status: 'valid', holder_version: 2, customer_id: recipient.id });
        outcomes.add('transfer first');
      }
    }
    // Both orders happened, and each round ended in exactly one of the two outcomes.
    expect([...outcomes].sort()).toEqual(['door first', 'transfer first']);
  });
});
