import { afterEach, describe, expect, it } from 'vitest';
import { fakeRoutes, json, sent } from '../test/fake-api.ts';
import { configureApi } from './client.ts';
import { createSupportRequest, fetchSupportRequests, replyToSupport } from './support.ts';

describe('support calls', () => {
  afterEach(() => configureApi({}));

  it('creates, lists and replies with the paths and bodies of the API host', async () => {
    const calls = fakeRoutes({
      'POST /support/create': () => json(200, { success: true, id: 7, message: 'ok' }),
      'GET /support/list': () => json(200, { requests: [{ id: 7 }] }),
      'POST /support/7/reply': () => json(200, { success: true }),
    });
    expect(await createSupportRequest({ subject: 'A', category: 'conta', text: 'B', order_id: 3 })).toBe(7);
    expect(await fetchSupportRequests()).toEqual([{ id: 7 }]);
    await replyToSupport(7, 'obrigada');
    expect(calls.map(sent)).toEqual([
      {
        method: 'POST',
        path: '/support/create',
        body: { subject: 'A', category: 'conta', text: 'B', order_id: 3 },
      },
      { method: 'GET', path: '/support/list', body: undefined },
      { method: 'POST', path: '/support/7/reply', body: { text: 'obrigada' } },
    ]);
  });

  it("shows the server's pt-BR message on a refused request, else the fallback", async () => {
    fakeRoutes({
      'POST /support/create': () => json(400, { error: 'x', message: 'Pedido não encontrado na sua conta.' }),
    });
    await expect(createSupportRequest({ subject: 'A', category: 'conta', text: 'B' })).rejects.toThrow(
      'Pedido não encontrado na sua conta.',
    );
    fakeRoutes({ 'POST /support/create': () => Promise.reject(new TypeError('offline')) });
    await expect(createSupportRequest({ subject: 'A', category: 'conta', text: 'B' })).rejects.toThrow(
      'Não foi possível abrir o suporte, tente novamente',
    );
  });
});
