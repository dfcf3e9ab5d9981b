import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { type PaymentsHarness, reserve, startPaymentsHarness } from '../payments/support.ts';

const MINUTE = 60_000;

/**
 * A shared payment's invitations wait for the leader's own share (docs/shared-payments.md,
 * "Creating"): nothing reaches the friends at creation, the leader cannot resend before paying,
 * and the every-minute sweep sends them once the leader's PIX is in. A leader who never pays
 * closes the group after the reservation's 15 minutes without any friend hearing of it.
 */
describe('shared payments: invitations after the leader pays', () => {
  let h: PaymentsHarness;
  let offsetMs = 0;
  let leader: TestCustomer;
  let friend: TestCustomer;
  const newcomer = 'convidada.depois@exemplo.com';
  let eventId: number;
  let pistaLot: number;
  let events = 0;

  beforeAll(async () => {
    h = await startPaymentsHarness({
      clock: () => new Date(Date.now() + offsetMs),
      psp: { now: () => new Date(Date.now() + offsetMs), devolucaoDelayMs: null },
    });
    leader = await createCustomer(h.database.db, 'lider.convites@plateia.dev');
    friend = await createCustomer(h.database.db, 'amigo.convites@plateia.dev');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    offsetMs = 0;
    const event = await createEvent(h.database.db, festivalInput(`festival-convites-${++events}`));
    eventId = event.id;
    pistaLot = event.lotIds[1]!;
  });

  const sweep = () => runDueJobs(h.app, { scheduled: true, names: ['shared-payments.expire-due'] });
  const invitesTo = (email: string, since: number) =>
    h.mailer.sent
      .slice(since)
      .filter((m) => m.to === email && m.text.includes('/pagamento-compartilhado/cota/'));

  async function createGroup() {
    const order = await reserve(h.app, leader, eventId, [{ tk_id: pistaLot, tk_qtd: 3 }]);
    const third = Math.floor(order.totalCents / 3);
    const res = await h.app.inject({
      method: 'POST',
      url: '/shared-payments/create',
      headers: leader.auth,
      payload: {
        orderId: order.id,
        shares: [
          { email: leader.email, amountCents: order.totalCents - 2 * third, tickets: 1 },
          { email: friend.email, amountCents: third, tickets: 1 },
          { email: newcomer, amountCents: third, tickets: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return {
      order,
      group: res.json() as { id: number; shares: { id: number; emailSentAt: string | null }[] },
    };
  }

  async function payLeaderShare(shareId: number) {
    const page = await h.app.inject({
      method: 'GET',
      url: `/shared-payments/payment/${shareId}`,
      headers: leader.auth,
    });
    expect(page.statusCode, page.body).toBe(200);
    const paid = await fetch(`${page.json().pix.simulateUrl}/pagar`, { method: 'POST' });
    expect(paid.status).toBe(200);
  }

  it('sends no invitation at creation; one per friend once the leader paid, with a working link', async () => {
    const before = h.mailer.sent.length;
    const { group } = await createGroup();
    expect(invitesTo(friend.email, before)).toHaveLength(0);
    expect(invitesTo(newcomer, before)).toHaveLength(0);
    expect(group.shares.map((s) => s.emailSentAt)).toEqual([null, null, null]);

    // The leader cannot send them by hand either, and the sweep (minutes later) leaves them alone.
    const resend = await h.app.inject({
      method: 'POST',
      url: `/shared-payments/resend-emails/${group.id}`,
      headers: leader.auth,
      payload: { emails: [friend.email] },
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(
      'Pague a sua parte primeiro: os convites saem assim que ela for paga.',
    );
    offsetMs = 3 * MINUTE;
    await sweep();
    expect(h.mailer.sent.length).toBe(before);

    // The leader's payment sends them at once; the sweep (the fallback) sends none again.
    await payLeaderShare(group.shares[0]!.id);
    await vi.waitFor(() => expect(invitesTo(newcomer, before)).toHaveLength(1));
    await sweep();
    const toFriend = invitesTo(friend.email, before);
    expect(toFriend).toHaveLength(1);
    expect(invitesTo(newcomer, before)).toHaveLength(1);
    expect(invitesTo(leader.email, before)).toHaveLength(0);
    const shareId = group.shares[1]!.id;
    const token = decodeURIComponent(
      new RegExp(`/cota/${shareId}\\?t=([A-Za-z0-9_%-]+)`).exec(toFriend[0]!.text)![1]!,
    );
    const page = await h.app.inject({
      method: 'GET',
      url: `/shared-payments/payment/${shareId}`,
      headers: { 'x-share-token': token },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().pix).not.toBeNull();
    expect(page.json().share.emailSentAt).not.toBeNull();
    // Once: the next pass sends nothing more.
    const after = h.mailer.sent.length;
    await sweep();
    expect(h.mailer.sent.length).toBe(after);
  });

  it('a leader who never pays: the group closes after the reservation, and no friend hears of it', async () => {
    const before = h.mailer.sent.length;
    const { order, group } = await createGroup();
    offsetMs = 16 * MINUTE;
    await sweep();
    const row = await selectOne<{ status: string }>(
      h.database.db,
      sql`SELECT status FROM shared_payments WHERE id = ${group.id}`,
    );
    expect(row!.status).toBe('expired');
    const orderRow = await selectOne<{ status: string }>(
      h.database.db,
      sql`SELECT status FROM orders WHERE id = ${order.id}`,
    );
    expect(orderRow!.status).toBe('cancelled');
    const sent = h.mailer.sent.slice(before);
    expect(sent.filter((m) => m.to === friend.email || m.to === newcomer)).toEqual([]);
  });
});
