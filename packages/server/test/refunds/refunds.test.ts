import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { balanceOf, trialBalance } from '../../src/ledger/index.ts';
import { followUpRefunds } from '../../src/refunds/follow-up.ts';
import { MAX_REFUND_ATTEMPTS } from '../../src/refunds/payout.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { lot, type PaymentsHarness, reserve, startPaymentsHarness, tokenize } from '../payments/support.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface RefundBody {
  id: number;
  ticketId: number | null;
  status: string;
  method: string;
  amountCents: number;
  feeCents: number;
  walletCents: number;
}

/**
 * Refunds over real sockets: the API host, the sandbox PSP (devoluções settled when the test
 * says, so every state can be seen) and the sandbox card gateway, on PGlite or PostgreSQL.
 */
describe('refunds', () => {
  let h: PaymentsHarness;
  let offsetMs = 0;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let producer: TestCustomer;
  let eventId: number;
  let pistaLot: number;
  let productId: number;

  beforeAll(async () => {
    h = await startPaymentsHarness({
      clock: () => new Date(Date.now() + offsetMs),
      psp: { devolucaoDelayMs: null },
    });
    buyer = await createCustomer(h.database.db, 'compradora@plateia.dev');
    other = await createCustomer(h.database.db, 'outra@plateia.dev');
    producer = await createCustomer(h.database.db, 'produtor@plateia.dev', '1');
    const event = await createEvent(h.database.db, festivalInput('festival-reembolso', producer.id));
    eventId = event.id;
    pistaLot = event.lotIds[1]!;
    productId = Number(
      (await selectOne<{ id: number }>(
        h.database.db,
        sql`SELECT id FROM products WHERE event_id = ${eventId} ORDER BY id LIMIT 1`,
      ))!.id,
    );
  });
  afterAll(() => h.close());

  const post = (url: string, auth?: { authorization: string }, payload?: unknown) =>
    h.app.inject({
      method: 'POST',
      url,
      ...(auth ? { headers: auth } : {}),
      ...(payload ? { payload } : {}),
    });
  const get = (url: string, auth = buyer.auth) => h.app.inject({ method: 'GET', url, headers: auth });

  /** Buys `qty` Pista tickets (and products) by PIX through "Simular pagamento"; the order and its tickets. */
  async function buyByPix(
    customer = buyer,
    qty = 1,
    products: Record<string, unknown>[] = [],
    event = eventId,
    lotId = pistaLot,
  ) {
    const order = await reserve(
      h.app,
      customer,
      event,
      [{ tk_id: lotId, tk_qtd: qty }],
      products.length ? { products } : {},
    );
    const charge = (await post('/payments/pix', customer.auth, { orderId: order.id })).json();
    const paid = await fetch(`${h.psp.url}/sandbox/cob/${charge.txid}/pagar`, { method: 'POST' });
    expect(paid.status).toBe(200);
    const e2eid = ((await paid.json()) as { pix: { endToEndId: string } }).pix.endToEndId;
    const tickets = await selectRows<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${order.id} ORDER BY id`,
    );
    expect(tickets).toHaveLength(qty);
    return { order, e2eid, ticketIds: tickets.map((t) => Number(t.id)) };
  }

  const refundTicket = (ticketId: number, auth = buyer.auth) => post(`/refunds/tickets/${ticketId}`, auth);
  const refundRow = (id: number) =>
    selectOne<{ status: string; attempts: number; devolucao_id: string | null }>(
      h.database.db,
      sql`SELECT status, attempts, devolucao_id FROM refunds WHERE id = ${id}`,
    );
  const ticketStatus = async (id: number) =>
    (await selectOne<{ status: string }>(h.database.db, sql`SELECT status FROM tickets WHERE id = ${id}`))!
      .status;
  async function until(what: () => Promise<boolean>) {
    for (let i = 0; i < 300; i++) {
      if (await what()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('timed out');
  }
  async function ledgerSound() {
    const trial = await trialBalance(h.database.db);
    expect(trial).toEqual({
      totalCents: 0,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeWallets: [],
    });
  }

  it('refunds a PIX ticket with its fee: voided at once, stock back, devolução to the payer, ledger sound', async () => {
    const before = await lot(h.database, pistaLot);
    const { order, e2eid, ticketIds } = await buyByPix();
    const ticketId = ticketIds[0]!;
    const offers = (await get('/refunds')).json().offers as {
      ticketId: number;
      allowed: boolean;
      message: string;
      amountCents: number;
    }[];
    const offer = offers.find((o) => o.ticketId === ticketId)!;
    expect(offer.allowed).toBe(true);
    expect(offer.message).toContain('taxa de serviço');
    // A single-ticket order gives back exactly what was paid: price and fee.
    expect(offer.amountCents).toBe(order.totalCents);

    const res = await refundTicket(ticketId);
    expect(res.statusCode, res.body).toBe(200);
    const refund = res.json().refund as RefundBody;
    expect(refund).toMatchObject({
      ticketId,
      method: 'pix',
      status: 'processing',
      amountCents: order.totalCents,
      walletCents: 0,
    });
    expect(refund.feeCents).toBeGreaterThan(0);
    expect(await ticketStatus(ticketId)).toBe('refunded');
    expect(await lot(h.database, pistaLot)).toEqual(before);
    const mine = (await get('/tickets')).json().tickets as { id: number; status: string }[];
    expect(mine.find((t) => t.id === ticketId)?.status).toBe('refunded');
    expect(h.psp.devolvido(e2eid)).toEqual({ returnedCents: 0, processingCents: order.totalCents });

    // The PSP ends it and notifies the webhook; the refund is done and the money left clearing.
    const row = (await refundRow(refund.id))!;
    const pixOutBefore = await balanceOf(h.database.db, { kind: 'pix_out' });
    expect(await h.psp.settleDevolucao(e2eid, row.devolucao_id!, 'DEVOLVIDO')).toBe(true);
    expect((await refundRow(refund.id))?.status).toBe('refunded');
    expect(h.psp.devolvido(e2eid).returnedCents).toBe(order.totalCents);
    expect(await balanceOf(h.database.db, { kind: 'pix_out' })).toBe(pixOutBefore + order.totalCents);
    expect((await get(`/refunds/${refund.id}`)).json().refund.status).toBe('refunded');
    await ledgerSound();
  });

  it('answers 401 without a session, 404 for an unknown ticket, 403 for someone else’s ticket or refund', async () => {
    const { ticketIds } = await buyByPix();
    expect((await post(`/refunds/tickets/${ticketIds[0]}`)).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/refunds' })).statusCode).toBe(401);
    const unknown = await refundTicket(2_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Ingresso não encontrado.');
    const stranger = await refundTicket(ticketIds[0]!, other.auth);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('Este ingresso pertence a outro cliente.');
    expect(await ticketStatus(ticketIds[0]!)).toBe('valid');
    const mine = (await refundTicket(ticketIds[0]!)).json().refund as RefundBody;
    expect((await get(`/refunds/${mine.id}`, other.auth)).statusCode).toBe(403);
    expect((await get('/refunds/2000000')).statusCode).toBe(404);
    expect((await get('/refunds', other.auth)).json()).toEqual({ refunds: [], offers: [] });
    expect((await post('/refunds/tickets/abc', buyer.auth)).statusCode).toBe(400);
  });

  it('follows the policy by the clock: 6 days 23 h yes, 7 days 1 min no; exactly 48 h before the event no', async () => {
    const a = await buyByPix();
    const b = await buyByPix();
    offsetMs = 6 * DAY + 23 * HOUR;
    try {
      expect((await refundTicket(a.ticketIds[0]!)).statusCode).toBe(200);
      offsetMs = 7 * DAY + 60_000;
      const late = await refundTicket(b.ticketIds[0]!);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({
        error: 'refund_not_allowed',
        message: 'O prazo de reembolso terminou: ele vale por 7 dias a partir da compra.',
      });
      expect(await ticketStatus(b.ticketIds[0]!)).toBe('valid');
      const offer = ((await get('/refunds')).json().offers as { ticketId: number; allowed: boolean }[]).find(
        (o) => o.ticketId === b.ticketIds[0],
      );
      expect(offer?.allowed).toBe(false);
    } finally {
      offsetMs = 0;
    }

    // An event 5 days ahead: at exactly 48 h before it, no; a minute earlier, yes.
    const soon = festivalInput('festival-em-breve', producer.id);
    const startsAt = new Date(Date.now() + 5 * DAY);
    const event = await createEvent(h.database.db, {
      ...soon,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 5 * HOUR),
    });
    const c = await buyByPix(buyer, 2, [], event.id, event.lotIds[1]!);
    offsetMs = startsAt.getTime() - 48 * HOUR - Date.now();
    try {
      const edge = await refundTicket(c.ticketIds[0]!);
      expect(edge.statusCode).toBe(409);
      expect(edge.json().message).toBe(
        'Não é possível pedir reembolso a menos de 48 horas do início do evento.',
      );
      offsetMs -= 60_000;
      expect((await refundTicket(c.ticketIds[0]!)).statusCode).toBe(200);
    } finally {
      offsetMs = 0;
    }
    await ledgerSound();
  });

  it('makes one refund of duplicate and concurrent requests', async () => {
    const { e2eid, ticketIds, order } = await buyByPix();
    const answers = await Promise.all(Array.from({ length: 6 }, () => refundTicket(ticketIds[0]!)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().refund.id));
    expect(ids.size).toBe(1);
    const count = await selectOne<{ n: number }>(
      h.database.db,
      sql`SELECT count(*)::int AS n FROM refunds WHERE ticket_id = ${ticketIds[0]}`,
    );
    expect(Number(count!.n)).toBe(1);
    expect(h.psp.devolvido(e2eid).processingCents).toBe(order.totalCents);
    const again = await refundTicket(ticketIds[0]!);
    expect(again.json().refund.id).toBe([...ids][0]);
    await ledgerSound();
  });

  it('retries a devolução NAO_REALIZADO under a new id, then asks for another PIX key and sends it there', async () => {
    const { e2eid, ticketIds, order } = await buyByPix();
    h.psp.failNextDevolucao(e2eid);
    const refund = (await refundTicket(ticketIds[0]!)).json().refund as RefundBody;
    // The PSP ends it NAO_REALIZADO and tells the webhook.
    await until(async () => (await refundRow(refund.id))?.status === 'failed');
    expect((await get(`/refunds/${refund.id}`)).json().refund.statusDetail).toContain('simulado');
    // The sweep (the refunds.follow-up job) retries under the next id.
    await followUpRefunds(h.database.db, followDeps());
    const second = (await refundRow(refund.id))!;
    expect(second).toMatchObject({ status: 'processing', attempts: 2, devolucao_id: `RF${refund.id}N2` });
    await h.psp.settleDevolucao(e2eid, second.devolucao_id!, 'DEVOLVIDO');
    expect((await refundRow(refund.id))?.status).toBe('refunded');
    expect(h.psp.devolvido(e2eid).returnedCents).toBe(order.totalCents);

    // Every attempt refused: the customer is asked for another key.
    const next = await buyByPix();
    const stuck = (await refundTicket(next.ticketIds[0]!)).json().refund as RefundBody;
    for (let attempt = 1; attempt <= MAX_REFUND_ATTEMPTS; attempt++) {
      const row = (await refundRow(stuck.id))!;
      await h.psp.settleDevolucao(next.e2eid, row.devolucao_id!, 'NAO_REALIZADO');
      if (attempt < MAX_REFUND_ATTEMPTS) await followUpRefunds(h.database.db, followDeps());
    }
    expect((await refundRow(stuck.id))?.status).toBe('needs_pix_key');
    expect(h.mailer.sent.at(-1)).toMatchObject({
      to: 'compradora@plateia.dev',
      subject: 'Reembolso: informe outra chave PIX',
    });
    expect(
      (await post(`/refunds/${stuck.id}/pix-key`, buyer.auth, { chave: 'não é chave' })).statusCode,
    ).toBe(400);
    expect(
      (await post(`/refunds/${stuck.id}/pix-key`, other.auth, { chave: 'outra@plateia.dev' })).statusCode,
    ).toBe(403);
    // A company's key may be its alphanumeric CNPJ (issued since July 2026).
    const keyed = await post(`/refunds/${stuck.id}/pix-key`, buyer.auth, { chave: '12ABC34501DE35' });
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect(keyed.json().refund.status).toBe('refunded');
    const row = (await refundRow(stuck.id))!;
    expect(h.psp.envio(row.devolucao_id!)).toMatchObject({
      chave: '12ABC34501DE35',
      status: 'REALIZADO',
    });
    expect(
      (await post(`/refunds/${stuck.id}/pix-key`, buyer.auth, { chave: 'compradora@plateia.dev' }))
        .statusCode,
    ).toBe(409);
    await ledgerSound();
  });

  it('refunds a card purchase through the gateway, once', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const paid = await post('/payments/card', buyer.auth, {
      orderId: order.id,
      token: await tokenize(h.gateway, 'APRO'),
      installments: 1,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const ticket = (await selectOne<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${order.id}`,
    ))!;
    const res = await refundTicket(Number(ticket.id));
    expect(res.json().refund).toMatchObject({
      method: 'card',
      status: 'refunded',
      amountCents: order.totalCents,
    });
    const charge = (await selectOne<{ gateway_charge_id: string }>(
      h.database.db,
      sql`SELECT gateway_charge_id FROM payments WHERE order_id = ${order.id}`,
    ))!;
    expect(h.gateway.refundedCents(charge.gateway_charge_id)).toBe(order.totalCents);
    await refundTicket(Number(ticket.id));
    expect(h.gateway.refundedCents(charge.gateway_charge_id)).toBe(order.totalCents);
    await ledgerSound();
  });

  it('refunds a whole order (tickets and products): the parts add up to what was paid', async () => {
    // Its own buyer: the lot's per-customer limit counts earlier purchases.
    const whole = await createCustomer(h.database.db, 'pedido-inteiro@plateia.dev');
    const { order, e2eid } = await buyByPix(whole, 3, [{ product_id: productId, product_qtd: 1 }]);
    const res = await post(`/refunds/orders/${order.id}`, whole.auth);
    expect(res.statusCode, res.body).toBe(200);
    const refunds = res.json().refunds as RefundBody[];
    expect(refunds).toHaveLength(4);
    expect(refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(order.totalCents);
    expect(h.psp.devolvido(e2eid).processingCents).toBe(order.totalCents);
    expect((await post(`/refunds/orders/${order.id}`, other.auth)).statusCode).toBe(403);
    const again = await post(`/refunds/orders/${order.id}`, whole.auth);
    expect((again.json().refunds as RefundBody[]).map((r) => r.id)).toEqual(refunds.map((r) => r.id));
    await ledgerSound();
  });

  it('counts refunded tickets out of the per-customer lot limit', async () => {
    const again = await createCustomer(h.database.db, 'compra-de-novo@plateia.dev');
    const limit = Number(
      (await selectOne<{ per_order_limit: number }>(
        h.database.db,
        sql`SELECT per_order_limit FROM ticket_types WHERE id = ${pistaLot}`,
      ))!.per_order_limit,
    );
    const { order } = await buyByPix(again, limit);
    expect((await post(`/refunds/orders/${order.id}`, again.auth)).statusCode).toBe(200);
    // Every unit refunded: the whole limit is there to buy again.
    await buyByPix(again, limit);
  });

  it('gives back the wallet’s part of an order to the wallet, the rest by PIX; a wallet-only order at once', async () => {
    const payer = await createCustomer(h.database.db, 'carteira@plateia.dev');
    const balance = async () => (await get('/wallet', payer.auth)).json().balanceCents as number;
    const topUp = (await post('/wallet/topups', payer.auth, { amountCents: 50_000 })).json();
    await fetch(`${h.psp.url}/sandbox/cob/${topUp.txid}/pagar`, { method: 'POST' });
    await until(async () => (await balance()) === 50_000);

    const order = await reserve(h.app, payer, eventId, [{ tk_id: pistaLot, tk_qtd: 2 }]);
    expect(
      (await post('/wallet/checkout', payer.auth, { orderId: order.id, amountCents: 2_000 })).statusCode,
    ).toBe(200);
    const charge = (await post('/payments/pix', payer.auth, { orderId: order.id })).json();
    const paid = await fetch(`${h.psp.url}/sandbox/cob/${charge.txid}/pagar`, { method: 'POST' });
    const e2eid = ((await paid.json()) as { pix: { endToEndId: string } }).pix.endToEndId;
    const [t1, t2] = (
      await selectRows<{ id: number }>(
        h.database.db,
        sql`SELECT id FROM tickets WHERE order_id = ${order.id} ORDER BY id`,
      )
    ).map((t) => Number(t.id));
    const before = await balance();
    const first = (await refundTicket(t1!, payer.auth)).json().refund as RefundBody;
    expect(first).toMatchObject({ method: 'pix', walletCents: 0 });
    const second = (await refundTicket(t2!, payer.auth)).json().refund as RefundBody;
    expect(first.amountCents + second.amountCents).toBe(order.totalCents);
    expect(second).toMatchObject({ method: 'pix', walletCents: 2_000 });
    expect(await balance()).toBe(before + 2_000);
    expect(h.psp.devolvido(e2eid).processingCents).toBe(order.totalCents - 2_000);

    const walletOnly = await reserve(h.app, payer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const whole = await post('/wallet/checkout', payer.auth, { orderId: walletOnly.id });
    expect(whole.statusCode, whole.body).toBe(200);
    const ticket = (await selectOne<{ id: number }>(
      h.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${walletOnly.id}`,
    ))!;
    const beforeWhole = await balance();
    const refund = (await refundTicket(Number(ticket.id), payer.auth)).json().refund as RefundBody;
    expect(refund).toMatchObject({
      method: 'wallet',
      status: 'refunded',
      walletCents: walletOnly.totalCents,
    });
    expect(await balance()).toBe(beforeWhole + walletOnly.totalCents);
    await ledgerSound();
  });

  it('refunds a late payment that found no stock, by the sweep', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const charge = (await post('/payments/pix', buyer.auth, { orderId: order.id })).json();
    await h.database.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${order.id}`);
    const paid = await fetch(`${h.psp.url}/sandbox/cob/${charge.txid}/pagar`, { method: 'POST' });
    const e2eid = ((await paid.json()) as { pix: { endToEndId: string } }).pix.endToEndId;
    expect(
      (
        await selectOne<{ status: string }>(
          h.database.db,
          sql`SELECT status FROM payments WHERE txid = ${charge.txid}`,
        )
      )?.status,
    ).toBe('refund_required');
    // The refunds.follow-up job (every minute) finds it.
    await runDueJobs(h.app, { scheduled: true, names: ['refunds.follow-up'] });
    const refund = (await selectOne<{ id: number; devolucao_id: string; reason: string }>(
      h.database.db,
      sql`SELECT r.id, r.devolucao_id, r.reason FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.txid = ${charge.txid}`,
    ))!;
    expect(refund.reason).toBe('unfulfilled');
    await followUpRefunds(h.database.db, followDeps());
    expect(h.psp.devolvido(e2eid).processingCents).toBe(order.totalCents);
    await h.psp.settleDevolucao(e2eid, refund.devolucao_id, 'DEVOLVIDO');
    expect((await refundRow(Number(refund.id)))?.status).toBe('refunded');
    expect((await get('/refunds')).json().refunds.some((r: RefundBody) => r.id === Number(refund.id))).toBe(
      true,
    );
    await ledgerSound();
  });

  it('lets only the event’s producer cancel it; every valid ticket is refunded with its fee and buyers are e-mailed', async () => {
    const event = await createEvent(h.database.db, festivalInput('festival-cancelado', producer.id));
    const lotId = event.lotIds[1]!;
    const first = await buyByPix(buyer, 2, [], event.id, lotId);
    const second = await buyByPix(other, 1, [], event.id, lotId);
    // Outside the ordinary window, the cancellation still refunds.
    offsetMs = 8 * DAY;
    try {
      expect((await post(`/events/${event.id}/cancel`)).statusCode).toBe(401);
      const notProducer = await post(`/events/${event.id}/cancel`, other.auth);
      expect(notProducer.statusCode).toBe(403);
      expect(notProducer.json().message).toBe('Somente o produtor do evento pode cancelá-lo.');
      expect((await post('/events/2000000/cancel', producer.auth)).statusCode).toBe(404);
      const mails = h.mailer.sent.length;
      const res = await post(`/events/${event.id}/cancel`, producer.auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ eventId: event.id, ordersToRefund: 2, ticketsToRefund: 3 });
      expect((await post(`/events/${event.id}/cancel`, producer.auth)).statusCode).toBe(409);
      // The refunds run as the refunds.cancel-event job (test apps do not poll).
      expect(await ticketStatus(first.ticketIds[0]!)).toBe('valid');
      expect((await runDueJobs(h.app, { names: ['refunds.cancel-event'] })).completed).toBe(1);
      for (const id of [...first.ticketIds, ...second.ticketIds])
        expect(await ticketStatus(id)).toBe('refunded');
      expect(h.psp.devolvido(first.e2eid).processingCents).toBe(first.order.totalCents);
      expect(h.psp.devolvido(second.e2eid).processingCents).toBe(second.order.totalCents);
      const sent = h.mailer.sent.slice(mails);
      expect(sent.map((m) => m.to).sort()).toEqual(['compradora@plateia.dev', 'outra@plateia.dev']);
      expect(sent[0]?.subject).toBe('Evento cancelado: Festival de Teste');
      expect(sent[0]?.text).toContain('taxa de serviço');
    } finally {
      offsetMs = 0;
    }
    await ledgerSound();
  });

  function followDeps() {
    return {
      providers: h.app.payments,
      now: h.app.now,
      log: h.app.log,
      mailer: h.mailer,
      siteUrl: 'http://site.test',
    };
  }
});
