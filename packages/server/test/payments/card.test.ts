import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { lot, type PaymentsHarness, reserve, startPaymentsHarness, tokenize } from './support.ts';

describe('card payments', () => {
  let h: PaymentsHarness;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let eventId: number;
  let pistaLot: number;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    buyer = await createCustomer(h.database.db, 'cartao@plateia.dev');
    other = await createCustomer(h.database.db, 'alheio@plateia.dev');
    const event = await createEvent(h.database.db, festivalInput('festival-cartao'));
    eventId = event.id;
    pistaLot = event.lotIds[1]!;
  });
  afterAll(() => h.close());

  const pay = (payload: Record<string, unknown>, auth = buyer.auth) =>
    h.app.inject({ method: 'POST', url: '/payments/card', headers: auth, payload });
  const orderStatus = async (orderId: number) =>
    (await h.app.inject({ method: 'GET', url: `/payments/${orderId}/status`, headers: buyer.auth })).json();
  const ticketCount = async (orderId: number) =>
    Number(
      (
        await selectRows<{ n: number }>(
          h.database.db,
          sql`SELECT count(*)::int AS n FROM tickets WHERE order_id = ${orderId}`,
        )
      )[0]!.n,
    );

  it('serves the tokeniser URL and installment options', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/payments/card/config?amount=10000' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokenizerUrl).toBe(`${h.gateway.url}/tokenizer.js`);
    expect(body.tokenizerGlobal).toBe('PlateiaSandboxCard');
    expect(body.installments).toHaveLength(12);
    expect(body.installments[2].label).toBe('3x de R$ 33,34');
    expect(body.sandbox).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: '/payments/card/config?amount=-5' })).statusCode).toBe(
      400,
    );
  });

  it('approves an APRO card in 3x: order paid, tickets issued, pt-BR message', async () => {
    const before = await lot(h.database, pistaLot);
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 2 }]);
    const res = await pay({
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO'),
      installments: 3,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'approved',
      message: 'Pagamento aprovado! Seus ingressos já estão em Meus Ingressos.',
      installments: 3,
      card: { brand: 'mastercard', last4: '6351' },
      replayed: false,
    });
    expect(body.installmentLabel).toMatch(/^3x de R\$ \d+,\d{2}$/);
    expect((await orderStatus(order.id)).status).toBe('paid');
    expect(await ticketCount(order.id)).toBe(2);
    expect(await lot(h.database, pistaLot)).toEqual({ sold: before.sold + 2, reserved: before.reserved });
    // Paying a paid order again is refused.
    const again = await pay({
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este pedido já foi pago.');
  });

  it('declines OTHE and FUND cards with their messages and leaves the order payable', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const declined = await pay({
      orderId: order.id,
      token: await tokenize(h.gateway, 'OTHE', '4235647728025682'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(declined.json()).toMatchObject({
      status: 'declined',
      message: 'Pagamento recusado pelo emissor do cartão. Tente outro cartão ou pague com PIX.',
      card: { brand: 'visa', last4: '5682' },
    });
    const fund = await pay({
      orderId: order.id,
      token: await tokenize(h.gateway, 'FUND'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(fund.json().message).toBe(
      'Pagamento recusado: limite insuficiente. Tente outro cartão ou pague com PIX.',
    );
    expect((await orderStatus(order.id)).status).toBe('reserved');
    expect(await ticketCount(order.id)).toBe(0);
    const ok = await pay({
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(ok.json().status).toBe('approved');
  });

  it('keeps a CONT card pending until the gateway settles it, then the status poll settles the order', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const res = await pay({
      orderId: order.id,
      token: await tokenize(h.gateway, 'CONT'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(res.json()).toMatchObject({
      status: 'pending',
      message: 'Pagamento em análise. Você receberá um e-mail assim que for aprovado.',
    });
    const pending = await orderStatus(order.id);
    expect(pending.status).toBe('reserved');
    expect(pending.message).toBe('Pagamento em análise. Você receberá um e-mail assim que for aprovado.');
    const [row] = await selectRows<{ gateway_charge_id: string }>(
      h.database.db,
      sql`SELECT gateway_charge_id FROM payments WHERE order_id = ${order.id}`,
    );
    const settle = await fetch(`${h.gateway.url}/sandbox/charges/${row!.gateway_charge_id}/approve`, {
      method: 'POST',
    });
    expect(settle.status).toBe(200);
    expect((await orderStatus(order.id)).status).toBe('paid');
    expect(await ticketCount(order.id)).toBe(1);
  });

  it('charges once when the same attempt is retried, also concurrently', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const payload = {
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO'),
      installments: 2,
      idempotencyKey: randomUUID(),
    };
    const charges = h.gateway.chargesCreated();
    const answers = await Promise.all([pay(payload), pay(payload), pay(payload)]);
    const bodies = answers.map((res) => res.json());
    for (const body of bodies) expect(body.status).toBe('approved');
    expect(new Set(bodies.map((body) => body.paymentId)).size).toBe(1);
    const later = (await pay(payload)).json();
    expect(later).toMatchObject({ status: 'approved', replayed: true, paymentId: bodies[0].paymentId });
    expect(h.gateway.chargesCreated()).toBe(charges + 1);
    expect(await ticketCount(order.id)).toBe(1);

    // The same key for a different attempt is refused, never silently reused.
    const conflict = await pay({ ...payload, installments: 3 });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().message).toBe(
      'Esta chave de idempotência já foi usada em outra tentativa de pagamento.',
    );
  });

  it('validates input and ownership with pt-BR messages', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const base = {
      orderId: order.id,
      token: 'tok_qualquer123',
      installments: 1,
      idempotencyKey: randomUUID(),
    };
    expect((await h.app.inject({ method: 'POST', url: '/payments/card', payload: base })).statusCode).toBe(
      401,
    );
    const forbidden = await pay(base, other.auth);
    expect(forbidden.statusCode).toBe(403);
    // R$ 132,00 cannot be split into 12x of at least R$ 5,00... it can; 30x cannot be asked at all.
    expect((await pay({ ...base, installments: 30 })).statusCode).toBe(400);
    const small = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    await h.database.db.execute(sql`UPDATE orders SET total_cents = 900 WHERE id = ${small.id}`);
    const split = await pay({ ...base, orderId: small.id, installments: 2, idempotencyKey: randomUUID() });
    expect(split.statusCode).toBe(400);
    expect(split.json().message).toBe('Parcelamento indisponível para este valor.');
    expect((await pay({ ...base, idempotencyKey: 'curta' })).statusCode).toBe(400);
    expect((await pay({ ...base, cardNumber: '5031433215406351' })).json().message).toBe(
      'Campo não permitido: cardNumber.',
    );
    // One live reservation per customer per event: `small` replaced the first order.
    const badToken = await pay({ ...base, orderId: small.id, token: 'tok_inexistente' });
    expect(badToken.json()).toMatchObject({
      status: 'declined',
      message: 'Não foi possível validar o cartão. Confira os dados e tente novamente.',
    });
  });

  it('keeps a PIX that arrives after a card already paid the order for a refund, issuing nothing twice', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const pix = (
      await h.app.inject({
        method: 'POST',
        url: '/payments/pix',
        headers: buyer.auth,
        payload: { orderId: order.id },
      })
    ).json();
    const card = await pay({
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(card.json().status).toBe('approved');
    // The buyer also paid the PIX code that was still on screen.
    expect((await fetch(`${h.psp.url}/sandbox/cob/${pix.txid}/pagar`, { method: 'POST' })).status).toBe(200);
    expect((await orderStatus(order.id)).status).toBe('paid');
    expect(await ticketCount(order.id)).toBe(1);
    const rows = await selectRows<{ method: string; status: string }>(
      h.database.db,
      sql`SELECT method, status FROM payments WHERE order_id = ${order.id} ORDER BY id`,
    );
    expect(rows).toEqual([
      { method: 'pix', status: 'refund_required' },
      { method: 'card', status: 'approved' },
    ]);
  });

  it('answers 502 with a retryable message when the gateway is down, and the retry charges once', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const payload = {
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO'),
      installments: 1,
      idempotencyKey: randomUUID(),
    };
    const realCard = h.app.payments.card;
    const { HttpCardGateway } = await import('../../src/payments/card/gateway.ts');
    h.app.payments.card = new HttpCardGateway({
      baseUrl: 'http://127.0.0.1:9',
      secretKey: 'x',
      timeoutMs: 500,
    });
    try {
      const down = await pay(payload);
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toBe(
        'Não foi possível processar o pagamento agora. Tente novamente em instantes.',
      );
    } finally {
      h.app.payments.card = realCard;
    }
    const charges = h.gateway.chargesCreated();
    const retried = await pay(payload);
    expect(retried.json()).toMatchObject({ status: 'approved', replayed: true });
    expect(h.gateway.chargesCreated()).toBe(charges + 1);
  });
});
