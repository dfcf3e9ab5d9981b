import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, selectOne } from '../../../src/db/sql.ts';
import { festivalInput, seedEvent } from '../../catalogue/fixtures.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';

describe('GET /customer/export ("Baixar meus dados")', () => {
  let t: TestApp;
  let ana: TestCustomer;
  let bruno: TestCustomer;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createCustomer(t.database.db, { email: 'ana@example.com', namef: 'Ana' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com', namef: 'Bruno' });
    const event = await seedEvent(t.database.db, festivalInput());
    const order = await selectOne<{ id: number }>(
      t.database.db,
      sql`INSERT INTO orders (number, customer_id, event_id, session_id, subtotal_cents, total_cents, expires_at)
          VALUES ('ANA001', ${ana.id}, ${event.id}, 'sessao-secreta', 5000, 5500, now()) RETURNING id`,
    );
    await execute(
      t.database.db,
      sql`INSERT INTO orders (number, customer_id, event_id, session_id, subtotal_cents, total_cents, expires_at)
          VALUES ('BRU001', ${bruno.id}, ${event.id}, 's', 100, 110, now())`,
    );
    expect(order).not.toBeNull();
    const call = (who: TestCustomer, path: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: path, payload, headers: bearer(who.token) });
    expect(
      (await call(ana, '/friendly/add', { from_customer_id: ana.id, to_customer_user: 'bruno@example.com' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(ana, '/support/create', {
          subject: 'Dúvida',
          category: 'outro',
          text: 'Quando abrem os portões?',
        })
      ).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/customer/export' })).statusCode).toBe(401);
  });

  it("gives the customer everything held about them, as a file, and nothing of anyone else's", async () => {
    const res = await t.app.inject({ url: '/customer/export', headers: bearer(ana.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="plateia-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.conta).toMatchObject({ id: ana.id, email: 'ana@example.com', namef: 'Ana', tem_senha: true });
    expect(data.pedidos.map((order: { number: string }) => order.number)).toEqual(['ANA001']);
    expect(data.amigos).toEqual([
      expect.objectContaining({ status: 2, direction: 'enviado', friend_email: 'bruno@example.com' }),
    ]);
    expect(data.suportes).toEqual([expect.objectContaining({ subject: 'Dúvida' })]);
    expect(data.suportes_mensagens).toEqual([
      expect.objectContaining({ body: 'Quando abrem os portões?', author: 'customer', attachments: [] }),
    ]);
    expect(data.sessoes.length).toBeGreaterThanOrEqual(1);
    for (const section of [
      'ingressos',
      'transferencias',
      'revendas',
      'reembolsos',
      'carteira_extrato',
      'mensagens',
    ]) {
      expect(Array.isArray(data[section]), section).toBe(true);
    }
    // Nothing that would let someone act as the customer, nor the host's file paths.
    const text = res.body;
    for (const secret of [
      'password_hash',
      'salt',
      'token_hash',
      'document_path',
      'sessao-secreta',
      ana.token,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toContain('BRU001');
  });
});
