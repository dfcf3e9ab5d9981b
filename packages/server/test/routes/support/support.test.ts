import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, selectOne } from '../../../src/db/sql.ts';
import { festivalInput, seedEvent } from '../../catalogue/fixtures.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(32, 1),
]);

describe('support requests', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let dataDir: string;
  let ana: TestCustomer;
  let bruno: TestCustomer;
  let staff: TestCustomer;
  let orderId: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), 'plateia-support-'));
    t = await createTestApp({ smtpUrl: sink.url, siteUrl: 'https://plateia.example', dataDir });
    ana = await createCustomer(t.database.db, { email: 'ana@example.com', namef: 'Ana' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com', namef: 'Bruno' });
    staff = await createCustomer(t.database.db, { email: 'atendimento@example.com', namef: 'Equipe' });
    await execute(t.database.db, sql`INSERT INTO support_staff (customer_id) VALUES (${staff.id})`);
    const event = await seedEvent(t.database.db, festivalInput());
    const order = await selectOne<{ id: number }>(
      t.database.db,
      sql`INSERT INTO orders (number, customer_id, event_id, session_id, subtotal_cents, total_cents, expires_at)
          VALUES ('A1B2C3', ${ana.id}, ${event.id}, 's', 0, 0, now()) RETURNING id`,
    );
    orderId = order?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const create = (who: TestCustomer | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/support/create', payload, headers: who ? bearer(who.token) : {} });
  const base = {
    subject: 'Ingresso não apareceu',
    category: 'ingressos',
    text: 'Comprei e não vejo o ingresso.',
  };

  it('answers 401 without a session', async () => {
    expect((await create(null, base)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/support/list' })).statusCode).toBe(401);
  });

  it('opens a request about an own order with a PNG attachment, and lists it with its status', async () => {
    const res = await create(ana, {
      ...base,
      order_id: orderId,
      attachments: [{ fileName: 'print.png', fileBase64: PNG.toString('base64') }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Suporte aberto com sucesso! Responderemos por aqui e por e-mail.',
    });
    const list = (await t.app.inject({ url: '/support/list', headers: bearer(ana.token) })).json().requests;
    expect(list).toMatchObject([
      { subject: base.subject, categoryLabel: 'Ingressos', status: 'open', orderNumber: 'A1B2C3' },
    ]);
    const thread = (
      await t.app.inject({ url: `/support/${res.json().id}`, headers: bearer(ana.token) })
    ).json();
    expect(thread.messages).toMatchObject([
      { author: 'customer', body: base.text, attachments: [{ fileName: 'print.png', mime: 'image/png' }] },
    ]);
    const attachment = thread.messages[0].attachments[0];
    const file = await t.app.inject({
      url: `/support/${res.json().id}/attachments/${attachment.id}`,
      headers: bearer(ana.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const stolen = await t.app.inject({
      url: `/support/${res.json().id}/attachments/${attachment.id}`,
      headers: bearer(bruno.token),
    });
    expect(stolen.statusCode).toBe(403);
  });

  it("refuses another customer's order, a file that is not what its name says, and bad categories", async () => {
    let res = await create(bruno, { ...base, order_id: orderId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Pedido não encontrado na sua conta.');
    res = await create(ana, {
      ...base,
      attachments: [{ fileName: 'virus.png', fileBase64: Buffer.from('MZ fake exe').toString('base64') }],
    });
    expect(res.statusCode).toBe(415);
    res = await create(ana, { ...base, category: 'hack' });
    expect(res.statusCode).toBe(400);
    res = await create(ana, { ...base, text: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Descreva o que aconteceu.');
    const four = Array.from({ length: 4 }, () => ({ fileName: 'a.png', fileBase64: PNG.toString('base64') }));
    expect((await create(ana, { ...base, attachments: four })).statusCode).toBe(400);
  });

  it("keeps each customer's requests to themselves (403)", async () => {
    const [own] = (await t.app.inject({ url: '/support/list', headers: bearer(ana.token) })).json().requests;
    expect((await t.app.inject({ url: `/support/${own.id}`, headers: bearer(bruno.token) })).statusCode).toBe(
      403,
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: `/support/${own.id}/reply`,
      headers: bearer(bruno.token),
      payload: { text: 'intruso' },
    });
    expect(reply.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/support/999999', headers: bearer(bruno.token) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: '/support/list', headers: bearer(bruno.token) })).json().requests,
    ).toEqual([]);
  });

  it('staff answer through the API (others get 403), the customer is e-mailed, and can reply', async () => {
    const [own] = (await t.app.inject({ url: '/support/list', headers: bearer(ana.token) })).json().requests;
    const staffReply = (who: TestCustomer, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/staff/support/${own.id}/reply`,
        headers: bearer(who.token),
        payload,
      });
    let res = await staffReply(ana, { text: 'Eu mesma respondo' });
    expect(res.statusCode).toBe(403);
    res = await staffReply(staff, { text: 'Olá Ana, o ingresso já está na sua conta <3 & bom show!' });
    expect(res.statusCode).toBe(200);
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0];
    expect(mail?.envelopeTo).toEqual(['ana@example.com']);
    expect(mail?.subject).toBe(`Resposta ao seu suporte: ${base.subject}`);
    expect(mail?.text).toContain('o ingresso já está na sua conta <3 & bom show!');
    expect(mail?.text).toContain(`https://plateia.example/support/${own.id}`);
    expect(mail?.html).toContain('&lt;3 &amp; bom show!');
    let thread = (await t.app.inject({ url: `/support/${own.id}`, headers: bearer(ana.token) })).json();
    expect(thread.request.status).toBe('answered');
    expect(thread.messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'staff']);
    res = await t.app.inject({
      method: 'POST',
      url: `/support/${own.id}/reply`,
      headers: bearer(ana.token),
      payload: { text: 'Obrigada!' },
    });
    expect(res.json().message).toBe('Resposta enviada!');
    thread = (await t.app.inject({ url: `/support/${own.id}`, headers: bearer(ana.token) })).json();
    expect(thread.request.status).toBe('open');
    await staffReply(staff, { text: 'Encerrando.', close: true });
    res = await t.app.inject({
      method: 'POST',
      url: `/support/${own.id}/reply`,
      headers: bearer(ana.token),
      payload: { text: 'Mais uma' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Este suporte foi encerrado. Abra um novo se precisar.');
  });

  it('bounds what one account writes: attachments per request and per account (413), requests per day (429)', async () => {
    const carla = await createCustomer(t.database.db, { email: 'carla@example.com', namef: 'Carla' });
    const opened = await create(carla, base);
    expect(opened.statusCode).toBe(200);
    const requestId = opened.json().id as number;
    const reply = (attachments: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: `/support/${requestId}/reply`,
        payload: { text: 'Mais um print.', attachments },
        headers: bearer(carla.token),
      });
    const png = [{ fileName: 'print.png', fileBase64: PNG.toString('base64') }];
    // What earlier messages stored, as the table records it (a real 20 MB upload is slow to build).
    const stored = (bytes: number, id: number) =>
      execute(
        t.database.db,
        sql`INSERT INTO support_attachments (message_id, file_name, stored_name, mime, size)
            SELECT m.id, 'antigo.pdf', 'antigo', 'application/pdf', ${bytes}
            FROM support_messages m WHERE m.request_id = ${id} ORDER BY m.id LIMIT 1`,
      );
    await stored(20 * 1024 * 1024 - 10, requestId);
    const full = await reply(png);
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toBe(
      'Este suporte já tem 20 MB de anexos. Envie a mensagem sem anexo ou abra outro suporte.',
    );
    // Without an attachment the message still goes.
    expect((await reply([])).statusCode).toBe(200);
    // Another request, but the account already holds 50 MB.
    const second = (await create(carla, base)).json().id as number;
    await stored(30 * 1024 * 1024, second);
    const account = await t.app.inject({
      method: 'POST',
      url: `/support/${second}/reply`,
      payload: { text: 'Outro print.', attachments: png },
      headers: bearer(carla.token),
    });
    expect(account.statusCode).toBe(413);
    expect(account.json().message).toBe(
      'Seus suportes já somam 50 MB de anexos. Envie a mensagem sem anexo.',
    );
    // Ten requests a day: two are open, eight more go, the eleventh waits.
    for (let i = 0; i < 8; i++) expect((await create(carla, base)).statusCode).toBe(200);
    const eleventh = await create(carla, base);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(
      'Você já abriu muitos suportes hoje. Responda nos que estão abertos ou tente amanhã.',
    );
  });
});
