import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { balanceOf, trialBalance, walletBalance } from '../../src/ledger/index.ts';
import { releaseDeadWalletParts } from '../../src/wallet/checkout.ts';
import { refreshOpenReturns, returnAfterEvents, returnLeftover } from '../../src/wallet/returns.ts';
import { reconcilePendingTopUps } from '../../src/wallet/topup.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { expireOrder, type PaymentsHarness, reserve, startPaymentsHarness } from '../payments/support.ts';

interface TopUpAnswer {
  id: number;
  txid: string;
  status: string;
  amountCents: number;
  brcode: string;
  qrSvg: string;
  simulateUrl?: string;
}

describe('the cashless wallet', () => {
  let h: PaymentsHarness;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let producer: TestCustomer;
  let stranger: TestCustomer;
  let eventId: number;
  let otherEventId: number;
  let pistaLot: number;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    buyer = await createCustomer(h.database.db, 'carteira@plateia.dev');
    other = await createCustomer(h.database.db, 'outra-carteira@plateia.dev');
    producer = await createCustomer(h.database.db, 'produtor-carteira@plateia.dev', '1');
    stranger = await createCustomer(h.database.db, 'produtor-alheio@plateia.dev', '1');
    const event = await createEvent(h.database.db, festivalInput('festival-carteira', producer.id));
    eventId = event.id;
    pistaLot = event.lotIds[1]!;
    otherEventId = (await createEvent(h.database.db, festivalInput('festival-alheio', stranger.id))).id;
  });
  afterAll(() => h.close());

  const get = (url: string, auth = buyer.auth) => h.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, payload: unknown, auth = buyer.auth, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload: payload as object });
  const topUp = async (amountCents: number, auth = buyer.auth): Promise<TopUpAnswer> => {
    const res = await post('/wallet/topups', { amountCents }, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const simulate = (txid: string) => fetch(`${h.psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' });
  const balance = async (auth = buyer.auth) => (await get('/wallet', auth)).json().balanceCents as number;
  const paidTopUp = async (amountCents: number, auth = buyer.auth) => {
    const answer = await topUp(amountCents, auth);
    expect((await simulate(answer.txid)).status).toBe(200);
    await expect
      .poll(async () => (await get(`/wallet/topups/${answer.id}`, auth)).json().status)
      .toBe('credited');
    return answer;
  };
  const ledgerSound = async () => {
    const trial = await trialBalance(h.database.db);
    expect(trial).toEqual({
      totalCents: 0,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeWallets: [],
    });
  };
  const POLL = { timeout: 15_000, interval: 250 };
  const deps = (now = new Date()) => ({ providers: h.app.payments, now: () => now, log: h.app.log });

  it('answers 401 on every route without a session', async () => {
    for (const [method, url, payload = {}] of [
      ['GET', '/wallet'],
      ['GET', '/wallet/statement'],
      ['POST', '/wallet/topups', { amountCents: 1_000 }],
      ['GET', '/wallet/topups/1'],
      ['POST', '/wallet/returns'],
      ['GET', '/wallet/returns'],
      ['POST', '/wallet/checkout', { orderId: 1 }],
      ['POST', '/wallet/checkout/1/release'],
      ['POST', '/wallet/pay-code'],
      ['POST', `/wallet/pos/${eventId}/spend`, { code: 'PWAAAAAAAAAAAAAAAAAAAA', amountCents: 100 }],
    ] as [string, string, object?][]) {
      const res = await h.app.inject({
        method: method as 'GET',
        url,
        payload,
        headers: { 'idempotency-key': 'sem-sessao-1' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('tops up by PIX: the webhook credits the wallet once, a second delivery credits nothing', async () => {
    expect((await get('/wallet')).json()).toMatchObject({
      balanceCents: 0,
      minTopUpCents: 500,
      maxTopUpCents: 500_000,
    });
    const answer = await topUp(5_000);
    expect(answer.txid).toMatch(/^PLTW[0-9a-f]{28}$/);
    expect(answer.qrSvg).toContain('<svg');
    expect(answer.simulateUrl).toBe(h.psp.simulateUrl(answer.txid));
    expect((await h.app.payments.pix.getCharge(answer.txid))?.valor.original).toBe('50.00');

    const paid = await simulate(answer.txid);
    const { pix, webhookStatus } = (await paid.json()) as {
      pix: { endToEndId: string };
      webhookStatus: number;
    };
    expect(webhookStatus).toBe(200);
    expect(await walletBalance(h.database.db, buyer.id)).toBe(5_000);
    // The PSP delivers the same notification again: nothing more is credited.
    const again = await fetch(`${h.apiUrl}/payments/webhooks/pix/${h.webhookSecret}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pix: [
          {
            endToEndId: pix.endToEndId,
            txid: answer.txid,
            valor: '50.00',
            horario: new Date().toISOString(),
          },
        ],
      }),
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { results: { result: string }[] }).results[0]!.result).toBe('duplicate');
    // A forged endToEndId the PSP does not list credits nothing either.
    const forged = await fetch(`${h.apiUrl}/payments/webhooks/pix/${h.webhookSecret}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [{ endToEndId: `E${'9'.repeat(31)}`, txid: answer.txid }] }),
    });
    expect(forged.status).toBe(200);
    expect(await balance()).toBe(5_000);
    const status = (await get(`/wallet/topups/${answer.id}`)).json();
    expect(status.status).toBe('credited');
    const credits = await selectRows(
      h.database.db,
      sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${`topup:${answer.id}`}`,
    );
    expect(credits).toHaveLength(1);
    await ledgerSound();
  });

  it('finds a top-up whose webhook was lost by polling its status, and by the reconcile job', async () => {
    await h.app.payments.pix.configureWebhook(h.app.payments.settings.pixKey, 'http://127.0.0.1:9/perdido');
    try {
      const polled = await topUp(1_000, other.auth);
      await simulate(polled.txid);
      expect(h.psp.lastWebhook.get(polled.txid)?.status).toBe('unreachable');
      expect(await walletBalance(h.database.db, other.id)).toBe(0);
      expect((await get(`/wallet/topups/${polled.id}`, other.auth)).json().status).toBe('credited');
      expect(await walletBalance(h.database.db, other.id)).toBe(1_000);

      const reconciled = await topUp(700, other.auth);
      await simulate(reconciled.txid);
      await reconcilePendingTopUps(h.database.db, deps());
      expect(await walletBalance(h.database.db, other.id)).toBe(1_700);
    } finally {
      await h.app.payments.pix.configureWebhook(
        h.app.payments.settings.pixKey,
        `${h.apiUrl}/payments/webhooks/pix/${h.webhookSecret}`,
      );
    }
    await ledgerSound();
  });

  it('checks top-up limits and ownership', async () => {
    const small = await post('/wallet/topups', { amountCents: 499 });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('O valor mínimo de recarga é R$ 5,00.');
    const large = await post('/wallet/topups', { amountCents: 500_001 });
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe('O valor máximo de recarga é R$ 5.000,00.');
    const mine = await topUp(500);
    const theirs = await get(`/wallet/topups/${mine.id}`, other.auth);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('Esta recarga pertence a outro cliente.');
    expect((await get('/wallet/topups/999999')).statusCode).toBe(404);
  });

  it('pays part of an order with the wallet and the rest by PIX', async () => {
    const before = await balance();
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const part = await post('/wallet/checkout', { orderId: order.id, amountCents: 2_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      walletCents: 2_000,
      dueCents: order.totalCents - 2_000,
      status: 'held',
      paid: false,
    });
    // Held at once: the same balance cannot pay a second order.
    expect(await balance()).toBe(before - 2_000);
    // Another customer cannot touch this order.
    expect((await post('/wallet/checkout', { orderId: order.id }, other.auth)).statusCode).toBe(403);
    expect((await post('/wallet/checkout', { orderId: order.id })).statusCode).toBe(409);

    const pix = await post('/payments/pix', { orderId: order.id });
    expect(pix.json().amount).toBe(order.totalCents - 2_000);
    expect((await h.app.payments.pix.getCharge(pix.json().txid))?.valor.original).toBe(
      `${Math.floor((order.totalCents - 2_000) / 100)}.${String((order.totalCents - 2_000) % 100).padStart(2, '0')}`,
    );
    // With a PIX under way the wallet part stays as it is.
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/wallet/checkout/${order.id}/release`,
          headers: buyer.auth,
        })
      ).statusCode,
    ).toBe(409);
    await simulate(pix.json().txid);
    await expect.poll(async () => (await get(`/payments/${order.id}/status`)).json().status).toBe('paid');
    const tickets = (await get('/tickets')).json().tickets as { order: { id: number } | null }[];
    expect(tickets.some((ticket) => ticket.order?.id === order.id)).toBe(true);
    const part2 = await selectOne<{ status: string }>(
      h.database.db,
      sql`SELECT status FROM wallet_order_parts WHERE order_id = ${order.id}`,
    );
    expect(part2?.status).toBe('spent');
    await ledgerSound();
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBe(0);
  });

  it('pays a whole order with the wallet: settled at once, tickets issued, confirmation sent', async () => {
    await paidTopUp(20_000);
    const before = await balance();
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const sentBefore = h.mailer.sent.length;
    const res = await post('/wallet/checkout', { orderId: order.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      walletCents: order.totalCents,
      dueCents: 0,
      status: 'spent',
      paid: true,
    });
    expect(await balance()).toBe(before - order.totalCents);
    expect((await get(`/payments/${order.id}/status`)).json().status).toBe('paid');
    expect(h.mailer.sent.length).toBeGreaterThan(sentBefore);
    expect((await post('/payments/pix', { orderId: order.id })).statusCode).toBe(409);
    const statement = (await get('/wallet/statement?kind=wallet_spend')).json();
    expect(statement.lines[0]).toMatchObject({
      kind: 'wallet_spend',
      amountCents: -order.totalCents,
      orderId: order.id,
    });
    await ledgerSound();
  });

  it('refuses more than the balance, and gives a held part back when the order dies unpaid', async () => {
    const poor = await createCustomer(h.database.db, `pobre-${randomUUID()}@plateia.dev`);
    const order = await reserve(h.app, poor, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const empty = await post('/wallet/checkout', { orderId: order.id }, poor.auth);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Você não tem saldo na carteira.');
    await paidTopUp(1_000, poor.auth);
    const tooMuch = await post('/wallet/checkout', { orderId: order.id, amountCents: 1_500 }, poor.auth);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('Saldo insuficiente na carteira.');
    expect((await post('/wallet/checkout', { orderId: order.id }, poor.auth)).json().walletCents).toBe(1_000);
    expect(await balance(poor.auth)).toBe(0);
    await expireOrder(h.database, order.id);
    // The reservation's end marks the order expired (status polling does it too).
    expect((await get(`/payments/${order.id}/status`, poor.auth)).json().status).toBe('expired');
    await h.database.db.execute(sql`UPDATE orders SET status = 'expired' WHERE id = ${order.id}`);
    expect(await releaseDeadWalletParts(h.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await balance(poor.auth)).toBe(1_000);
    expect(await releaseDeadWalletParts(h.database.db, new Date())).toBe(0);
    expect(await balance(poor.auth)).toBe(1_000);
    await ledgerSound();
  });

  it('never overdraws under concurrent spends from one wallet', async () => {
    const hot = await createCustomer(h.database.db, `quente-${randomUUID()}@plateia.dev`);
    await paidTopUp(1_000, hot.auth);
    const code = (await post('/wallet/pay-code', {}, hot.auth)).json().code as string;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(`/wallet/pos/${eventId}/spend`, { code, amountCents: 300 }, producer.auth, {
          'idempotency-key': `corrida-${i}-${randomUUID()}`,
        }),
      ),
    );
    const ok = results.filter((res) => res.statusCode === 200).length;
    expect(ok).toBe(3);
    expect(results.filter((res) => res.statusCode === 409).length).toBe(9);
    expect(await balance(hot.auth)).toBe(100);
    await ledgerSound();
  });

  it('spends at the point of sale: producer-only, idempotent by key, customer known by a pay code', async () => {
    const spender = await createCustomer(h.database.db, `pdv-${randomUUID()}@plateia.dev`);
    await paidTopUp(3_000, spender.auth);
    const payCode = (await post('/wallet/pay-code', {}, spender.auth)).json();
    expect(payCode.code).toMatch(/^PW[A-Z2-7]{20}$/);
    expect(payCode.qrSvg).toContain('<svg');
    const key = { 'idempotency-key': `pdv-${randomUUID()}` };
    const spend = (
      auth = producer.auth,
      event = eventId,
      body: object = { code: payCode.code, amountCents: 1_250, description: 'Cerveja' },
    ) => post(`/wallet/pos/${event}/spend`, body, auth, key);

    expect((await spend(buyer.auth)).statusCode).toBe(403);
    // A producer charges only at their own organisation's events; another's answers as unknown.
    expect((await spend(stranger.auth)).statusCode).toBe(404);
    expect((await spend(producer.auth, otherEventId)).statusCode).toBe(404);
    expect((await spend(producer.auth, 999_999)).statusCode).toBe(404);
    const bad = await spend(producer.auth, eventId, { code: 'PWAAAAAAAAAAAAAAAAAAAA', amountCents: 100 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(
      'Código de pagamento inválido ou expirado. Peça ao cliente para gerar outro.',
    );

    const first = await spend();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amountCents: 1_250, replayed: false });
    const retry = await spend();
    expect(retry.json()).toMatchObject({ id: first.json().id, replayed: true });
    const reused = await spend(producer.auth, eventId, { code: payCode.code, amountCents: 999 });
    expect(reused.statusCode).toBe(409);
    expect(await balance(spender.auth)).toBe(1_750);
    expect(await balanceOf(h.database.db, { kind: 'producer_revenue', eventId })).toBeGreaterThanOrEqual(
      1_250,
    );
    const lines = (await get('/wallet/statement?kind=pos_spend', spender.auth)).json().lines;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'pos_spend', amountCents: -1_250, memo: 'Cerveja' });
    await ledgerSound();
  });

  it('filters and pages the statement, and refuses a bad period', async () => {
    const page1 = (await get('/wallet/statement?limit=2')).json();
    expect(page1.lines).toHaveLength(2);
    expect(page1.nextBefore).toBe(page1.lines[1].entryId);
    const page2 = (await get(`/wallet/statement?limit=2&before=${page1.nextBefore}`)).json();
    expect(page2.lines[0].entryId).toBeLessThan(page1.nextBefore);
    const topUps = (await get('/wallet/statement?kind=wallet_topup&limit=100')).json().lines as {
      kind: string;
      amountCents: number;
    }[];
    expect(topUps.length).toBeGreaterThan(0);
    expect(topUps.every((line) => line.kind === 'wallet_topup' && line.amountCents > 0)).toBe(true);
    const future = (await get('/wallet/statement?from=2999-01-01')).json();
    expect(future.lines).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/wallet/statement?from=2000-01-01&to=${today}`)).json().lines.length).toBeGreaterThan(
      0,
    );
    const bad = await get('/wallet/statement?from=ontem');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Período inválido.');
    expect((await get('/wallet/statement?kind=nada')).statusCode).toBe(400);
    // Another customer's statement holds none of these lines.
    const theirs = (await get('/wallet/statement?limit=100', other.auth)).json().lines as {
      entryId: number;
    }[];
    expect(theirs.some((line) => line.entryId === page1.lines[0].entryId)).toBe(false);
  });

  it('returns the leftover newest top-up first, each at most its top-up, only inside 90 days', async () => {
    const saver = await createCustomer(h.database.db, `devolve-${randomUUID()}@plateia.dev`);
    const old = await paidTopUp(4_000, saver.auth);
    const middle = await paidTopUp(1_000, saver.auth);
    const newest = await paidTopUp(2_000, saver.auth);
    // The oldest top-up is from 100 days ago: outside the window.
    await h.database.db.execute(
      sql`UPDATE wallet_topups SET paid_at = now() - interval '100 days' WHERE id = ${old.id}`,
    );
    await h.database.db.execute(
      sql`UPDATE wallet_topups SET paid_at = now() - interval '1 day' WHERE id = ${middle.id}`,
    );
    // Spend 2,500: 4,500 left, of which 3,000 can go back (the two recent top-ups).
    const code = (await post('/wallet/pay-code', {}, saver.auth)).json().code;
    await post(`/wallet/pos/${eventId}/spend`, { code, amountCents: 2_500 }, producer.auth, {
      'idempotency-key': `dev-${randomUUID()}`,
    });
    expect((await get('/wallet', saver.auth)).json()).toMatchObject({
      balanceCents: 4_500,
      returnableCents: 3_000,
    });

    const res = await post('/wallet/returns', {}, saver.auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.returns.map((r: { topUpId: number; amountCents: number }) => [r.topUpId, r.amountCents]),
    ).toEqual([
      [newest.id, 2_000],
      [middle.id, 1_000],
    ]);
    expect(body).toMatchObject({
      returnedCents: 3_000,
      balanceCents: 1_500,
      message: 'Devolução solicitada. O valor chega à sua conta PIX em instantes.',
    });
    // At the PSP, each devolução is against its own top-up's PIX.
    const newestE2e = (await selectOne<{ end_to_end_id: string }>(
      h.database.db,
      sql`SELECT end_to_end_id FROM wallet_topups WHERE id = ${newest.id}`,
    ))!.end_to_end_id;
    await expect
      .poll(async () => {
        await refreshOpenReturns(h.database.db, deps());
        return (await get('/wallet/returns', saver.auth))
          .json()
          .returns.map((r: { status: string }) => r.status);
      }, POLL)
      .toEqual(['returned', 'returned']);
    expect(h.psp.devolvido(newestE2e).returnedCents).toBe(2_000);
    // Nothing more can go back: the rest came from a top-up outside the window.
    const again = await post('/wallet/returns', {}, saver.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Não há saldo de recargas dos últimos 90 dias para devolver.');
    await ledgerSound();
  });

  it('gives a return back to the wallet when the PSP does not make the devolução', async () => {
    const unlucky = await createCustomer(h.database.db, `falha-${randomUUID()}@plateia.dev`);
    await paidTopUp(800, unlucky.auth);
    h.psp.failNextDevolucao('*');
    const res = await post('/wallet/returns', {}, unlucky.auth);
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => {
        await refreshOpenReturns(h.database.db, deps());
        return (await get('/wallet/returns', unlucky.auth)).json().returns[0].status;
      }, POLL)
      .toBe('failed');
    expect(await balance(unlucky.auth)).toBe(800);
    expect((await get('/wallet', unlucky.auth)).json().returnableCents).toBe(800);
    await ledgerSound();
  });

  it("closes a return on the PSP's webhook news of its devolução, without the job", async () => {
    const hurried = await createCustomer(h.database.db, `noticia-${randomUUID()}@plateia.dev`);
    await paidTopUp(600, hurried.auth);
    const res = await post('/wallet/returns', {}, hurried.auth);
    expect(res.statusCode, res.body).toBe(200);
    // The sandbox PSP ends the devolução by itself and POSTs it inside the top-up's `pix` item;
    // the devolução machine confirms it and hands it to the return (no refreshOpenReturns here).
    await expect
      .poll(async () => (await get('/wallet/returns', hurried.auth)).json().returns[0].status, POLL)
      .toBe('returned');
    expect(await balance(hurried.auth)).toBe(0);
    await ledgerSound();
  });

  it('returns the leftover by itself after the event', async () => {
    const fan = await createCustomer(h.database.db, `fa-${randomUUID()}@plateia.dev`);
    await paidTopUp(1_500, fan.auth);
    const code = (await post('/wallet/pay-code', {}, fan.auth)).json().code;
    await post(`/wallet/pos/${eventId}/spend`, { code, amountCents: 500 }, producer.auth, {
      'idempotency-key': `auto-${randomUUID()}`,
    });
    // Not before the event is over.
    await returnAfterEvents(h.database.db, deps());
    expect(await balance(fan.auth)).toBe(1_000);
    const event = await selectOne<{ ends_at: string | Date }>(
      h.database.db,
      sql`SELECT ends_at FROM events WHERE id = ${eventId}`,
    );
    const later = new Date(new Date(event!.ends_at).getTime() + 13 * 60 * 60 * 1000);
    expect(await returnAfterEvents(h.database.db, deps(later))).toBeGreaterThanOrEqual(1);
    expect(await balance(fan.auth)).toBe(0);
    const returns = (await get('/wallet/returns', fan.auth)).json().returns;
    expect(returns[0]).toMatchObject({ amountCents: 1_000 });
    await ledgerSound();
  });

  it('a customer return races a spend without ever overdrawing', async () => {
    const racer = await createCustomer(h.database.db, `corrida-${randomUUID()}@plateia.dev`);
    await paidTopUp(1_000, racer.auth);
    const code = (await post('/wallet/pay-code', {}, racer.auth)).json().code;
    const [ret, spend] = await Promise.all([
      returnLeftover(h.database.db, deps(), racer.id, 'customer').catch((error: Error) => error),
      post(`/wallet/pos/${eventId}/spend`, { code, amountCents: 600 }, producer.auth, {
        'idempotency-key': `r-${randomUUID()}`,
      }),
    ]);
    const returned = ret instanceof Error ? 0 : ret.returnedCents;
    const spent = spend.statusCode === 200 ? 600 : 0;
    expect(returned + spent).toBeLessThanOrEqual(1_000);
    expect(await walletBalance(h.database.db, racer.id)).toBe(1_000 - returned - spent);
    await ledgerSound();
  });
});
