import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../../src/accounts/passwords.ts';
import type { Mailer } from '../../../src/mail/index.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { type TestClock, testClock } from '../../support/clock.ts';
import { linkIn, mailTo } from '../../support/mailbox.ts';

const UUID = 'c0ffee00-0000-4000-8000-000000000002';

describe('password recovery', () => {
  let t: TestApp;
  let clock: TestClock;
  let ana: TestCustomer;
  let pendente: TestCustomer;

  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock: clock.now });
    ana = await createCustomer(t.database.db, {
      email: 'ana@example.com',
      namef: 'Ana',
      password: 'antiga123',
    });
    pendente = await createCustomer(t.database.db, { email: 'pendente@example.com', verified: false });
  });
  afterAll(() => t.close());

  const pwrecovery = (email: string) =>
    t.app.inject({ method: 'POST', url: `/pwrecovery/${encodeURIComponent(email)}` });
  const recover = (token: string, value: string) =>
    t.app.inject({ method: 'POST', url: `/recovery/${encodeURIComponent(token)}/${value}` });
  const login = (who: TestCustomer, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `/login/${who.email}/${passwordDigest(who.salt, password)}/${UUID}/${who.salt}`,
    });

  it('answers 200 alike for unknown e-mails and sends nothing', async () => {
    const res = await pwrecovery('ninguem@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Um e-mail foi enviado para você em: ninguem@example.com',
    });
    expect(await mailTo(t.database.db, 'ninguem@example.com')).toHaveLength(0);
  });

  it('refuses a malformed e-mail', async () => {
    const res = await pwrecovery('nao-e-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Endereço de e-mail inválido');
  });

  it('e-mails a one-hour single-use link that sets the new password and signs out elsewhere', async () => {
    expect((await pwrecovery('ANA@example.com')).statusCode).toBe(200);
    const mails = await mailTo(t.database.db, 'ana@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Recuperação de senha da Plateia');
    expect(mails[0]?.text).toContain('O link vale por 1 hora');
    const link = linkIn(mails[0]?.text ?? '', '/recuperar-senha');
    expect(link.searchParams.get('email')).toBe('ana@example.com');
    const token = link.searchParams.get('token') ?? '';

    // Within a minute a second request sends nothing new (the one-minute wait, docs/accounts.md).
    clock.advance(30_000);
    expect((await pwrecovery('ana@example.com')).statusCode).toBe(200);
    expect(await mailTo(t.database.db, 'ana@example.com')).toHaveLength(1);

    const res = await recover(token, passwordDigest(ana.salt, 'nova-senha'));
    expect(res.statusCode).toBe(200);
    const [user] = res.json();
    expect(user).toMatchObject({ id: ana.id, user: 'ana@example.com', namef: 'Ana' });

    expect((await login(ana, 'nova-senha')).statusCode).toBe(200);
    expect((await login(ana, 'antiga123')).statusCode).toBe(401);
    // The session opened before the change no longer works.
    expect((await t.app.inject({ url: '/customer/me', headers: bearer(ana.token) })).statusCode).toBe(401);

    const reused = await recover(token, passwordDigest(ana.salt, 'outra'));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'Link de recuperação inválido ou expirado. Peça um novo e-mail de recuperação.',
    );
  });

  it('refuses a link older than one hour', async () => {
    clock.advance(61_000);
    await pwrecovery('ana@example.com');
    const [newest] = await mailTo(t.database.db, 'ana@example.com');
    const token = linkIn(newest?.text ?? '', '/recuperar-senha').searchParams.get('token') ?? '';
    clock.advance(60 * 60 * 1000 + 1);
    expect((await recover(token, passwordDigest(ana.salt, 'tarde'))).statusCode).toBe(400);
  });

  it('confirms the e-mail of an unverified account that recovers its password', async () => {
    await pwrecovery(pendente.email);
    const [mail] = await mailTo(t.database.db, pendente.email);
    const token = linkIn(mail?.text ?? '', '/recuperar-senha').searchParams.get('token') ?? '';
    expect((await recover(token, passwordDigest(pendente.salt, 'agora-vai'))).statusCode).toBe(200);
    expect((await login(pendente, 'agora-vai')).statusCode).toBe(200);
  });

  it('refuses malformed tokens and values', async () => {
    expect((await recover('curto', passwordDigest('a', 'b'))).statusCode).toBe(400);
    expect((await recover('a'.repeat(43), 'nao-md5')).statusCode).toBe(400);
  });
});

describe('password recovery when mail fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    const failing: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('connection refused');
      },
      close: async () => {},
    };
    t = await createTestApp({}, { mailer: failing });
    await createCustomer(t.database.db, { email: 'ana@example.com' });
  });
  afterAll(() => t.close());

  it("answers the spec's pt-BR failure, not a 500", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/pwrecovery/ana@example.com' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Erro ao enviar email, tente novamente');
  });
});
