import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../../src/accounts/passwords.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { type TestClock, testClock } from '../../support/clock.ts';
import { linkIn, mailTo } from '../../support/mailbox.ts';

const UUID = 'b7e1c0de-0000-4000-8000-000000000001';

/** A sign-up payload as the /cadastro page sends it (docs/accounts.md). */
function payload(overrides: Record<string, unknown> = {}) {
  return {
    user: 'joana.silva@example.com',
    namef: 'Joana',
    namel: 'Silva',
    pw: 'segredo123',
    status: 1,
    uidcad: 1,
    cpfnpj: '',
    passport: '',
    phone: '(11) 98765-4321',
    ...overrides,
  };
}

describe('POST /customer/add and e-mail confirmation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/customer/add', payload: body as object });
  /** A sign-up whose body is sent as is, under the given content type. */
  const signUpRaw = (body: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/customer/add',
      payload: body,
      headers: { 'content-type': contentType },
    });
  const saltOf = async (email: string) =>
    (await t.app.inject({ method: 'POST', url: `/getsalt/${encodeURIComponent(email)}/${UUID}` })).json()
      .msg as string;
  const login = async (email: string, password: string) => {
    const salt = await saltOf(email);
    return t.app.inject({
      method: 'POST',
      url: `/login/${encodeURIComponent(email)}/${passwordDigest(salt, password)}/${UUID}/${salt}`,
    });
  };

  it('creates the account with the spec defaults and e-mails a single-use link', async () => {
    const res = await signUp(payload({ status: 7, uidcad: 9, cpfnpj: '529.982.247-25' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, id: expect.any(Number), uploadToken: expect.any(String) });

    const [mail] = await mailTo(t.database.db, 'joana.silva@example.com');
    expect(mail?.subject).toBe('Confirme seu e-mail na Plateia');
    expect(mail?.text).toContain('Olá, Joana!');
    expect(mail?.html).toContain('Confirmar e-mail');
    const link = linkIn(mail?.text ?? '', '/verificar-email');
    expect(link.origin).toBe('http://localhost:4321');
    const token = link.searchParams.get('token') ?? '';

    // Before confirming, login answers 409.
    expect((await login('joana.silva@example.com', 'segredo123')).statusCode).toBe(409);

    const verified = await t.app.inject({ method: 'POST', url: `/customer/verify/${token}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true });
    const again = await t.app.inject({ method: 'POST', url: `/customer/verify/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Link de confirmação inválido ou expirado.');

    const logged = await login('joana.silva@example.com', 'segredo123');
    expect(logged.statusCode).toBe(200);
    expect(logged.json().data).toMatchObject({
      id: body.id,
      user: 'joana.silva@example.com',
      namef: 'Joana',
      namel: 'Silva',
      country: 'Brasil',
      status: 1,
      cpfnpj: '52998224725',
      isadmin: '0',
      email_verified: true,
    });
  });

  it('keeps no password, digest or token in clear in the database', async () => {
    const dump = JSON.stringify(
      await t.database.db.execute(
        'SELECT c.*, s.token_hash, e.token_hash AS link FROM customers c LEFT JOIN sessions s ON s.customer_id = c.id LEFT JOIN email_tokens e ON e.customer_id = c.id',
      ),
    );
    expect(dump).not.toContain('segredo123');
    const [row] = (
      (await t.database.db.execute(
        "SELECT salt, password_hash FROM customers WHERE email = 'joana.silva@example.com'",
      )) as unknown as {
        rows: { salt: string; password_hash: string }[];
      }
    ).rows;
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(dump).not.toContain(passwordDigest(row?.salt ?? '', 'segredo123'));
  });

  it('answers 408 "Usuário já existe" for an existing e-mail in any case', async () => {
    const res = await signUp(payload({ user: 'JOANA.SILVA@example.com' }));
    expect(res.statusCode).toBe(408);
    expect(res.json()).toEqual({ error: 'user_exists', message: 'Usuário já existe' });
  });

  it('answers 408 to the loser when two sign-ups race for one e-mail', async () => {
    const [a, b] = await Promise.all([
      signUp(payload({ user: 'corrida@example.com' })),
      signUp(payload({ user: 'corrida@example.com' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 408]);
  });

  it('checks CPF and CNPJ check digits when given', async () => {
    const bad = await signUp(payload({ user: 'cpf.ruim@example.com', cpfnpj: '529.982.247-24' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('CPF/CNPJ inválido.');
    const cnpj = await signUp(payload({ user: 'empresa@example.com', cpfnpj: '11.222.333/0001-81' }));
    expect(cnpj.statusCode).toBe(200);
  });

  it('refuses malformed e-mails, missing fields and wrong types in pt-BR', async () => {
    const cases: [unknown, RegExp | string][] = [
      [payload({ user: 'joana@' }), 'Endereço de e-mail inválido'],
      [payload({ user: 'jo ana@example.com' }), 'Endereço de e-mail inválido'],
      [{ user: 'sem.senha@example.com', namef: 'Sem' }, 'Campo obrigatório ausente: senha.'],
      [payload({ namef: undefined, user: 'sem.nome@example.com' }), 'Campo obrigatório ausente: nome.'],
      [payload({ namef: '   ', user: 'so.espaco@example.com' }), 'Campo obrigatório ausente: nome.'],
      [payload({ namef: { a: 1 }, user: 'objeto@example.com' }), /nome/],
      [payload({ pw: '123', user: 'curta@example.com' }), 'Campo senha curto demais.'],
      [payload({ status: 'ativo', user: 'status@example.com' }), /status/],
      [payload({ user: 'uf@example.com', uf: 'XX' }), 'UF inválida.'],
      [payload({ user: 'cep@example.com', cep: '123' }), 'CEP inválido.'],
      [payload({ user: 'data@example.com', birth_date: '2001-02-30' }), 'Data de nascimento inválida.'],
      [payload({ user: `${'a'.repeat(300)}@example.com` }), /e-mail/],
    ];
    for (const [body, message] of cases) {
      const res = await signUp(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 4xx, never 500, to non-JSON and oversized bodies', async () => {
    const text = await signUpRaw('user=x', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/inválid/);
    const xml = await signUpRaw('<user/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe('Formato de conteúdo não suportado.');
    const broken = await signUpRaw('{"user":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/inválid/);
    const huge = await signUp(
      payload({ user: 'grande@example.com', profession_details: 'x'.repeat(8 * 1024 * 1024) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('O conteúdo enviado é grande demais.');
  });

  it('refuses unknown and malformed verification tokens', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: `/customer/verify/${'a'.repeat(43)}` });
    expect(unknown.statusCode).toBe(400);
    const tricky = await t.app.inject({ method: 'POST', url: '/customer/verify/..%2F..%2Fetc%2Fpasswd' });
    expect(tricky.statusCode).toBe(400);
  });
});

describe('sign-up links and grants expire', () => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock: clock.now });
  });
  afterAll(() => t.close());

  it('refuses a confirmation link after 7 days and an upload grant after 30 minutes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/customer/add',
      payload: { user: 'tarde@example.com', namef: 'Tarde', pw: 'segredo123' },
    });
    const { id, uploadToken } = res.json();
    const [mail] = await mailTo(t.database.db, 'tarde@example.com');
    const token = linkIn(mail?.text ?? '', '/verificar-email').searchParams.get('token');

    clock.advance(30 * 60 * 1000 + 1);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/customer-upload-document',
      headers: { authorization: `Bearer ${uploadToken}` },
      payload: { customerId: id, documentType: 'document', fileBase64: 'JVBERi0xLjQK', fileName: 'rg.pdf' },
    });
    expect(upload.statusCode).toBe(401);

    clock.advance(7 * 24 * 60 * 60 * 1000);
    const verify = await t.app.inject({ method: 'POST', url: `/customer/verify/${token}` });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().message).toBe('Link de confirmação inválido ou expirado.');
  });
});
