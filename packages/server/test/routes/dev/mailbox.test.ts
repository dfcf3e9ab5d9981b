import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';

describe('GET /dev/mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'development' });
  });
  afterAll(() => t.close());

  it('lists kept e-mails newest first, with text and HTML', async () => {
    expect(t.app.mailer.kind).toBe('mailbox');
    await t.app.mailer.send({ to: 'a@example.com', subject: 'Primeiro', text: 'um', html: '<p>um</p>' });
    await t.app.mailer.send({ to: 'b@example.com', subject: 'Segundo', text: 'dois', html: '<p>dois</p>' });
    const res = await t.app.inject({ url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Segundo', 'Primeiro']);
    expect(messages[0]).toMatchObject({ to: 'b@example.com', text: 'dois', html: '<p>dois</p>' });
    expect(Number.isNaN(Date.parse(messages[0].createdAt))).toBe(false);
  });

  it('answers only a connection from this machine, whatever X-Forwarded-For says', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ url: '/dev/mailbox', remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    const remote = await t.app.inject({
      url: '/dev/mailbox',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ error: 'not_found', message: 'Recurso não encontrado.' });
  });
});

describe('GET /dev/mailbox in the test environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'test' });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

describe('GET /dev/mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'production', smtpUrl: undefined });
  });
  afterAll(() => t.close());

  it('does not exist, and mail is never kept in the database', async () => {
    const res = await t.app.inject({ url: '/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(t.app.mailer.kind).toBe('unconfigured');
    await expect(
      t.app.mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow(/SMTP_URL/);
  });
});
