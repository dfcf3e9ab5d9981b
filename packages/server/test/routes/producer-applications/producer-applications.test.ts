import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../src/db/sql.ts';
import { bearer, createCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { type SmtpSink, startSmtpSink } from '../../support/smtp-sink.ts';

describe('POST /producer-applications', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, producerTeamEmail: 'time-produtores@plateia.example' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const apply = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/producer-applications', payload, headers });
  const valid = {
    name: 'Beatriz <Produções>',
    email: ' Bia@Example.com ',
    phone: '(11) 98888-7777',
    company: 'Bia Eventos & Cia',
    city: 'Campinas',
    audience: '500-2000',
    event: 'Festa junina com 3 palcos',
  };

  it('stores the application and e-mails the producer team, never a visitor-typed address', async () => {
    const res = await apply(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message:
        'Recebemos sua solicitação! Nossa equipe de produtores entrará em contato em até 2 dias úteis.',
    });
    const rows = await selectRows<{ email: string; audience: string; customer_id: number | null }>(
      t.database.db,
      sql`SELECT email, audience, customer_id FROM producer_applications`,
    );
    expect(rows).toEqual([{ email: 'bia@example.com', audience: '500-2000', customer_id: null }]);
    const team = sink.messages.find((m) => m.envelopeTo.includes('time-produtores@plateia.example'));
    expect(team?.subject).toContain('Beatriz <Produções>');
    expect(team?.text).toContain('Público esperado: De 500 a 2.000 pessoas');
    expect(team?.html).toContain('Bia Eventos &amp; Cia');
    expect(team?.html).not.toContain('<Produções>');
    // A visitor's address is anyone's: Plateia does not write to it (it was a relay for
    // a message opening with the sender's own text).
    expect(sink.messages.some((m) => m.envelopeTo.includes('bia@example.com'))).toBe(false);
  });

  it("confirms to the applicant's own verified address, in fixed text only", async () => {
    const rui = await createCustomer(t.database.db, { email: 'rui@example.com' });
    const res = await apply(
      { ...valid, name: 'Ganhe um prêmio em http://golpe.example', email: 'rui@example.com' },
      bearer(rui.token),
    );
    expect(res.statusCode).toBe(200);
    await expect.poll(() => sink.messages.some((m) => m.envelopeTo.includes('rui@example.com'))).toBe(true);
    const confirmation = sink.messages.find((m) => m.envelopeTo.includes('rui@example.com'));
    expect(confirmation?.subject).toBe('Recebemos sua solicitação | Plateia para produtores');
    expect(confirmation?.text).not.toContain('golpe');
    expect(confirmation?.html).not.toContain('golpe');
  });

  it("sends nothing to another address a signed-in customer types, nor to an unverified account's", async () => {
    const ivo = await createCustomer(t.database.db, { email: 'ivo@example.com' });
    const novo = await createCustomer(t.database.db, { email: 'novo@example.com', verified: false });
    expect((await apply({ ...valid, email: 'vitima@example.com' }, bearer(ivo.token))).statusCode).toBe(200);
    expect((await apply({ ...valid, email: 'novo@example.com' }, bearer(novo.token))).statusCode).toBe(200);
    const team = () =>
      sink.messages.filter((m) => m.envelopeTo.includes('time-produtores@plateia.example')).length;
    await expect.poll(team).toBeGreaterThanOrEqual(3);
    expect(sink.messages.some((m) => m.envelopeTo.includes('vitima@example.com'))).toBe(false);
    expect(sink.messages.some((m) => m.envelopeTo.includes('novo@example.com'))).toBe(false);
  });

  it('takes at most three applications naming one address a day (429 in pt-BR)', async () => {
    const same = { ...valid, email: 'limite@example.com' };
    for (let i = 0; i < 3; i++) expect((await apply(same)).statusCode).toBe(200);
    const refused = await apply(same);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Já recebemos solicitações deste e-mail hoje. Nossa equipe vai entrar em contato; se precisar, tente de novo amanhã.',
    );
    expect((await apply({ ...valid, email: 'outro@example.com' })).statusCode).toBe(200);
  });

  it('links the application to the logged-in customer', async () => {
    const ana = await createCustomer(t.database.db, { email: 'ana@example.com' });
    expect((await apply({ ...valid, email: 'ana@example.com' }, bearer(ana.token))).statusCode).toBe(200);
    const [row] = await selectRows<{ customer_id: number }>(
      t.database.db,
      sql`SELECT customer_id FROM producer_applications WHERE email = 'ana@example.com'`,
    );
    expect(row?.customer_id).toBe(ana.id);
  });

  it('refuses bad input with 400 and a pt-BR message', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...valid, email: 'nao-e-email' }, 'Endereço de e-mail inválido'],
      [{ ...valid, phone: '12345678' }, 'Informe um telefone com DDD.'],
      [{ ...valid, name: '   ' }, 'Informe seu nome.'],
      [{ ...valid, audience: 'enorme' }, /inválido/],
      [{ ...valid, event: undefined }, /obrigatório/],
    ];
    for (const [payload, message] of cases) {
      const res = await apply(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});
