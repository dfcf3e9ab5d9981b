import { randomBytes } from 'node:crypto';
import {
  base64UrlToBytes,
  checkTicketCode,
  deriveTicketSecret,
  ticketCodeAt,
} from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../../src/catalogue/create.ts';
import type { Database } from '../../../src/db/client.ts';
import { execute, selectOne } from '../../../src/db/sql.ts';
import { eventTicketKey } from '../../../src/tickets/ticket-keys.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../../catalogue/fixtures.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { linkIn, mailTo } from '../../support/mailbox.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and asserted field by field.
type Loose = any;

async function issueTicket(db: Database, event: CreatedEvent, owner: TestCustomer): Promise<number> {
  const row = await selectOne<{ id: number }>(
    db,
    sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, n_number, price_cents)
        VALUES (${randomBytes(8).toString('hex')}, ${owner.id}, ${owner.email}, ${event.id}, ${event.lotIds[0]!}, 1, 10000)
        RETURNING id`,
  );
  return Number(row!.id);
}

describe('tickets after the purchase: code keys and transfers', () => {
  const lines: string[] = [];
  let t: TestApp;
  let db: Database;
  let festival: CreatedEvent;
  let ana: TestCustomer;
  let bruno: TestCustomer;
  let carla: TestCustomer;

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
    db = t.database.db;
    ana = await createCustomer(db, 'ana@teste.dev');
    bruno = await createCustomer(db, 'bruno@teste.dev');
    carla = await createCustomer(db, 'carla@teste.dev');
    festival = await createEvent(db, festivalInput('festival'));
  });
  afterAll(() => t.close());

  const get = (url: string, who?: TestCustomer) => t.app.inject({ method: 'GET', url, headers: who?.auth });
  const post = (url: string, who?: TestCustomer, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who?.auth, ...(payload ? { payload } : {}) });
  const listing = async (who: TestCustomer): Promise<Loose[]> => {
    const res = await get('/tickets', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().tickets;
  };
  const transfer = (who: TestCustomer, ticketId: number, email: string) =>
    post(`/tickets/${ticketId}/transfer`, who, { email });

  it('answers 401 on every ticket route without a session, and lists only the caller\u2019s tickets', async () => {
    const ticketId = await issueTicket(db, festival, ana);
    for (const [method, url] of [
      ['GET', '/tickets'],
      ['GET', '/tickets/code-keys'],
      ['GET', `/tickets/${ticketId}/code-key`],
      ['POST', `/tickets/${ticketId}/transfer`],
      ['GET', '/tickets/transfers'],
      ['POST', '/tickets/transfers/1/cancel'],
      ['POST', '/tickets/transfers/1/accept'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { email: 'x@teste.dev' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
    expect((await listing(ana)).map((ticket) => ticket.id)).toContain(ticketId);
    expect((await listing(bruno)).map((ticket) => ticket.id)).not.toContain(ticketId);
  });

  describe('code keys', () => {
    it('gives the owner the ticket secret, uncached, with the server clock; 401/403/404 to others', async () => {
      const ticketId = await issueTicket(db, festival, ana);
      const before = Date.now();
      const res = await get(`/tickets/${ticketId}/code-key`, ana);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const key = res.json();
      expect(key).toMatchObject({
        ticketId,
        eventId: festival.id,
        holderVersion: 1,
        stepSeconds: 15,
        digits: 6,
        window: 1,
      });
      expect(key.serverTime).toBeGreaterThanOrEqual(before);
      const eventKey = await eventTicketKey(db, festival.id);
      const expected = await deriveTicketSecret(eventKey!, ticketId, 1);
      expect(Buffer.from(base64UrlToBytes(key.secret)).equals(Buffer.from(expected))).toBe(true);

      expect((await get(`/tickets/${ticketId}/code-key`)).statusCode).toBe(401);
      const other = await get(`/tickets/${ticketId}/code-key`, bruno);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: 'notOwner', message: 'Este ingresso não está na sua conta.' });
      expect((await get('/tickets/999999/code-key', ana)).statusCode).toBe(404);
      expect((await get('/tickets/abc/code-key', ana)).statusCode).toBe(400);
    });

    it('lists the keys of every valid ticket the owner holds, and none of anyone else', async () => {
      const anaTicket = await issueTicket(db, festival, ana);
      const used = await issueTicket(db, festival, ana);
      await execute(db, sql`UPDATE tickets SET status = 'used' WHERE id = ${used}`);
      const brunoTicket = await issueTicket(db, festival, bruno);
      const res = await get('/tickets/code-keys', ana);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const ids = res.json().keys.map((key: Loose) => key.ticketId);
      expect(ids).toContain(anaTicket);
      expect(ids).not.toContain(used);
      expect(ids).not.toContain(brunoTicket);
      expect((await get('/tickets/code-keys')).statusCode).toBe(401);
      expect((await get(`/tickets/${used}/code-key`, ana)).statusCode).toBe(409);
    });

    it('never writes a secret to the log', async () => {
      const ticketId = await issueTicket(db, festival, ana);
      const key = (await get(`/tickets/${ticketId}/code-key`, ana)).json();
      const keys = (await get('/tickets/code-keys', ana)).json();
      const eventKey = Buffer.from((await eventTicketKey(db, festival.id))!);
      const log = lines.join('\n');
      expect(log).toContain(`/tickets/${ticketId}/code-key`);
      expect(log).not.toContain(key.secret);
      for (const k of keys.keys) expect(log).not.toContain(k.secret);
      expect(log).not.toContain(eventKey.toString('hex'));
      expect(log).not.toContain(eventKey.toString('base64'));
    });
  });

  describe('transfer to an existing account', () => {
    it('goes pending, e-mails the recipient, is accepted there, and kills the sender code', async () => {
      const ticketId = await issueTicket(db, festival, ana);
      const oldKey = (await get(`/tickets/${ticketId}/code-key`, ana)).json();

      const sent = await transfer(ana, ticketId, 'Bruno@Teste.dev');
      expect(sent.statusCode).toBe(200);
      const { transfer: created, notified } = sent.json();
      expect(notified).toBe(true);
      expect(created).toMatchObject({
        ticketId,
        status: 'pending',
        fromEmail: ana.email,
        toEmail: 'Bruno@Teste.dev',
      });

      const mine = (await listing(ana)).find((ticket) => ticket.id === ticketId);
      expect(mine).toMatchObject({ status: 'pending_transfer', holderVersion: 1 });
      expect(mine.transfer).toMatchObject({ id: created.id, status: 'pending', toEmail: 'Bruno@Teste.dev' });
      // Still the sender's until accepted: the code keeps working.
      expect((await get(`/tickets/${ticketId}/code-key`, ana)).json().secret).toBe(oldKey.secret);

      const [mail] = await mailTo(db, 'bruno@teste.dev');
      expect(mail?.subject).toBe('ana@teste.dev transferiu um ingresso para você');
      expect(mail?.text).toContain('Festival de Teste');
      expect(linkIn(mail?.text ?? '', '/mytickets').origin).toBe('http://localhost:4321');

      const incoming = (await get('/tickets/transfers', bruno)).json();
      expect(incoming.incoming).toHaveLength(1);
      expect(incoming.incoming[0]).toMatchObject({
        id: created.id,
        ticket: { eventName: 'Festival de Teste' },
      });
      expect((await get('/tickets/transfers', ana)).json().outgoing.map((x: Loose) => x.id)).toContain(
        created.id,
      );
      expect((await get('/tickets/transfers', carla)).json()).toEqual({ outgoing: [], incoming: [] });

      // Only the recipient accepts; only the sender cancels.
      expect((await post(`/tickets/transfers/${created.id}/accept`, carla)).statusCode).toBe(403);
      expect((await post(`/tickets/transfers/${created.id}/accept`, ana)).statusCode).toBe(403);
      expect((await post(`/tickets/transfers/${created.id}/accept`)).statusCode).toBe(401);
      expect((await post(`/tickets/transfers/${created.id}/cancel`, bruno)).statusCode).toBe(403);
      expect((await post('/tickets/transfers/999999/accept', bruno)).statusCode).toBe(404);

      const accepted = await post(`/tickets/transfers/${created.id}/accept`, bruno);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().transfer.status).toBe('accepted');
      expect((await post(`/tickets/transfers/${created.id}/accept`, bruno)).statusCode).toBe(409);
      expect((await post(`/tickets/transfers/${created.id}/cancel`, ana)).statusCode).toBe(409);

      const theirs = (await listing(bruno)).find((ticket) => ticket.id === ticketId);
      expect(theirs).toMatchObject({
        status: 'valid',
        holderVersion: 2,
        holderEmail: bruno.email,
        transfer: null,
      });
      const given = (await listing(ana)).find((ticket) => ticket.id === ticketId);
      expect(given).toMatchObject({
        status: 'transferred',
        transfer: { status: 'accepted', toEmail: 'Bruno@Teste.dev' },
      });

      expect((await get(`/tickets/${ticketId}/code-key`, ana)).statusCode).toBe(403);
      const newKey = (await get(`/tickets/${ticketId}/code-key`, bruno)).json();
      expect(newKey.holderVersion).toBe(2);
      expect(newKey.secret).not.toBe(oldKey.secret);
      const now = Date.now();
      const oldSecret = base64UrlToBytes(oldKey.secret);
      const newSecret = base64UrlToBytes(newKey.secret);
      expect(checkTicketCode(newSecret, ticketCodeAt(newSecret, now), now)).toBe(true);
      const oldCode = ticketCodeAt(oldSecret, now);
      const collides = [-15_000, 0, 15_000].some((delta) => ticketCodeAt(newSecret, now + delta) === oldCode);
      expect(checkTicketCode(newSecret, oldCode, now)).toBe(collides);
    });

    it('can be cancelled by the sender before acceptance: the ticket comes back untouched', async () => {
      const ticketId = await issueTicket(db, festival, ana);
      const created = (await transfer(ana, ticketId, carla.email)).json().transfer;
      const cancelled = await post(`/tickets/transfers/${created.id}/cancel`, ana);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().transfer.status).toBe('cancelled');
      expect((await post(`/tickets/transfers/${created.id}/accept`, carla)).statusCode).toBe(409);
      expect((await listing(ana)).find((ticket) => ticket.id === ticketId)).toMatchObject({
        status: 'valid',
        holderVersion: 1,
        transfer: null,
      });
      expect((await get('/tickets/transfers', carla)).json().incoming).toEqual([]);
      // And it can be sent again, to the right person.
      expect((await transfer(ana, ticketId, bruno.email)).statusCode).toBe(200);
    });
  });

  describe('rules', () => {
    it('refuses other people\u2019s, used, listed, pending, started and self transfers', async () => {
      const ticketId = await issueTicket(db, festival, ana);
      expect((await transfer(bruno, ticketId, carla.email)).statusCode).toBe(403);
      expect((await transfer(ana, 999_999, carla.email)).statusCode).toBe(404);
      expect(
        (await post(`/tickets/${ticketId}/transfer`, undefined, { email: carla.email })).statusCode,
      ).toBe(401);
      const self = await transfer(ana, ticketId, 'ANA@teste.dev');
      expect(self.statusCode).toBe(400);
      expect(self.json().error).toBe('toSelf');
      expect((await transfer(ana, ticketId, 'nao-e-email')).statusCode).toBe(400);

      expect((await transfer(ana, ticketId, carla.email)).statusCode).toBe(200);
      const again = await transfer(ana, ticketId, bruno.email);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('pending');

      const used = await issueTicket(db, festival, ana);
      await execute(db, sql`UPDATE tickets SET status = 'used' WHERE id = ${used}`);
      expect((await transfer(ana, used, carla.email)).json().error).toBe('notValid');

      const listed = await issueTicket(db, festival, ana);
      await execute(
        db,
        sql`INSERT INTO resale_listings (event_id, ticket_id, seller_id, price_cents)
            VALUES (${festival.id}, ${listed}, ${ana.id}, 9000)`,
      );
      const listedAnswer = await transfer(ana, listed, carla.email);
      expect(listedAnswer.statusCode).toBe(409);
      expect(listedAnswer.json().error).toBe('listed');
      expect((await listing(ana)).find((ticket) => ticket.id === listed)?.status).toBe('listed');

      const past = await createEvent(db, {
        ...festivalInput('ja-comecou'),
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3_600_000),
      });
      const started = await issueTicket(db, past, ana);
      const startedAnswer = await transfer(ana, started, carla.email);
      expect(startedAnswer.statusCode).toBe(409);
      expect(startedAnswer.json().message).toBe(
        'As transferências deste evento foram encerradas: o evento já começou.',
      );
    });

    it('limits transfers per recipient e-mail and per sender', async () => {
      const sender = await createCustomer(db, 'limites@teste.dev');
      const ticketId = await issueTicket(db, festival, sender);
      const cycle = async (email: string) => {
        const res = await transfer(sender, ticketId, email);
        if (res.statusCode === 200) await post(`/tickets/transfers/${res.json().transfer.id}/cancel`, sender);
        return res;
      };
      for (let index = 0; index < 5; index++) expect((await cycle('alvo@teste.dev')).statusCode).toBe(200);
      const bombed = await cycle('alvo@teste.dev');
      expect(bombed.statusCode).toBe(429);
      expect(bombed.json().error).toBe('recipientLimit');
      for (let index = 0; index < 5; index++)
        expect((await cycle(`outro${index}@teste.dev`)).statusCode).toBe(200);
      const busy = await cycle('mais-um@teste.dev');
      expect(busy.statusCode).toBe(429);
      expect(busy.json().error).toBe('senderLimit');
    });
  });

  describe('transfer to a new e-mail', () => {
    it('reaches the account on sign-up and e-mail verification', async () => {
      const ticketId = await issueTicket(db, festival, ana);
      expect((await transfer(ana, ticketId, 'nova.pessoa@example.com')).json().notified).toBe(true);
      const signUp = await post('/customer/add', undefined, {
        user: 'nova.pessoa@example.com',
        namef: 'Nova',
        namel: 'Pessoa',
        pw: 'segredo123',
        status: 1,
        uidcad: 1,
        cpfnpj: '',
        passport: '',
        phone: '(11) 98765-4321',
      });
      expect(signUp.statusCode).toBe(200);
      // Signed up but not verified: the ticket has not moved yet.
      expect((await listing(ana)).find((ticket) => ticket.id === ticketId)?.status).toBe('pending_transfer');
      const verifyMail = (await mailTo(db, 'nova.pessoa@example.com')).find((mail) =>
        mail.subject.startsWith('Confirme'),
      );
      const token = linkIn(verifyMail?.text ?? '', '/verificar-email').searchParams.get('token');
      expect((await post(`/customer/verify/${token}`)).statusCode).toBe(200);
      const owner = await selectOne<{ customer_id: number; holder_version: number; holder_email: string }>(
        db,
        sql`SELECT t.customer_id, t.holder_version, t.holder_email FROM tickets t WHERE t.id = ${ticketId}`,
      );
      const created = await selectOne<{ id: number }>(
        db,
        sql`SELECT id FROM customers WHERE email = 'nova.pessoa@example.com'`,
      );
      expect(owner).toMatchObject({
        customer_id: created!.id,
        holder_version: 2,
        holder_email: 'nova.pessoa@example.com',
      });
      expect((await listing(ana)).find((ticket) => ticket.id === ticketId)?.status).toBe('transferred');
    });
  });

  describe('race', () => {
    it('of two transfers of one ticket at once, exactly one wins', async () => {
      for (let round = 0; round < 3; round++) {
        const ticketId = await issueTicket(db, festival, carla);
        const answers = await Promise.all([
          transfer(carla, ticketId, `r${round}a@teste.dev`),
          transfer(carla, ticketId, `r${round}b@teste.dev`),
        ]);
        const codes = answers.map((answer) => answer.statusCode).sort();
        expect(codes).toEqual([200, 409]);
        const pending = await selectOne<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM ticket_transfers WHERE ticket_id = ${ticketId} AND status = 'pending'`,
        );
        expect(pending?.n).toBe(1);
      }
    });

    it('of an acceptance and a cancellation at once, exactly one wins', async () => {
      const ticketId = await issueTicket(db, festival, carla);
      const created = (await transfer(carla, ticketId, bruno.email)).json().transfer;
      const [accept, cancel] = await Promise.all([
        post(`/tickets/transfers/${created.id}/accept`, bruno),
        post(`/tickets/transfers/${created.id}/cancel`, carla),
      ]);
      expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const row = await selectOne<{ customer_id: number; holder_version: number }>(
        db,
        sql`SELECT customer_id, holder_version FROM tickets WHERE id = ${ticketId}`,
      );
      if (accept.statusCode === 200) expect(row).toEqual({ customer_id: bruno.id, holder_version: 2 });
      else expect(row).toEqual({ customer_id: carla.id, holder_version: 1 });
    });
  });
});
