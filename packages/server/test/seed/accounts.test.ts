import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/seed/accounts.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('demo seed: accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = async (email: string) => {
    const salt = (await t.app.inject({ method: 'POST', url: `/getsalt/${email}/seed` })).json().msg;
    return t.app.inject({
      method: 'POST',
      url: `/login/${email}/${passwordDigest(salt, DEMO_PASSWORD)}/seed/${salt}`,
    });
  };

  it('creates the demo logins once, however often it runs', async () => {
    const first = await seedDemo(t.database);
    const second = await seedDemo(t.database);
    expect(second.accounts).toEqual(first.accounts);
    expect(Object.keys(first.accounts).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const count = (await t.database.db.execute('SELECT count(*)::int AS n FROM customers')) as unknown as {
      rows: { n: number }[];
    };
    expect(count.rows[0]?.n).toBe(5);
  });

  it('lets the customer and the producer log in with plateia123', async () => {
    const cliente = await login('cliente@plateia.dev');
    expect(cliente.statusCode).toBe(200);
    expect(cliente.json().data).toMatchObject({ isadmin: '0', namef: 'Carla' });
    const produtor = await login('produtor@plateia.dev');
    expect(produtor.statusCode).toBe(200);
    expect(produtor.json().data.isadmin).toBe('1');
    for (const account of DEMO_ACCOUNTS.slice(2)) expect((await login(account.email)).statusCode).toBe(200);
  });
});
