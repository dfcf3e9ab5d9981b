// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import type { Friendship } from '../contracts/friends.ts';
import { fakeRoutes, json, sent } from '../test/fake-api.ts';
import {
  $friendlyAccept,
  $friendRequests,
  $friends,
  acceptFriend,
  addFriend,
  denyFriend,
  loadFriends,
  removeFriend,
  saveFriendSettings,
} from './friends.ts';
import { $user } from './session.ts';
import { $toasts, clearToasts } from './toasts.ts';

const friendship = (id: number, status: 1 | 2, direction: 'sent' | 'received' = 'received'): Friendship => ({
  id,
  status,
  direction,
  created_at: '2026-11-20T10:00:00.000Z',
  accepted_at: null,
  chatRoomId: status === 1 ? 'dm-1-9' : null,
  friend: { id: 9, user: 'bruno@x.com', namef: 'Bruno', namel: '', nickname: '', avatar: '', public: true },
});

const lastToast = () => $toasts.get().at(-1);

describe('friends store', () => {
  let lists: Record<number, Friendship[]>;
  beforeEach(() => {
    $user.set({ id: 1, user: 'ana@x.com' });
    lists = { 1: [friendship(5, 1)], 2: [friendship(6, 2)] };
  });
  afterEach(() => {
    cleanStores($friends, $friendRequests, $friendlyAccept);
    $user.set(null);
    clearToasts();
    configureApi({});
  });

  const listRoute = {
    'POST /friendly/list': (call: { body: unknown }) =>
      json(200, { friendships: lists[(call.body as { status: number }).status] }),
  };

  it('loads both lists with the customer id from the session', async () => {
    const calls = fakeRoutes(listRoute);
    await loadFriends();
    expect(calls.map(sent)).toEqual([
      { method: 'POST', path: '/friendly/list', body: { customerid: 1, status: 1 } },
      { method: 'POST', path: '/friendly/list', body: { customerid: 1, status: 2 } },
    ]);
    expect($friends.get().map((f) => f.id)).toEqual([5]);
    expect($friendRequests.get().map((f) => f.id)).toEqual([6]);
  });

  it('ignores list-load errors silently', async () => {
    $friends.set([friendship(5, 1)]);
    fakeRoutes({ 'POST /friendly/list': () => json(500, { error: 'x', message: 'x' }) });
    await loadFriends();
    expect($friends.get()).toHaveLength(1);
    expect($toasts.get()).toEqual([]);
  });

  it.each([
    [404, 'Amizade não encontrada!'],
    [400, 'Vocês já são amigos!'],
    [403, 'Você não pode aceitar essa amizade!'],
    [500, 'Erro ao aceitar amizade!'],
  ])('accept %i shows %s and refreshes', async (status, message) => {
    const calls = fakeRoutes({
      ...listRoute,
      'POST /friendly/accept': () => json(status, { error: 'e', message: 'srv' }),
    });
    expect(await acceptFriend(friendship(6, 2))).toBe(false);
    expect(lastToast()).toMatchObject({ kind: 'error', message });
    expect(calls.filter((c) => c.path === '/friendly/list')).toHaveLength(2);
  });

  it('accept success moves the request to the friends list', async () => {
    const calls = fakeRoutes({
      ...listRoute,
      'POST /friendly/accept': () => {
        lists = { 1: [friendship(5, 1), friendship(6, 1)], 2: [] };
        return json(200, { success: true });
      },
    });
    expect(await acceptFriend(friendship(6, 2))).toBe(true);
    expect(calls[0]?.body).toEqual({ id: 6, customerid: 1 });
    expect(lastToast()).toMatchObject({ kind: 'success', message: 'Amizade aceita com sucesso!' });
    expect($friends.get().map((f) => f.id)).toEqual([5, 6]);
    expect($friendRequests.get()).toEqual([]);
  });

  it.each([
    [404, 'Amizade não encontrada!'],
    [400, 'Vocês já são amigos!'],
    [500, 'Erro ao recusar amizade!'],
    [200, 'Amizade recusada com sucesso!'],
  ])('deny %i shows %s', async (status, message) => {
    const calls = fakeRoutes({
      ...listRoute,
      'POST /friendly/del': () => json(status, { error: 'e', message: 'srv' }),
    });
    await denyFriend(friendship(6, 2));
    expect(calls[0]?.body).toEqual({ id: 6, customerid: 1, to_customer_id: 9, status: 2 });
    expect(lastToast()?.message).toBe(message);
    expect(calls.filter((c) => c.path === '/friendly/list')).toHaveLength(2);
  });

  it.each([
    [404, 'Amizade não encontrada!'],
    [400, 'Vocês ainda não são amigos!'],
    [500, 'Erro ao remover amizade!'],
    [200, 'Amizade removida com sucesso!'],
  ])('delete %i shows %s and refreshes the list', async (status, message) => {
    const calls = fakeRoutes({
      ...listRoute,
      'POST /friendly/del': () => json(status, { error: 'e', message: 'srv' }),
    });
    await removeFriend(friendship(5, 1));
    expect(calls[0]?.body).toEqual({ id: 5, customerid: 1, to_customer_id: 9 });
    expect(lastToast()?.message).toBe(message);
    expect(calls.filter((c) => c.path === '/friendly/list')).toHaveLength(2);
  });

  it('add checks blank and own e-mail without calling, trims the value', async () => {
    const calls = fakeRoutes({ ...listRoute, 'POST /friendly/add': () => json(200, { success: true }) });
    expect(await addFriend('  ')).toEqual({ ok: false, fieldError: 'Email obrigatório!' });
    expect(lastToast()?.message).toBe('Preencha o campo de email!');
    expect(await addFriend('ANA@x.com')).toEqual({ ok: false });
    expect(lastToast()?.message).toBe('Você não pode adicionar você mesmo como amigo');
    expect(calls).toEqual([]);
    expect(await addFriend('  bruno@x.com ')).toEqual({ ok: true });
    expect(calls[0]?.body).toEqual({ from_customer_id: 1, to_customer_user: 'bruno@x.com' });
    expect(lastToast()).toMatchObject({ kind: 'success', message: 'Pedido enviado com sucesso!' });
    expect(calls.filter((c) => c.path === '/friendly/list')).toHaveLength(2);
  });

  it.each([
    [404, { ok: false, fieldError: 'Email incorreto ou inexistente!' }, 'error', 'Usuário não localizado!'],
    [400, { ok: false }, 'error', 'Vocês já são amigos ou o convite está pendente!'],
    [403, { ok: true }, 'success', 'Pedido solicitado!'],
    [500, { ok: false }, 'error', 'Erro ao adicionar amizade!'],
  ])('add %i', async (status, result, kind, message) => {
    fakeRoutes({ ...listRoute, 'POST /friendly/add': () => json(status, { error: 'e', message: 'srv' }) });
    expect(await addFriend('bruno@x.com')).toEqual(result);
    expect(lastToast()).toMatchObject({ kind, message });
  });

  it('saves the public-profile setting', async () => {
    const calls = fakeRoutes({
      'POST /friendly/update': () => json(200, { success: true, friendly_accept: 2 }),
    });
    expect(await saveFriendSettings(2)).toBe(true);
    expect(calls[0]?.body).toEqual({ friendly_accept: 2, customerid: 1 });
    expect($friendlyAccept.get()).toBe(2);
    expect(lastToast()?.message).toBe('Configurações salvas com sucesso!');
  });
});
