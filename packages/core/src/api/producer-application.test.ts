import { afterEach, describe, expect, it } from 'vitest';
import { fakeRoutes, json, sent } from '../test/fake-api.ts';
import { configureApi } from './client.ts';
import { sendProducerApplication } from './producer-application.ts';

describe('sendProducerApplication', () => {
  afterEach(() => configureApi({}));
  const form = {
    name: 'Bia',
    email: 'bia@x.com',
    phone: '11988887777',
    audience: 'ate-500' as const,
    event: 'Show',
  };

  it('posts the form and answers the confirmation', async () => {
    const calls = fakeRoutes({
      'POST /producer-applications': () => json(200, { success: true, id: 1, message: 'Recebido' }),
    });
    expect(await sendProducerApplication(form)).toBe('Recebido');
    expect(calls.map(sent)).toEqual([{ method: 'POST', path: '/producer-applications', body: form }]);
  });

  it('fails with the server message or the fallback', async () => {
    fakeRoutes({
      'POST /producer-applications': () => json(400, { error: 'v', message: 'Informe seu nome.' }),
    });
    await expect(sendProducerApplication(form)).rejects.toThrow('Informe seu nome.');
    fakeRoutes({ 'POST /producer-applications': () => Promise.reject(new TypeError('offline')) });
    await expect(sendProducerApplication(form)).rejects.toThrow(
      'Não foi possível enviar sua solicitação, tente novamente',
    );
  });
});
