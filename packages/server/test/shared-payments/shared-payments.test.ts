import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { balanceOf, trialBalance } from '../../src/ledger/index.ts';
import { confirmPix } from '../../src/payments/pix.ts';
import { pixWebhookUrl } from '../../src/payments/providers.ts';
import { paymentDeps } from '../../src/routes/payment-deps.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { lot, type PaymentsHarness, reserve, startPaymentsHarness } from '../payments/support.ts';

const HOUR = 3_600_000;

interface ShareBody {
  id: number;
  position: number;
  email: string;
  isLeader: boolean;
  isViewer: boolean;
  amountCents: number;
  tickets: number;
  status: string;
  paidAt: string | null;
  refundedAt: string | null;
  emailSentAt: string | null;
}

interface GroupBody {
  id: number;
  status: string;
  orderId: number;
  totalCents: number;
  paidCents: number;
  deadline: string;
  closesAt: string;
  viewerRole: string;
  shares: ShareBody[];
}

/**
 * Shared payments over real sockets: the API host and the sandbox PSP (paid through its
 * "Simular pagamento" action, which POSTs the webhook), with one clock for both that the tests
 * move past deadlines; on PGlite or PostgreSQL.
 */
describe('shared payments', () => {
  let h: PaymentsHarness;
  let offsetMs = 0;
  /** The PSP's clock ahead of ours (a PSP whose charges outlive our close). */
  let pspSkewMs = 0;
  let leader: TestCustomer;
  let friend: TestCustomer;
  let stranger: TestCustomer;
  const newcomer = 'nova.amiga@exemplo.com';
  let eventId: number;
  let pistaLot: number;

  beforeAll(async () => {
    h = await startPaymentsHarness({
      clock: () => new Date(Date.now() + offsetMs),
      psp: { now: () => new Date(Date.now() + offsetMs + pspSkewMs), devolucaoDelayMs: null },
    });
    leader = await createCustomer(h.database.db, 'lider@plateia.dev');
    friend = await createCustomer(h.database.db, 'amigo@plateia.dev');
    stranger = await createCustomer(h.database.db, 'estranho@plateia.dev');
    await h.database.db.execute(sql`UPDATE customers SET namef = 'Lia Souza' WHERE id = ${leader.id}`);
    await h.database.db.execute(sql`UPDATE customers SET namef = 'Caio' WHERE id = ${friend.id}`);
  });
  afterAll(() => h.close());
  let events = 0;
  beforeEach(async () => {
    offsetMs = 0;
    pspSkewMs = 0;
    // One open group per customer per event: each test splits on an event of its own.
    const event = await createEvent(h.database.db, festivalInput(`festival-em-grupo-${++events}`));
    eventId = event.id;
    pistaLot = event.lotIds[1]!;
  });

  const post = (url: string, auth: { authorization: string } | undefined, payload?: unknown) =>
    h.app.inject({
      method: 'POST',
      url,
      ...(auth ? { headers: auth } : {}),
      ...(payload ? { payload } : {}),
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });

  /** Reserves `qty` Pista tickets for the leader and splits them in three (leader, friend, newcomer). */
  async function createGroup(qty = 3, extra: Record<string, unknown> = {}) {
    const order = await reserve(h.app, leader, eventId, [{ tk_id: pistaLot, tk_qtd: qty }]);
    const third = Math.floor(order.totalCents / 3);
    const res = await post('/shared-payments/create', leader.auth, {
      orderId: order.id,
      shares: [
        { email: leader.email, amountCents: order.totalCents - 2 * third, tickets: qty - 2 },
        { email: friend.email, amountCents: third, tickets: 1 },
        { email: newcomer, amountCents: third, tickets: 1 },
      ],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { order, group: res.json() as GroupBody };
  }

  /** The token of a share's link, from the last invitation e-mailed for it. */
  function tokenOf(shareId: number): string {
    const mail = [...h.mailer.sent].reverse().find((m) => m.text.includes(`/cota/${shareId}?t=`));
    const match = mail && new RegExp(`/cota/${shareId}\\?t=([A-Za-z0-9_%-]+)`).exec(mail.text);
    if (!match) throw new Error(`no invitation for share ${shareId}`);
    return decodeURIComponent(match[1]!);
  }

  /** Pays a share at the PSP ("Simular pagamento"); the PSP posts the webhook. */
  async function payShare(shareId: number, auth: Record<string, string> = leader.auth) {
    const page = await get(`/shared-payments/payment/${shareId}`, auth);
    expect(page.statusCode, page.body).toBe(200);
    const pix = page.json().pix as { txid: string; simulateUrl: string } | null;
    expect(pix).not.toBeNull();
    const paid = await fetch(`${pix!.simulateUrl}/pagar`, { method: 'POST' });
    expect(paid.status, await paid.clone().text()).toBe(200);
    return {
      txid: pix!.txid,
      e2eid: ((await paid.json()) as { pix: { endToEndId: string } }).pix.endToEndId,
    };
  }

  const groupRow = (id: number) =>
    get(`/shared-payments/status/${id}`, leader.auth).then((r) => r.json() as GroupBody);
  async function ledgerSound() {
    expect(await trialBalance(h.database.db)).toEqual({
      totalCents: 0,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeWallets: [],
    });
  }

  /** The leader pays their own share and the every-minute sweep sends the friends' invitations. */
  async function inviteFriends(group: GroupBody) {
    await payShare(group.shares[0]!.id);
    await runDueJobs(h.app, { scheduled: true, names: ['shared-payments.expire-due'] });
  }

  it('creates a group: charges per share, order held until the close, invitations once the leader paid', async () => {
    const before = await lot(h.database, pistaLot);
    const { order, group } = await createGroup();
    expect(group).toMatchObject({
      status: 'open',
      orderId: order.id,
      totalCents: order.totalCents,
      paidCents: 0,
    });
    expect(group.viewerRole).toBe('leader');
    expect(group.shares.map((s) => [s.position, s.email, s.tickets, s.status])).toEqual([
      [1, leader.email, 1, 'pending'],
      [2, friend.email, 1, 'pending'],
      [3, newcomer, 1, 'pending'],
    ]);
    expect(group.shares.reduce((sum, s) => sum + s.amountCents, 0)).toBe(order.totalCents);
    const closes = new Date(group.closesAt).getTime();
    expect(closes - new Date(group.deadline).getTime()).toBe(HOUR);
    expect(Math.abs(new Date(group.deadline).getTime() - Date.now() - 24 * HOUR)).toBeLessThan(60_000);
    const expiry = async () =>
      new Date(
        (await selectOne<{ expires_at: Date | string }>(
          h.database.db,
          sql`SELECT expires_at FROM orders WHERE id = ${order.id}`,
        ))!.expires_at,
      ).getTime();
    // Held for the group's close only once the leader paid their own share.
    expect(await expiry()).toBe(new Date(order.expiresAt).getTime());
    expect(await lot(h.database, pistaLot)).toEqual({ ...before, reserved: before.reserved + 3 });
    // No invitation before the leader's own share is paid.
    const invites = () => h.mailer.sent.filter((m) => m.text.includes('/pagamento-compartilhado/cota/'));
    const sentBefore = invites().length;
    expect(group.shares[1]!.emailSentAt).toBeNull();
    await inviteFriends(group);
    expect(await expiry()).toBe(closes);
    // Then one invitation per friend, with the share's link; none to the leader.
    const sent = invites().slice(sentBefore);
    expect(sent.filter((m) => m.to === friend.email)).toHaveLength(1);
    expect(sent.filter((m) => m.to === newcomer)).toHaveLength(1);
    expect(sent.filter((m) => m.to === leader.email)).toHaveLength(0);
    expect(sent.find((m) => m.to === friend.email)!.subject).toContain('Lia');
    expect((await groupRow(group.id)).shares[1]!.emailSentAt).not.toBeNull();
    // The leader's own checkout of that order is closed, and the order cannot be shared twice.
    const pix = await post('/payments/pix', leader.auth, { orderId: order.id });
    expect(pix.statusCode).toBe(409);
    expect(pix.json().message).toContain('pago em grupo');
    const again = await post('/shared-payments/create', leader.auth, {
      orderId: order.id,
      shares: [
        { email: leader.email, amountCents: order.totalCents - 100, tickets: 3 },
        { email: 'x@exemplo.com', amountCents: 100, tickets: 0 },
      ],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este pedido já está sendo pago em grupo.');
  });

  it('refuses a bad split in pt-BR, someone else’s order, and no session', async () => {
    const order = await reserve(h.app, leader, eventId, [{ tk_id: pistaLot, tk_qtd: 2 }]);
    const split = (shares: unknown[], auth = leader.auth) =>
      post('/shared-payments/create', auth, { orderId: order.id, shares });
    const half = order.totalCents / 2;
    const wrongSum = await split([
      { email: leader.email, amountCents: half, tickets: 1 },
      { email: friend.email, amountCents: half - 1, tickets: 1 },
    ]);
    expect(wrongSum.statusCode).toBe(400);
    expect(wrongSum.json().message).toMatch(/^As partes somam R\$/);
    const notLeaderFirst = await split([
      { email: friend.email, amountCents: half, tickets: 1 },
      { email: leader.email, amountCents: half, tickets: 1 },
    ]);
    expect(notLeaderFirst.json()).toEqual({ error: 'validation', message: 'A primeira parte é a sua.' });
    const alone = await split([{ email: leader.email, amountCents: order.totalCents, tickets: 2 }]);
    expect(alone.json().message).toBe('Adicione pelo menos um amigo para dividir o pagamento.');
    const tooSmall = await split([
      { email: leader.email, amountCents: order.totalCents - 99, tickets: 1 },
      { email: friend.email, amountCents: 99, tickets: 1 },
    ]);
    expect(tooSmall.json().message).toBe('Cada parte deve ser de pelo menos R$ 1,00.');
    const badDeadline = await post('/shared-payments/create', leader.auth, {
      orderId: order.id,
      deadline: 'amanhã',
      shares: [
        { email: leader.email, amountCents: half, tickets: 1 },
        { email: friend.email, amountCents: half, tickets: 1 },
      ],
    });
    expect(badDeadline.statusCode).toBe(400);
    const tooSoon = await post('/shared-payments/create', leader.auth, {
      orderId: order.id,
      deadline: new Date(Date.now() + 10 * 60_000).toISOString(),
      shares: [
        { email: leader.email, amountCents: half, tickets: 1 },
        { email: friend.email, amountCents: half, tickets: 1 },
      ],
    });
    expect(tooSoon.json()).toEqual({
      error: 'validation',
      message: 'Escolha um prazo de pelo menos 30 minutos a partir de agora.',
    });
    // An event too close leaves no window at all (the deadline stops 24 h before it starts).
    const soon = await createEvent(h.database.db, {
      ...festivalInput('festival-amanha'),
      startsAt: new Date(Date.now() + 20 * HOUR),
      endsAt: new Date(Date.now() + 26 * HOUR),
    });
    const soonOrder = await reserve(h.app, leader, soon.id, [{ tk_id: soon.lotIds[1]!, tk_qtd: 1 }]);
    const tooLate = await post('/shared-payments/create', leader.auth, {
      orderId: soonOrder.id,
      shares: [
        { email: leader.email, amountCents: soonOrder.totalCents - 100, tickets: 1 },
        { email: friend.email, amountCents: 100, tickets: 0 },
      ],
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(
      'Não há tempo suficiente antes do evento para dividir este pagamento.',
    );
    const theirs = await split(
      [
        { email: friend.email, amountCents: half, tickets: 1 },
        { email: leader.email, amountCents: half, tickets: 1 },
      ],
      friend.auth,
    );
    expect(theirs.statusCode).toBe(403);
    expect(
      (await post('/shared-payments/create', undefined, { orderId: order.id, shares: [] })).statusCode,
    ).toBe(401);
    const unknown = await post('/shared-payments/create', leader.auth, { orderId: 2_000_000, shares: [] });
    expect(unknown.statusCode).toBe(404);
    // Nothing was created for the order: it is still the leader's to pay alone.
    const groups = await selectRows(
      h.database.db,
      sql`SELECT id FROM shared_payments WHERE order_id = ${order.id}`,
    );
    expect(groups).toHaveLength(0);
  });

  it('pays shares in any order; the last one settles the order and every participant gets their ticket', async () => {
    const { order, group } = await createGroup();
    const [mine, friends, newcomers] = group.shares;
    const producerBefore = await balanceOf(h.database.db, { kind: 'producer_revenue', eventId });
    const clearingBefore = await balanceOf(h.database.db, { kind: 'platform_clearing' });
    // The leader pays first (the invitations wait for it), then the newcomer from the e-mailed
    // link, without an account.
    await inviteFriends(group);
    expect((await groupRow(group.id)).status).toBe('open');
    const token = tokenOf(newcomers!.id);
    const third = await payShare(newcomers!.id, { 'x-share-token': token });
    let state = await groupRow(group.id);
    expect(state.status).toBe('open');
    expect(state.shares[2]).toMatchObject({ status: 'paid' });
    expect(state.paidCents).toBe(mine!.amountCents + newcomers!.amountCents);
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBe(
      clearingBefore + mine!.amountCents + newcomers!.amountCents,
    );
    // The same PIX notified again (webhook replayed, reconcile) is credited once.
    const replay = await fetch(`${pixWebhookUrl(h.app.config)}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [{ endToEndId: third.e2eid, txid: third.txid }] }),
    });
    expect(replay.status, await replay.clone().text()).toBe(200);
    expect(await confirmPix(h.database.db, paymentDeps(h.app), third.txid, third.e2eid)).toBe('duplicate');
    expect(await confirmPix(h.database.db, paymentDeps(h.app), third.txid)).toBe('duplicate');
    expect((await groupRow(group.id)).paidCents).toBe(mine!.amountCents + newcomers!.amountCents);
    const receipts = await selectRows(
      h.database.db,
      sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${`payment:${(await paymentOfShare(newcomers!.id)).id}`}`,
    );
    expect(receipts).toHaveLength(1);

    // The friend pays logged in, from their own session.
    await payShare(friends!.id, friend.auth);
    state = await groupRow(group.id);
    expect(state.status).toBe('completed');
    expect(state.paidCents).toBe(order.totalCents);
    expect(state.shares.every((s) => s.status === 'paid')).toBe(true);
    const orderRow = await selectOne<{ status: string }>(
      h.database.db,
      sql`SELECT status FROM orders WHERE id = ${order.id}`,
    );
    expect(orderRow?.status).toBe('paid');
    const tickets = await selectRows<{ holder_email: string; customer_id: number | null }>(
      h.database.db,
      sql`SELECT holder_email, customer_id FROM tickets WHERE order_id = ${order.id} ORDER BY id`,
    );
    expect(
      tickets.map((t) => [t.holder_email, t.customer_id === null ? null : Number(t.customer_id)]).sort(),
    ).toEqual(
      [
        [friend.email, friend.id],
        [leader.email, leader.id],
        [newcomer, null],
      ].sort(),
    );
    // The friend finds it in Meus Ingressos; the newcomer gets it on sign-up (e-mailed to say so).
    const mine2 = (await get('/tickets', friend.auth)).json().tickets as { eventId?: number }[];
    expect(mine2.length).toBeGreaterThan(0);
    expect(h.mailer.sent.some((m) => m.to === newcomer && /ingresso/i.test(m.subject))).toBe(true);
    // Revenue recognised once; clearing back where it was.
    expect(await balanceOf(h.database.db, { kind: 'platform_clearing' })).toBe(clearingBefore);
    expect(await balanceOf(h.database.db, { kind: 'producer_revenue', eventId })).toBeGreaterThan(
      producerBefore,
    );
    await ledgerSound();
    // Paid shares show no charge any more.
    expect((await get(`/shared-payments/payment/${mine!.id}`, leader.auth)).json().pix).toBeNull();
  });

  async function paymentOfShare(shareId: number) {
    const row = await selectOne<{ id: number; status: string }>(
      h.database.db,
      sql`SELECT p.id, p.status FROM shared_payment_shares s JOIN payments p ON p.id = s.payment_id WHERE s.id = ${shareId}`,
    );
    return { id: Number(row!.id), status: row!.status };
  }

  it('who sees what: token, session e-mail or leader; others 401/403; participants see masked e-mails', async () => {
    const { group } = await createGroup();
    const [mine, friends, newcomers] = group.shares;
    await inviteFriends(group);
    const token = tokenOf(newcomers!.id);
    const byToken = await get(`/shared-payments/status/${group.id}`, { 'x-share-token': token });
    expect(byToken.statusCode).toBe(200);
    const seen = byToken.json() as GroupBody;
    expect(seen.viewerRole).toBe('participant');
    expect(seen.shares.map((s) => s.email)).toEqual(['l***@plateia.dev', 'a***@plateia.dev', newcomer]);
    expect(seen.shares[2]!.isViewer).toBe(true);
    const page = await get(`/shared-payments/payment/${newcomers!.id}`, { 'x-share-token': token });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ message: 'Aguardando pagamento', share: { id: newcomers!.id } });
    expect(page.json().pix.brcode).toMatch(/^000201/);
    expect(page.json().pix.simulateUrl).toContain('/sandbox/cob/');
    // A token opens its own share only.
    expect(
      (await get(`/shared-payments/payment/${friends!.id}`, { 'x-share-token': token })).statusCode,
    ).toBe(403);
    expect((await get(`/shared-payments/payment/${friends!.id}`, friend.auth)).statusCode).toBe(200);
    expect((await get(`/shared-payments/payment/${mine!.id}`, friend.auth)).statusCode).toBe(403);
    expect((await get(`/shared-payments/status/${group.id}`, friend.auth)).json().viewerRole).toBe(
      'participant',
    );
    expect((await get(`/shared-payments/status/${group.id}`)).statusCode).toBe(401);
    expect((await get(`/shared-payments/payment/${mine!.id}`)).statusCode).toBe(401);
    expect((await get(`/shared-payments/status/${group.id}`, stranger.auth)).statusCode).toBe(403);
    expect((await get(`/shared-payments/status/${group.id}`, { 'x-share-token': 'nope' })).statusCode).toBe(
      403,
    );
    expect((await get('/shared-payments/status/2000000', leader.auth)).statusCode).toBe(404);
    expect((await get('/shared-payments/status/abc', leader.auth)).statusCode).toBe(400);

    // Resend: the leader only, unpaid friends' e-mails only, once per 5 minutes per share.
    const resend = (emails: string[], auth = leader.auth) =>
      post(`/shared-payments/resend-emails/${group.id}`, auth, { emails });
    expect((await resend([newcomer], friend.auth)).statusCode).toBe(403);
    expect((await resend([newcomer], stranger.auth)).statusCode).toBe(403);
    expect(
      (await post(`/shared-payments/resend-emails/${group.id}`, undefined, { emails: [newcomer] }))
        .statusCode,
    ).toBe(401);
    const unknownEmail = await resend(['ninguem@exemplo.com']);
    expect(unknownEmail.statusCode).toBe(400);
    expect(unknownEmail.json().message).toContain('ninguem@exemplo.com');
    const tooSoon = await resend([newcomer]);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(200);
    expect(tooSoon.json().message).toMatch(/^Aguarde \d+ minutos? para reenviar/);
    offsetMs += 6 * 60_000;
    try {
      const sent = await resend([newcomer.toUpperCase()]);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ sent: [newcomer] });
      // The new e-mail carries a new link; a page opened from the first one keeps working.
      const fresh = tokenOf(newcomers!.id);
      expect(fresh).not.toBe(token);
      expect(
        (await get(`/shared-payments/payment/${newcomers!.id}`, { 'x-share-token': fresh })).statusCode,
      ).toBe(200);
      expect(
        (await get(`/shared-payments/payment/${newcomers!.id}`, { 'x-share-token': token })).statusCode,
      ).toBe(200);
      // A link opens its own share only.
      expect(
        (await get(`/shared-payments/payment/${friends!.id}`, { 'x-share-token': fresh })).statusCode,
      ).toBe(403);
    } finally {
      offsetMs -= 6 * 60_000;
    }
  });

  it('lists per user: as leader, or as leader or participant; paged; only one’s own', async () => {
    const asLeader = await get(`/shared-payments/user/${leader.id}?limit=2`, leader.auth);
    expect(asLeader.statusCode).toBe(200);
    const body = asLeader.json() as {
      items: { id: number; viewerRole: string; sharesTotal: number }[];
      total: number;
      page: number;
      limit: number;
    };
    expect(body.page).toBe(1);
    expect(body.limit).toBe(2);
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.items[0]!.id).toBeGreaterThan(body.items[1]!.id);
    expect(body.items[0]).toMatchObject({ viewerRole: 'leader', sharesTotal: 3 });
    const defaults = (await get(`/shared-payments/user/${leader.id}`, leader.auth)).json();
    expect(defaults.limit).toBe(10);
    expect((await get(`/shared-payments/user/${friend.id}`, friend.auth)).json().total).toBe(0);
    const all = (await get(`/shared-payments/user-all/${friend.id}`, friend.auth)).json();
    expect(all.total).toBe(body.total);
    expect(all.items[0].viewerRole).toBe('participant');
    expect((await get(`/shared-payments/user-all/${stranger.id}`, stranger.auth)).json().total).toBe(0);
    // Someone else's list: 403; no session: 401; bad paging: 400.
    expect((await get(`/shared-payments/user/${leader.id}`, friend.auth)).statusCode).toBe(403);
    expect((await get(`/shared-payments/user-all/${leader.id}`, friend.auth)).statusCode).toBe(403);
    expect((await get(`/shared-payments/user-all/${leader.id}`)).statusCode).toBe(401);
    expect((await get(`/shared-payments/user/${leader.id}?limit=51`, leader.auth)).statusCode).toBe(400);
    const beyond = (await get(`/shared-payments/user/${leader.id}?page=99`, leader.auth)).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(body.total);
  });

  it('at the close without every share: paid shares refunded by devolução, order cancelled, seats back', async () => {
    const before = await lot(h.database, pistaLot);
    const { order, group } = await createGroup();
    const [, friends, newcomers] = group.shares;
    await inviteFriends(group);
    const { e2eid } = await payShare(friends!.id, friend.auth);
    // After the deadline only the leader may still pay; the friends' pages show no charge.
    offsetMs = 24 * HOUR + 5 * 60_000;
    const late = (
      await get(`/shared-payments/payment/${newcomers!.id}`, { 'x-share-token': tokenOf(newcomers!.id) })
    ).json();
    expect(late.pix).toBeNull();
    expect(late.message).toBe('Prazo encerrado. Agora só o organizador pode pagar esta parte.');
    const forLeader = (await get(`/shared-payments/payment/${newcomers!.id}`, leader.auth)).json();
    expect(forLeader.pix).not.toBeNull();
    // Nothing happens before the close.
    await runDueJobs(h.app, { scheduled: true, names: ['shared-payments.expire-due'] });
    expect((await groupRow(group.id)).status).toBe('open');

    offsetMs = 25 * HOUR + 60_000;
    await runDueJobs(h.app, { includeDeferred: true, names: ['shared-payments.expire'] });
    const state = await groupRow(group.id);
    expect(state.status).toBe('expired');
    expect(state.shares.map((s) => s.status)).toEqual(['refunding', 'refunding', 'cancelled']);
    const orderRow = await selectOne<{ status: string }>(
      h.database.db,
      sql`SELECT status FROM orders WHERE id = ${order.id}`,
    );
    expect(orderRow?.status).toBe('cancelled');
    // Every group of this file is past its close by now: all their units are back.
    expect(await lot(h.database, pistaLot)).toEqual({ sold: before.sold, reserved: 0 });
    expect((await paymentOfShare(newcomers!.id)).status).toBe('expired');
    // The devoluções were asked at once; the PSP ends them and the shares read refunded.
    const refunds = await selectRows<{
      id: number;
      devolucao_id: string;
      status: string;
      amount_cents: number;
      share_id: number;
    }>(
      h.database.db,
      sql`SELECT r.id, r.devolucao_id, r.status, r.amount_cents, s.id AS share_id FROM refunds r
          JOIN shared_payment_shares s ON s.payment_id = r.payment_id WHERE s.shared_payment_id = ${group.id} ORDER BY r.id`,
    );
    expect(refunds.map((r) => r.status)).toEqual(['processing', 'processing']);
    expect(h.psp.devolvido(e2eid)).toEqual({ returnedCents: 0, processingCents: friends!.amountCents });
    expect(
      await h.psp.settleDevolucao(
        e2eid,
        refunds.find((r) => Number(r.share_id) === friends!.id)!.devolucao_id,
        'DEVOLVIDO',
      ),
    ).toBe(true);
    const after = await groupRow(group.id);
    expect(after.shares[1]).toMatchObject({ status: 'refunded' });
    expect(after.shares[1]!.refundedAt).not.toBeNull();
    const friendPage = (await get(`/shared-payments/payment/${friends!.id}`, friend.auth)).json();
    expect(friendPage.message).toBe('Valor devolvido');
    // The newcomer, without an account, follows the expiry e-mail's link to their share's page.
    const notice = [...h.mailer.sent]
      .reverse()
      .find((m) => m.to === newcomer && m.text.includes(`pedido ${order.number} `))!;
    const closedPage = await get(`/shared-payments/payment/${newcomers!.id}`, {
      'x-share-token': tokenOf(newcomers!.id),
    });
    expect(notice.text).toContain(`/cota/${newcomers!.id}?t=`);
    expect(closedPage.json()).toMatchObject({
      pix: null,
      message: 'Prazo encerrado',
      share: { status: 'cancelled' },
    });
    expect(
      h.mailer.sent
        .filter(
          (m) =>
            m.subject.startsWith('Pagamento em grupo encerrado') &&
            m.text.includes(`pedido ${order.number} `),
        )
        .map((m) => m.to)
        .sort(),
    ).toEqual([friend.email, leader.email, newcomer].sort());
    // The job again (a second process, a retry) changes nothing.
    await runDueJobs(h.app, {
      includeDeferred: true,
      scheduled: true,
      names: ['shared-payments.expire-due'],
    });
    expect((await groupRow(group.id)).status).toBe('expired');
    await ledgerSound();
    offsetMs = 0;
  });

  it('a share paid after the close is refunded by the refunds job; the group still expires', async () => {
    // The PSP's clock runs an hour ahead when the charges open, so they outlive our close.
    pspSkewMs = HOUR;
    const before = await lot(h.database, pistaLot);
    const { group } = await createGroup();
    pspSkewMs = 0;
    const [, friends, newcomers] = group.shares;
    await payShare(friends!.id, friend.auth);
    offsetMs = 25 * HOUR + 60_000;
    // Paid after closesAt (by the PSP's time), before our job ran: kept for a refund.
    const page = await h.app.inject({
      method: 'GET',
      url: `/shared-payments/payment/${newcomers!.id}`,
      headers: leader.auth,
    });
    expect(page.json().pix).toBeNull();
    const txid = (await selectOne<{ txid: string }>(
      h.database.db,
      sql`SELECT p.txid FROM shared_payment_shares s JOIN payments p ON p.id = s.payment_id WHERE s.id = ${newcomers!.id}`,
    ))!.txid;
    const paid = await fetch(`${h.psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' });
    expect(paid.status).toBe(200);
    expect((await paymentOfShare(newcomers!.id)).status).toBe('refund_required');
    expect((await groupRow(group.id)).shares[2]).toMatchObject({ status: 'refunding' });
    await runDueJobs(h.app, { includeDeferred: true, names: ['shared-payments.expire'] });
    const state = await groupRow(group.id);
    expect(state.status).toBe('expired');
    expect(state.shares.map((s) => s.status)).toEqual(['cancelled', 'refunding', 'refunding']);
    expect(await lot(h.database, pistaLot)).toEqual(before);
    // The refunds sweep (a job) sends the late share's devolução.
    await runDueJobs(h.app, { scheduled: true, names: ['refunds.follow-up'] });
    const refunds = await selectRows<{ status: string }>(
      h.database.db,
      sql`SELECT r.status FROM refunds r JOIN shared_payment_shares s ON s.payment_id = r.payment_id
          WHERE s.shared_payment_id = ${group.id}`,
    );
    expect(refunds.map((r) => r.status)).toEqual(['processing', 'processing']);
    await ledgerSound();
    offsetMs = 0;
  });

  it('a share paid in time whose notification was lost still counts when the group closes', async () => {
    const { order, group } = await createGroup();
    const [mine, friends, newcomers] = group.shares;
    await payShare(mine!.id);
    await payShare(friends!.id, friend.auth);
    // The newcomer pays at the PSP; the webhook never arrives (the PSP records it regardless).
    const txid = (await selectOne<{ txid: string }>(
      h.database.db,
      sql`SELECT p.txid FROM shared_payment_shares s JOIN payments p ON p.id = s.payment_id WHERE s.id = ${newcomers!.id}`,
    ))!.txid;
    await h.app.payments.pix.configureWebhook(h.app.payments.settings.pixKey, 'http://127.0.0.1:9/nowhere');
    try {
      const paid = await fetch(`${h.psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' });
      expect(paid.status).toBe(200);
    } finally {
      await h.app.payments.pix.configureWebhook(h.app.payments.settings.pixKey, pixWebhookUrl(h.app.config));
    }
    expect((await groupRow(group.id)).status).toBe('open');
    offsetMs = 25 * HOUR + 60_000;
    await runDueJobs(h.app, { includeDeferred: true, names: ['shared-payments.expire'] });
    expect((await groupRow(group.id)).status).toBe('completed');
    const orderRow = await selectOne<{ status: string }>(
      h.database.db,
      sql`SELECT status FROM orders WHERE id = ${order.id}`,
    );
    expect(orderRow?.status).toBe('paid');
    await ledgerSound();
    offsetMs = 0;
  });

  it('caps the tickets open groups of an event may hold (10% of capacity, at least 10)', async () => {
    const capped = await createEvent(h.database.db, festivalInput('festival-limite-grupo'));
    // Capacity 125 tickets: open groups may hold 12.
    const lotId = capped.lotIds[1]!;
    const split = async (customer: TestCustomer, qty: number) => {
      const order = await reserve(h.app, customer, capped.id, [{ tk_id: lotId, tk_qtd: qty }]);
      return post('/shared-payments/create', customer.auth, {
        orderId: order.id,
        shares: [
          { email: customer.email, amountCents: order.totalCents - 100, tickets: qty },
          { email: 'qualquer@exemplo.com', amountCents: 100, tickets: 0 },
        ],
      });
    };
    expect((await split(leader, 10)).statusCode).toBe(201);
    const over = await split(friend, 3);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Limite de compras em grupo para este evento atingido. Tente pagar sozinho.',
    );
    expect((await split(stranger, 2)).statusCode).toBe(201);
  });
});
