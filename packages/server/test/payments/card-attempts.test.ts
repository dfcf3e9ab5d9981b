import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness, tokenize } from './support.ts';

const BACKOFF =
  'Muitas tentativas de pagamento recusadas. Aguarde alguns minutos antes de tentar novamente ou pague com PIX.';

describe('card testing: declines back off per order, customer and address', () => {
  let h: PaymentsHarness;
  let eventId: number;
  let lotId: number;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    const event = await createEvent(h.database.db, festivalInput('festival-teste-cartoes'));
    eventId = event.id;
    lotId = event.lotIds[1]!;
  });
  afterAll(() => h.close());

  const pay = async (who: TestCustomer, orderId: number, holder: string, ip = '127.0.0.1') =>
    h.app.inject({
      method: 'POST',
      url: '/payments/card',
      headers: who.auth,
      remoteAddress: ip,
      payload: {
        orderId,
        token: await tokenize(h.gateway, holder),
        installments: 1,
        idempotencyKey: randomUUID(),
      },
    });

  it('lets three declines on one order through, then makes it wait, even for a good card', async () => {
    const tester = await createCustomer(h.database.db, 'testador@plateia.dev');
    const order = await reserve(h.app, tester, eventId, [{ tk_id: lotId, tk_qtd: 1 }]);
    for (let i = 0; i < 3; i++) expect((await pay(tester, order.id, 'OTHE')).json().status).toBe('declined');
    // The fourth decline starts the back-off...
    expect((await pay(tester, order.id, 'OTHE')).json().status).toBe('declined');
    const blocked = await pay(tester, order.id, 'APRO');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(BACKOFF);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a customer across orders and an address across customers', async () => {
    const ip = '203.0.113.77';
    const declinesFrom = async (email: string, times: number) => {
      const who = await createCustomer(h.database.db, email);
      for (let i = 0; i < times; i++) {
        // A fresh order each time: the per-order count never trips.
        const order = await reserve(h.app, who, eventId, [{ tk_id: lotId, tk_qtd: 1 }]);
        expect((await pay(who, order.id, 'OTHE', ip)).json().status).toBe('declined');
      }
      return who;
    };
    // Six declines over six orders: the customer backs off.
    const one = await declinesFrom('cartoes1@plateia.dev', 6);
    const next = await reserve(h.app, one, eventId, [{ tk_id: lotId, tk_qtd: 1 }]);
    expect((await pay(one, next.id, 'APRO', '198.51.100.200')).statusCode).toBe(429);
    // Eleven declines from one address over several customers: the address backs off.
    await declinesFrom('cartoes2@plateia.dev', 5);
    const third = await createCustomer(h.database.db, 'cartoes3@plateia.dev');
    const order = await reserve(h.app, third, eventId, [{ tk_id: lotId, tk_qtd: 1 }]);
    expect((await pay(third, order.id, 'APRO', ip)).statusCode).toBe(429);
    // The same customer from elsewhere pays.
    expect((await pay(third, order.id, 'APRO', '198.51.100.201')).json().status).toBe('approved');
  });
});
