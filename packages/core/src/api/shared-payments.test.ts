import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json, sent } from '../test/fake-api.ts';
import { ApiError, configureApi } from './client.ts';
import {
  createSharedPayment,
  fetchSharedPayment,
  fetchSharedPayments,
  fetchSharePayment,
  resendSharedPaymentEmails,
} from './shared-payments.ts';

afterEach(() => {
  configureApi({});
});

describe('shared-payment calls', () => {
  it('creates a group with the order id as a number and the shares as given', async () => {
    const calls = fakeApi(() => json(201, { id: 9 }));
    const shares = [
      { email: 'ana@x.com', amountCents: 10_000, tickets: 1 },
      { email: 'bia@x.com', amountCents: 9_800, tickets: 1 },
    ];
    await createSharedPayment({ orderId: '55' as unknown as number, shares });
    expect(calls.map(sent)).toEqual([
      { method: 'POST', path: '/shared-payments/create', body: { orderId: 55, shares } },
    ]);
  });

  it('sends a share link token in X-Share-Token, and nothing without one', async () => {
    const headers: (string | null)[] = [];
    configureApi({
      baseUrl: 'https://api.test',
      fetch: async (input, init) => {
        headers.push(new Request(input, init).headers.get('X-Share-Token'));
        return json(200, {});
      },
    });
    await fetchSharePayment(12, 'tok_abc');
    await fetchSharedPayment(9, 'tok_abc');
    await fetchSharedPayment(9);
    expect(headers).toEqual(['tok_abc', 'tok_abc', null]);
  });

  it('reads the group and share by their paths', async () => {
    const calls = fakeApi(() => json(200, {}));
    await fetchSharedPayment(9);
    await fetchSharePayment(12);
    expect(calls.map((call) => call.path)).toEqual([
      '/shared-payments/status/9',
      '/shared-payments/payment/12',
    ]);
  });

  it('lists led or joined groups with paging, and led ones on their own route', async () => {
    const calls = fakeApi(() => json(200, { items: [], page: 2, limit: 5, total: 0 }));
    await fetchSharedPayments(7, { page: 2, limit: 5 });
    await fetchSharedPayments(7, { scope: 'leader' });
    expect(String(calls[0]?.url)).toBe('https://api.test/shared-payments/user-all/7?page=2&limit=5');
    expect(String(calls[1]?.url)).toBe('https://api.test/shared-payments/user/7');
  });

  it('resends e-mails and surfaces the API host pt-BR refusal', async () => {
    const calls = fakeApi(() =>
      json(429, { error: 'rate_limited', message: 'Aguarde alguns minutos para reenviar.' }),
    );
    const failure = await resendSharedPaymentEmails(9, ['bia@x.com']).catch((error: unknown) => error);
    expect(calls.map(sent)).toEqual([
      { method: 'POST', path: '/shared-payments/resend-emails/9', body: { emails: ['bia@x.com'] } },
    ]);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(429);
    expect((failure as ApiError).message).toBe('Aguarde alguns minutos para reenviar.');
  });
});
