import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../src/accounts/passwords.ts';
import { execute } from '../src/db/sql.ts';
import { loggableError, redactText, redactUrl } from '../src/logging.ts';
import { bearer, createCustomer, type TestCustomer } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { linkIn, mailTo } from './support/mailbox.ts';

describe('redactUrl', () => {
  it('hides the segments of secret-carrying paths and every query', () => {
    expect(redactUrl('/login/ana%40example.com/0123/uuid/salt')).toBe('/login/[redacted]');
    expect(redactUrl('/getsalt/ana@example.com/uuid')).toBe('/getsalt/[redacted]');
    expect(redactUrl('/recovery/tok/digest')).toBe('/recovery/[redacted]');
    expect(redactUrl('/customer/verify/tok')).toBe('/customer/verify/[redacted]');
    expect(redactUrl('/auth/google/callback?code=abc&state=def')).toBe('/auth/google/callback?[redacted]');
    expect(redactUrl('/health')).toBe('/health');
    expect(redactUrl('/payments/webhooks/pix/whsecSEGREDO/pix')).toBe('/payments/webhooks/pix/[redacted]');
  });

  it('hides the same paths and secret parameters quoted inside a text', () => {
    expect(
      redactText(
        'PUT http://psp.local/webhook/k {"webhookUrl":"https://api.x/payments/webhooks/pix/whsecS"}',
      ),
    ).toBe('PUT http://psp.local/webhook/k {"webhookUrl":"https://api.x/payments/webhooks/pix/[redacted]"}');
    expect(redactText('GET https://x/recuperar-senha?token=abc&x=1 failed')).toBe(
      'GET https://x/recuperar-senha?token=[redacted]&x=1 failed',
    );
    expect(redactText('https://x/auth/callback#token=abc')).toBe('https://x/auth/callback#token=[redacted]');
  });
});

describe('log output', () => {
  const lines: string[] = [];
  let t: TestApp;
  let ana: TestCustomer;

  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'trace' },
      {
        logStream: { write: (line) => lines.push(line) },
        extend(app) {
          // A real failing query: drizzle's error message lists the parameters.
          app.get('/explode', async () => {
            await execute(
              app.database.db,
              sql`INSERT INTO customers (email, salt, isadmin) VALUES (${'x@example.com'}, ${'SAL-SECRETO-NO-LOG'}, ${'9'})`,
            );
            return {};
          });
          // A database error whose own text quotes the value it refused.
          app.get('/explode-value', async () => {
            await execute(app.database.db, sql`SELECT ${'VALOR-SECRETO-NO-LOG'}::integer`);
            return {};
          });
          // A domain that logs a database error itself (unique violation: its detail holds the
          // duplicated e-mail) and carries on.
          app.get('/logged-duplicate', async (request) => {
            try {
              await execute(
                app.database.db,
                sql`INSERT INTO customers (email, salt, isadmin) VALUES (${'ana.logs@example.com'}, ${'s'}, ${'0'})`,
              );
            } catch (error) {
              request.log.warn({ err: error }, 'duplicate');
            }
            return {};
          });
        },
      },
    );
    ana = await createCustomer(t.database.db, { email: 'ana.logs@example.com', password: 'plateia123' });
  });
  afterAll(() => t.close());

  it('never holds an e-mail in a path, a digest, a salt, a token or a document', async () => {
    const digest = passwordDigest(ana.salt, 'plateia123');
    await t.app.inject({ method: 'POST', url: `/getsalt/${ana.email}/uuid-1` });
    const login = await t.app.inject({
      method: 'POST',
      url: `/login/${ana.email}/${digest}/uuid-1/${ana.salt}`,
    });
    const { token } = login.json();
    await t.app.inject({ method: 'POST', url: `/login/${ana.email}/${'0'.repeat(32)}/uuid-1/${ana.salt}` });
    await t.app.inject({ url: '/customer/me', headers: bearer(token) });
    const fileBase64 = Buffer.from('%PDF-1.4 documento secreto de identidade').toString('base64');
    await t.app.inject({
      method: 'POST',
      url: '/customer-upload-document',
      headers: bearer(token),
      payload: { customerId: ana.id, documentType: 'document', fileBase64, fileName: 'rg.pdf' },
    });
    // A malformed upload makes the framework log a client error.
    await t.app.inject({
      method: 'POST',
      url: '/customer-upload-document',
      headers: bearer(token),
      payload: { customerId: 'x', fileBase64 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/customer/add',
      payload: { user: 'novo.logs@example.com', namef: 'Novo', pw: 'senha-em-claro' },
    });
    await t.app.inject({ method: 'POST', url: `/pwrecovery/${ana.email}` });
    const [mail] = await mailTo(t.database.db, ana.email);
    const recoveryToken = linkIn(mail?.text ?? '', '/recuperar-senha').searchParams.get('token') ?? '';
    await t.app.inject({ method: 'POST', url: `/recovery/${recoveryToken}/${digest}` });
    await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(token) });

    const exploded = await t.app.inject({ url: '/explode' });
    expect(exploded.statusCode).toBe(500);
    expect(exploded.json().message).toBe('Erro interno, tente novamente.');
    expect((await t.app.inject({ url: '/explode-value' })).statusCode).toBe(500);
    expect((await t.app.inject({ url: '/logged-duplicate' })).statusCode).toBe(200);
    const webhookSecret = t.app.config.paymentSettings.pixWebhookSecret;
    await t.app.inject({
      method: 'POST',
      url: `/payments/webhooks/pix/${webhookSecret}/pix`,
      payload: { pix: [{ txid: 'nao-existe', endToEndId: 'E1', valor: '1.00' }] },
    });
    await t.app.inject({ method: 'POST', url: `/payments/webhooks/pix/${webhookSecret}x/pix`, payload: {} });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('Failed query');
    expect(log).toContain('/login/[redacted]');
    expect(log).toContain('/payments/webhooks/pix/[redacted]');
    expect(log).toContain('database error 22P02');
    expect(log).toContain('"constraint":"customers_email');
    for (const secret of [
      digest,
      ana.salt,
      token,
      recoveryToken,
      fileBase64,
      'senha-em-claro',
      ana.email,
      'novo.logs@example.com',
      'documento secreto',
      'SAL-SECRETO-NO-LOG',
      'VALOR-SECRETO-NO-LOG',
      webhookSecret,
      'already exists',
      'invalid input syntax',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

describe('loggableError', () => {
  it('cuts query parameters from messages, stacks and causes', () => {
    const cause = Object.assign(new Error('violates check constraint'), { code: '23514' });
    const error = new Error('Failed query: insert into "customers" values ($1)\nparams: segredo', { cause });
    const logged = loggableError(error);
    expect(JSON.stringify(logged)).not.toContain('segredo');
    expect(logged.message).toBe('Failed query: insert into "customers" values ($1)');
    expect(logged.stack).toContain('logging.test.ts');
    expect(logged.cause).toMatchObject({ message: 'violates check constraint', code: '23514' });
  });
});
