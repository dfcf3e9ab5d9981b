import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { linkIn } from '../support/mailbox.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';

describe('e-mail through SMTP_URL', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'plateia', pass: 's3nh@ smtp' });
    t = await createTestApp({
      smtpUrl: sink.url,
      siteUrl: 'https://plateia.example',
      mailFrom: 'Plateia <oi@plateia.example>',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sends the pt-BR confirmation as text and HTML through an authenticated SMTP server', async () => {
    expect(t.app.mailer.kind).toBe('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/customer/add',
      payload: { user: 'lucas@example.com', namef: 'Lucas <b>', namel: 'Lima', pw: 'segredo123' },
    });
    expect(res.statusCode).toBe(200);
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0];
    expect(mail?.authUser).toBe('plateia');
    expect(mail?.envelopeTo).toEqual(['lucas@example.com']);
    expect(mail?.from?.address).toBe('oi@plateia.example');
    expect(mail?.subject).toBe('Confirme seu e-mail na Plateia');
    expect(mail?.text).toContain('Olá, Lucas <b>!');
    // The name is escaped in HTML.
    expect(mail?.html).toContain('Olá, Lucas &lt;b&gt;!');
    expect(mail?.html).toContain('lang="pt-BR"');
    const link = linkIn(mail?.text ?? '', '/verificar-email');
    expect(link.origin).toBe('https://plateia.example');
    expect(mail?.html).toContain(link.searchParams.get('token'));

    const verified = await t.app.inject({
      method: 'POST',
      url: `/customer/verify/${link.searchParams.get('token')}`,
    });
    expect(verified.statusCode).toBe(200);
    // Nothing went to the development mailbox.
    expect(
      (await t.database.db.execute('SELECT count(*)::int AS n FROM mailbox_messages')) as unknown,
    ).toMatchObject({
      rows: [{ n: 0 }],
    });
  });

  it('sends the recovery link with the e-mail in the query', async () => {
    await t.app.inject({ method: 'POST', url: '/pwrecovery/lucas@example.com' });
    const mail = sink.messages.at(-1);
    expect(mail?.subject).toBe('Recuperação de senha da Plateia');
    const link = linkIn(mail?.text ?? '', '/recuperar-senha');
    expect(link.searchParams.get('email')).toBe('lucas@example.com');
    const salt = (await t.app.inject({ method: 'POST', url: '/getsalt/lucas@example.com/abc-123' })).json()
      .msg;
    const res = await t.app.inject({
      method: 'POST',
      url: `/recovery/${link.searchParams.get('token')}/${passwordDigest(salt, 'nova-senha')}`,
    });
    expect(res.statusCode).toBe(200);
  });
});
