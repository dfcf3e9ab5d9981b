import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../../src/db/sql.ts';
import { FRIEND_REQUESTS_PER_HOUR } from '../../../src/routes/friends/index.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';

describe('friendly calls', () => {
  let t: TestApp;
  let ana: TestCustomer;
  let bruno: TestCustomer;
  let carla: TestCustomer;
  let davi: TestCustomer;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createCustomer(t.database.db, { email: 'ana@example.com', namef: 'Ana' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com', namef: 'Bruno' });
    carla = await createCustomer(t.database.db, { email: 'carla@example.com', namef: 'Carla' });
    davi = await createCustomer(t.database.db, { email: 'davi@example.com', namef: 'Davi' });
  });
  afterAll(() => t.close());

  const call = (path: string, who: TestCustomer | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/friendly/${path}`,
      payload,
      headers: who ? bearer(who.token) : {},
    });
  const list = async (who: TestCustomer, status: 1 | 2) => {
    const res = await call('list', who, { customerid: who.id, status });
    expect(res.statusCode).toBe(200);
    return res.json().friendships as Array<{
      id: number;
      status: number;
      direction: string;
      chatRoomId: string | null;
      friend: { id: number; user: string; namef: string; public: boolean };
    }>;
  };

  it('answers 401 without a session and 403 for another customer id on every call', async () => {
    expect((await call('list', null, { customerid: ana.id, status: 1 })).statusCode).toBe(401);
    const forbidden = [
      call('list', ana, { customerid: bruno.id, status: 1 }),
      call('accept', ana, { id: 1, customerid: bruno.id }),
      call('del', ana, { id: 1, customerid: bruno.id, to_customer_id: ana.id }),
      call('add', ana, { from_customer_id: bruno.id, to_customer_user: 'carla@example.com' }),
      call('update', ana, { customerid: bruno.id, friendly_accept: 2 }),
      call('ispublic', ana, { customerid: bruno.id }),
    ];
    for (const res of await Promise.all(forbidden)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
    expect(await list(carla, 2)).toEqual([]);
  });

  it('refuses bad input with 400 in pt-BR', async () => {
    const res = await call('list', ana, { customerid: ana.id, status: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/inválido/);
    expect((await call('add', ana, { from_customer_id: ana.id })).statusCode).toBe(400);
  });

  it('adds: 404 unknown, 400 own e-mail, success, 400 pending either way', async () => {
    let res = await call('add', ana, { from_customer_id: ana.id, to_customer_user: 'ninguem@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Usuário não localizado!');

    res = await call('add', ana, { from_customer_id: ana.id, to_customer_user: '  ANA@example.com ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Você não pode adicionar você mesmo como amigo');

    res = await call('add', ana, { from_customer_id: ana.id, to_customer_user: ' Bruno@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Pedido enviado com sucesso!');

    for (const [who, email] of [
      [ana, 'bruno@example.com'],
      [bruno, 'ana@example.com'],
    ] as const) {
      res = await call('add', who, { from_customer_id: who.id, to_customer_user: email });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Vocês já são amigos ou o convite está pendente!');
    }
    const anaPending = await list(ana, 2);
    expect(anaPending).toMatchObject([
      { status: 2, direction: 'sent', friend: { id: bruno.id, namef: 'Bruno' } },
    ]);
    expect(await list(bruno, 2)).toMatchObject([{ direction: 'received', friend: { id: ana.id } }]);
  });

  it('accepts: 403 for the sender, success for the addressee, then 400; 404 for strangers', async () => {
    const [request] = await list(bruno, 2);
    if (!request) throw new Error('no request');
    let res = await call('accept', ana, { id: request.id, customerid: ana.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não pode aceitar essa amizade!');

    res = await call('accept', carla, { id: request.id, customerid: carla.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Amizade não encontrada!');

    res = await call('accept', bruno, { id: request.id, customerid: bruno.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Amizade aceita com sucesso!');

    res = await call('accept', bruno, { id: request.id, customerid: bruno.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Vocês já são amigos!');

    expect(await list(ana, 2)).toEqual([]);
    const [friend] = await list(ana, 1);
    expect(friend).toMatchObject({
      status: 1,
      friend: { id: bruno.id },
      chatRoomId: `dm-${ana.id}-${bruno.id}`,
    });
    res = await call('add', ana, { from_customer_id: ana.id, to_customer_user: 'bruno@example.com' });
    expect(res.statusCode).toBe(400);
  });

  it('public-profile setting: default 1, saved, and a request to a non-public profile answers 403 but is stored', async () => {
    let res = await call('ispublic', carla, { customerid: carla.id });
    expect(res.json()).toMatchObject({ friendly_accept: 1 });
    res = await call('update', carla, { customerid: carla.id, friendly_accept: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Configurações salvas com sucesso!');
    res = await call('ispublic', carla, { customerid: carla.id });
    expect(res.json()).toMatchObject({ friendly_accept: 2 });

    res = await call('add', ana, { from_customer_id: ana.id, to_customer_user: 'carla@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'not_public', message: 'Pedido solicitado!' });
    // The requester sees only the e-mail it typed; the addressee sees who asked.
    const [sent] = await list(ana, 2);
    expect(sent).toMatchObject({
      direction: 'sent',
      friend: { user: 'carla@example.com', namef: '', public: false },
    });
    const [received] = await list(carla, 2);
    expect(received).toMatchObject({ direction: 'received', friend: { id: ana.id, namef: 'Ana' } });
  });

  it('denies: 400 member mismatch, success, then 404', async () => {
    const [received] = await list(carla, 2);
    if (!received) throw new Error('no request');
    let res = await call('del', carla, {
      id: received.id,
      customerid: carla.id,
      to_customer_id: davi.id,
      status: 2,
    });
    expect(res.statusCode).toBe(400);
    res = await call('del', carla, {
      id: received.id,
      customerid: carla.id,
      to_customer_id: ana.id,
      status: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Amizade recusada com sucesso!');
    res = await call('del', carla, {
      id: received.id,
      customerid: carla.id,
      to_customer_id: ana.id,
      status: 2,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Amizade não encontrada!');
    expect(await list(ana, 2)).toEqual([]);
  });

  it('deny of an accepted friendship answers 400 "Vocês já são amigos!"; delete removes it', async () => {
    const [friend] = await list(bruno, 1);
    if (!friend) throw new Error('no friend');
    let res = await call('del', bruno, {
      id: friend.id,
      customerid: bruno.id,
      to_customer_id: ana.id,
      status: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Vocês já são amigos!');
    res = await call('del', davi, { id: friend.id, customerid: davi.id, to_customer_id: ana.id });
    expect(res.statusCode).toBe(404);
    res = await call('del', bruno, {
      id: friend.id,
      customerid: bruno.id,
      to_customer_id: ana.id,
      status: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Amizade removida com sucesso!');
    expect(await list(ana, 1)).toEqual([]);
  });

  it('never answers 500 to odd input', async () => {
    const bodies = [
      { from_customer_id: ana.id, to_customer_user: 'x\u0000@example.com' },
      { from_customer_id: ana.id, to_customer_user: '<script>@x' },
      { from_customer_id: '1e3', to_customer_user: 'a@b.c' },
    ];
    for (const body of bodies) {
      const res = await call('add', ana, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('takes at most 20 friend requests an hour from one account, so nobody walks a list of e-mails through it', async () => {
    const eva = await createCustomer(t.database.db, { email: 'eva@example.com', namef: 'Eva' });
    for (let i = 0; i < FRIEND_REQUESTS_PER_HOUR; i++) {
      const res = await call('add', eva, {
        from_customer_id: eva.id,
        to_customer_user: `ninguem${i}@example.com`,
      });
      expect(res.statusCode).toBe(404);
    }
    const refused = await call('add', eva, { from_customer_id: eva.id, to_customer_user: 'ana@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Você enviou muitos pedidos de amizade em pouco tempo. Aguarde um pouco e tente novamente.',
    );
    // Another account is counted on its own.
    const other = await call('add', davi, { from_customer_id: davi.id, to_customer_user: 'eva@example.com' });
    expect(other.statusCode).toBe(200);
  });

  it("never hands a friend's browser a picture address on the friend's own server (a tracking beacon)", async () => {
    const fabio = await createCustomer(t.database.db, { email: 'fabio@example.com', namef: 'Fabio' });
    const gil = await createCustomer(t.database.db, { email: 'gil@example.com', namef: 'Gil' });
    // Stored before pictures were checked.
    await execute(
      t.database.db,
      sql`UPDATE customers SET avatar = 'https://rastreador.example/p.gif' WHERE id = ${fabio.id}`,
    );
    await execute(
      t.database.db,
      sql`UPDATE customers SET avatar = 'https://lh3.googleusercontent.com/a/gil' WHERE id = ${gil.id}`,
    );
    expect(
      (await call('add', fabio, { from_customer_id: fabio.id, to_customer_user: 'davi@example.com' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('add', gil, { from_customer_id: gil.id, to_customer_user: 'davi@example.com' })).statusCode,
    ).toBe(200);
    const pending = (await call('list', davi, { customerid: davi.id, status: 2 })).json()
      .friendships as Array<{
      friend: { user: string; avatar: string };
    }>;
    expect(pending.find((f) => f.friend.user === 'fabio@example.com')?.friend.avatar).toBe('');
    expect(pending.find((f) => f.friend.user === 'gil@example.com')?.friend.avatar).toBe(
      'https://lh3.googleusercontent.com/a/gil',
    );
  });
});
