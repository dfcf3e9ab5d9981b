/**
 * "Excluir minha conta" through the real API (docs/accounts.md, "Erasure"): refused while a
 * purchase or a future ticket is in flight; confirmed by an e-mailed code; personal data
 * blanked or deleted (documents and attachments from disk too), every session ended, the
 * login gone; orders, tickets and the ledger kept; other customers' tickets untouched.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERASURE_MESSAGES } from '@plateia/core/messages/profile';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { trialBalance } from '../../src/ledger/reconcile.ts';
import { removeMember } from '../../src/organisations/members.ts';
import { addMember } from '../../src/organisations/organisations.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness, tokenize } from '../payments/support.ts';
import { createCustomer as createCustomerWithPassword } from '../support/accounts.ts';
import { cpfFrom } from '../virtual-queue/support.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');
const UUID = '7d3c1f0e-5b2a-4c8d-9e6f-0a1b2c3d4e5f';

describe('account erasure', () => {
  let h: PaymentsHarness;
  let dataDir: string;
  let erika: TestCustomer & { password: string };
  let fabio: TestCustomer;
  let gil: TestCustomer;
  let festival: CreatedEvent;
  let erikaOrderId: number;
  let gilTicketId: number;

  const call = async (method: 'GET' | 'POST', url: string, who: TestCustomer | null, payload?: object) => {
    const res = await h.app.inject({ method, url, payload, headers: who ? who.auth : {} });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const buy = async (who: TestCustomer) => {
    const order = await reserve(h.app, who, festival.id, [{ tk_id: festival.lotIds[1], tk_qtd: 1 }]);
    const paid = await call('POST', '/payments/card', who, {
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(paid.body.status).toBe('approved');
    return order.id;
  };
  const logIn = async () => {
    const salt = (await h.app.inject({ method: 'POST', url: `/getsalt/${erika.email}/${UUID}` })).json().msg;
    const login = await h.app.inject({
      method: 'POST',
      url: `/login/${erika.email}/${passwordDigest(salt, erika.password)}/${UUID}/${salt}`,
    });
    return login.statusCode;
  };
  const lastCode = (to: string) => {
    const mail = [...h.mailer.sent].reverse().find((m) => m.to === to && m.subject.includes('excluir'));
    return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
  };

  beforeAll(async () => {
    h = await startPaymentsHarness();
    dataDir = await mkdtemp(join(tmpdir(), 'plateia-erasure-'));
    h.app.config.dataDir = dataDir;
    const db = h.database.db;
    const withPassword = await createCustomerWithPassword(db, { email: 'erika@plateia.dev', namef: 'Erika' });
    erika = { ...withPassword, auth: { authorization: `Bearer ${withPassword.token}` } };
    fabio = await createCustomer(db, 'fabio@plateia.dev');
    gil = await createCustomer(db, 'gil@plateia.dev');
    festival = await createEvent(db, festivalInput('festival-exclusao'));
    // Erika's profile, documents, a support request with an attachment, a friend and a chat.
    const profile = await call('POST', '/customer/edit', erika, {
      id: erika.id,
      namef: 'Erika',
      namel: 'Nogueira',
      cpfnpj: cpfFrom(555_444_333),
      phone: '(11) 98888-7777',
      cidade: 'São Paulo',
    });
    expect(profile.status).toBe(200);
    for (const documentType of ['document', 'address_proof']) {
      const upload = await call('POST', '/customer-upload-document', erika, {
        customerId: erika.id,
        documentType,
        fileBase64: PNG,
        fileName: 'doc.png',
      });
      expect(upload.status).toBe(200);
    }
    const support = await call('POST', '/support/create', erika, {
      subject: 'Dúvida',
      category: 'conta',
      text: 'Meu telefone é 11 98888-7777',
      attachments: [{ fileName: 'print.png', fileBase64: PNG }],
    });
    expect(support.status).toBe(200);
    await db.execute(
      sql`INSERT INTO friendships (from_customer_id, to_customer_id, status, accepted_at) VALUES (${erika.id}, ${fabio.id}, 1, now())`,
    );
    const room = `dm-${Math.min(erika.id, fabio.id)}-${Math.max(erika.id, fabio.id)}`;
    await db.execute(
      sql`INSERT INTO chat_messages (chat_room_id, user_id, dst_user_id, content)
          VALUES (${room}, ${erika.id}, ${fabio.id}, 'Meu endereço é Rua A, 10'),
                 (${room}, ${fabio.id}, ${erika.id}, 'Combinado!')`,
    );
    erikaOrderId = await buy(erika);
    await buy(gil);
    gilTicketId = (await selectOne<{ id: number }>(
      db,
      sql`SELECT id FROM tickets WHERE customer_id = ${gil.id}`,
    ))!.id;
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses while a purchase is in progress or a ticket is for an event still to come, saying why', async () => {
    await reserve(h.app, erika, festival.id, [{ tk_id: festival.lotIds[1], tk_qtd: 1 }]);
    const preview = await call('GET', '/customer/erasure', erika);
    expect(preview.body.blockers.map((b: { code: string }) => b.code)).toEqual([
      'purchase_in_progress',
      'future_tickets',
    ]);
    expect(preview.body.blockers[1].message).toBe(ERASURE_MESSAGES.futureTickets(1));
    const code = await call('POST', '/customer/erasure/code', erika);
    expect(code.status).toBe(409);
    expect(code.body.error).toBe('erasure_blocked');
    expect(code.body.message).toContain(ERASURE_MESSAGES.purchaseInProgress);
    const erase = await call('POST', '/customer/erasure', erika, { code: '123456' });
    expect(erase.status).toBe(409);
  });

  it("refuses a producer's account: a member of an organisation", async () => {
    const db = h.database.db;
    const [org] = await selectRows<{ id: number }>(
      db,
      sql`INSERT INTO organisations (name, contact_email, created_at) VALUES ('Produtora', 'p@x.dev', now()) RETURNING id`,
    );
    await addMember(db, org!.id, fabio.id, 'viewer', new Date());
    const preview = await call('GET', '/customer/erasure', fabio);
    expect(preview.body.blockers).toEqual([{ code: 'producer', message: ERASURE_MESSAGES.producer }]);
    await removeMember(db, org!.id, fabio.id, fabio.id);
  });

  it('erases at once with the e-mailed code, once nothing is in flight', async () => {
    const db = h.database.db;
    // The reservation lapses and the event takes place.
    await db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE customer_id = ${erika.id} AND status = 'reserved'`,
    );
    await db.execute(
      sql`UPDATE events SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 day' WHERE id = ${festival.id}`,
    );
    expect((await call('GET', '/customer/erasure', erika)).body.blockers).toEqual([]);
    expect(await logIn()).toBe(200);
    const balanceBefore = await trialBalance(db);
    const filesBefore = await readdir(join(dataDir, 'documents'));
    expect(filesBefore).toHaveLength(3);

    expect(await call('POST', '/customer/erasure/code', erika)).toEqual({
      status: 200,
      body: { success: true, message: ERASURE_MESSAGES.codeSent },
    });
    expect((await call('POST', '/customer/erasure/code', erika)).status).toBe(429);
    const code = lastCode(erika.email);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await call('POST', '/customer/erasure', erika, { code: wrong })).body.error).toBe('invalid_code');
    expect((await call('POST', '/customer/erasure', fabio, { code })).body.error).toBe('invalid_code');
    const erased = await call('POST', '/customer/erasure', erika, { code });
    expect(erased).toEqual({ status: 200, body: { success: true, message: ERASURE_MESSAGES.erased } });

    // Every session ended; the login and its e-mail are gone.
    expect((await call('GET', '/customer/me', erika)).status).toBe(401);
    expect(await logIn()).toBe(401);
    const row = await selectOne<Record<string, unknown>>(
      db,
      sql`SELECT email, namef, namel, cpfnpj, phone, cidade, password_hash, document_path, address_proof_path,
                 status, erased_at IS NOT NULL AS erased
          FROM customers WHERE id = ${erika.id}`,
    );
    expect(row).toMatchObject({
      namef: 'Conta excluída',
      namel: '',
      cpfnpj: '',
      phone: '',
      cidade: '',
      password_hash: null,
      document_path: null,
      address_proof_path: null,
      status: 0,
      erased: true,
    });
    expect(String(row!.email)).not.toContain('erika');
    expect(JSON.stringify(row)).not.toContain('98888');
    // Documents and the support attachment are gone from disk; the support request too.
    expect(await readdir(join(dataDir, 'documents'))).toEqual([]);
    for (const name of filesBefore) expect(existsSync(join(dataDir, 'documents', name))).toBe(false);
    expect(await selectRows(db, sql`SELECT 1 FROM support_requests WHERE customer_id = ${erika.id}`)).toEqual(
      [],
    );
    // Friendships go; her chat messages lose their text, the friend's stay.
    expect(await selectRows(db, sql`SELECT 1 FROM friendships WHERE from_customer_id = ${erika.id}`)).toEqual(
      [],
    );
    const chat = await selectRows<{ user_id: number; content: string }>(
      db,
      sql`SELECT user_id, content FROM chat_messages ORDER BY id`,
    );
    expect(chat).toEqual([
      { user_id: erika.id, content: 'Mensagem apagada' },
      { user_id: fabio.id, content: 'Combinado!' },
    ]);
    // The law's records stay: her paid order and the ledger, unchanged.
    const order = await selectOne<{ status: string; customer_id: number }>(
      db,
      sql`SELECT status, customer_id FROM orders WHERE id = ${erikaOrderId}`,
    );
    expect(order).toEqual({ status: 'paid', customer_id: erika.id });
    // Her tickets stay with the order, but no record names her e-mail any more.
    const tickets = await selectRows<{ holder_email: string }>(
      db,
      sql`SELECT holder_email FROM tickets WHERE customer_id = ${erika.id}`,
    );
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) expect(ticket.holder_email).toBe(row!.email);
    const named = await selectOne<{ n: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM tickets WHERE lower(holder_email) = lower(${erika.email}))
               + (SELECT count(*) FROM order_items WHERE lower(holder_email) = lower(${erika.email}))
               + (SELECT count(*) FROM ticket_transfers WHERE lower(to_email) = lower(${erika.email}))
               + (SELECT count(*) FROM shared_payment_shares WHERE lower(email) = lower(${erika.email})) AS n`,
    );
    expect(Number(named?.n)).toBe(0);
    expect(await trialBalance(db)).toEqual(balanceBefore);
    // Another customer's ticket is untouched and the receipt went to the old address.
    const gilTicket = await selectOne<{ status: string }>(
      db,
      sql`SELECT status FROM tickets WHERE id = ${gilTicketId}`,
    );
    expect(gilTicket?.status).toBe('valid');
    expect(h.mailer.sent.at(-1)).toMatchObject({
      to: erika.email,
      subject: 'Sua conta Plateia foi excluída',
    });
    // The address is free again: a new sign-up makes a new, empty account.
    const again = await h.app.inject({
      method: 'POST',
      url: '/customer/add',
      payload: { user: erika.email, namef: 'Erika', pw: 'outra-senha-boa', status: 1, uidcad: 1 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).not.toBe(erika.id);
  });
});
