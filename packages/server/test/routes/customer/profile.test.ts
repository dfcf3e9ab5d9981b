import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';

describe('GET /customer/me and POST /customer/edit', () => {
  let t: TestApp;
  let ana: TestCustomer;
  let bruno: TestCustomer;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createCustomer(t.database.db, { email: 'ana@example.com', namef: 'Ana' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com', namef: 'Bruno' });
  });
  afterAll(() => t.close());

  const edit = (token: string | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/customer/edit', payload, headers: token ? bearer(token) : {} });

  it('reads the own record, never the salt or hash', async () => {
    const res = await t.app.inject({ url: '/customer/me', headers: bearer(ana.token) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: ana.id, user: 'ana@example.com', namef: 'Ana', isadmin: '0' });
    expect(JSON.stringify(data)).not.toContain(ana.salt);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/customer/me' })).statusCode).toBe(401);
    const res = await edit(null, { id: ana.id, namef: 'X' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sessão expirada. Faça login novamente.');
  });

  it('saves the spec profile payload, normalised', async () => {
    const res = await edit(ana.token, {
      id: ana.id,
      user: 'ANA@example.com',
      namef: 'Ana',
      namel: 'Souza',
      cpfnpj: '529.982.247-25',
      phone: '(21) 99999-0000',
      nickname: 'aninha',
      gender: 'feminino',
      birth_date: '1990-05-17',
      cep: '20040-020',
      rua: 'Rua da Assembleia',
      numero: '10',
      complemento: 'sala 501',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      uf: 'rj',
      instagram: '@aninha',
      profession: 'Produtora',
      profession_details: 'Festivais',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: ana.id,
      namel: 'Souza',
      cpfnpj: '52998224725',
      cep: '20040020',
      uf: 'RJ',
      birth_date: '1990-05-17',
      cidade: 'Rio de Janeiro',
      profession_details: 'Festivais',
    });
    const me = (await t.app.inject({ url: '/customer/me', headers: bearer(ana.token) })).json().data;
    expect(me.bairro).toBe('Centro');
  });

  it("answers 403 for another customer's id and changes nothing", async () => {
    const res = await edit(ana.token, { id: bruno.id, namef: 'Invasor' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
    const brunoMe = (await t.app.inject({ url: '/customer/me', headers: bearer(bruno.token) })).json().data;
    expect(brunoMe.namef).toBe('Bruno');
  });

  it('refuses bad input in pt-BR', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ namef: 'Sem id' }, 'Campo obrigatório ausente: id.'],
      [{ id: 'abc' }, /id/],
      [{ id: ana.id, cpfnpj: '111.111.111-11' }, 'CPF/CNPJ inválido.'],
      [{ id: ana.id, uf: 'ZZ' }, 'UF inválida.'],
      [{ id: ana.id, birth_date: '2999-01-01' }, 'Data de nascimento inválida.'],
      [{ id: ana.id, user: 'outra@example.com' }, 'O e-mail da conta não pode ser alterado.'],
      [{ id: ana.id, avatar: 'javascript:alert(1)' }, 'Endereço da foto de perfil inválido.'],
      // A picture on a server of the customer's choosing would track who looks at it.
      [
        { id: ana.id, avatar: 'https://rastreador.example/pixel.gif' },
        'Endereço da foto de perfil inválido.',
      ],
      [
        { id: ana.id, avatar: 'https://lh3.googleusercontent.com.evil.example/a' },
        'Endereço da foto de perfil inválido.',
      ],
      [{ id: ana.id, namef: '' }, /nome/],
      [{ id: ana.id, rua: { a: 1 } }, /rua/],
    ];
    for (const [payload, message] of cases) {
      const res = await edit(ana.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('takes a Google account picture as the avatar', async () => {
    const picture = 'https://lh3.googleusercontent.com/a/ACg8ocJ-foto=s96-c';
    const res = await edit(ana.token, { id: ana.id, avatar: picture });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/customer/me', headers: bearer(ana.token) })).json().data;
    expect(me.avatar).toBe(picture);
  });
});
