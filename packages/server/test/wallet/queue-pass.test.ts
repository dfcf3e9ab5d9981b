import { randomUUID } from 'node:crypto';
import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { runDueJobs } from '../jobs/support.ts';
import { type PaymentsHarness, startPaymentsHarness } from '../payments/support.ts';
import { cpfFrom, HOUR, makeHighDemand } from '../virtual-queue/support.ts';

// A high-demand event's checkout needs the buyer's live admission pass, whatever pays:
// PIX and card asked for it, the wallet did not (docs/wallet.md, docs/virtual-queue.md).
describe('wallet checkout of a high-demand event', () => {
  let h: PaymentsHarness;
  let buyer: TestCustomer;
  let eventId: number;
  let lotId: number;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url, headers: { ...buyer.auth, ...headers }, payload: payload as object });

  beforeAll(async () => {
    h = await startPaymentsHarness();
    const db = h.database.db;
    buyer = await createCustomer(db, 'carteira-fila@plateia.dev');
    await db.execute(sql`UPDATE customers SET cpfnpj = ${cpfFrom(210_000_001)} WHERE id = ${buyer.id}`);
    const event = await createEvent(db, festivalInput('festival-carteira-fila'));
    eventId = event.id;
    lotId = event.lotIds[1]!;
    await makeHighDemand(db, eventId, new Date(), -HOUR, 5);
  });
  afterAll(() => h.close());

  it('refuses the wallet without the pass, as PIX and card do, and pays with it', async () => {
    expect((await post(`/queue/${eventId}/join`, {})).statusCode).toBe(200);
    await runDueJobs(h.app, { includeDeferred: true });
    const me = await h.app.inject({ url: `/queue/${eventId}/me`, headers: buyer.auth });
    const pass = me.json().pass as string;
    expect(pass).toEqual(expect.any(String));
    const reserved = await post(
      '/cart/reserve',
      {
        user: buyer.id,
        event_id: eventId,
        products: [],
        tickets: [{ tk_id: lotId, tk_qtd: 1 }],
        sessionId: `session-${randomUUID()}`,
      },
      { 'x-queue-pass': pass },
    );
    expect(reserved.statusCode, reserved.body).toBe(200);
    const order = reserved.json().order as { id: number; totalCents: number };
    // Money in the wallet, by a PIX top-up the sandbox pays.
    const topUp = await post('/wallet/topups', { amountCents: order.totalCents });
    expect(topUp.statusCode, topUp.body).toBe(200);
    expect(
      (await fetch(`${h.psp.url}/sandbox/cob/${topUp.json().txid}/pagar`, { method: 'POST' })).status,
    ).toBe(200);
    await expect
      .poll(
        async () =>
          (await h.app.inject({ url: `/wallet/topups/${topUp.json().id}`, headers: buyer.auth })).json()
            .status,
        { timeout: 15_000, interval: 100 },
      )
      .toBe('credited');

    const pix = await post('/payments/pix', { orderId: order.id });
    expect(pix.statusCode).toBe(403);
    const without = await post('/wallet/checkout', { orderId: order.id });
    expect(without.statusCode, without.body).toBe(403);
    expect(without.json()).toEqual(pix.json());
    expect(without.json()).toEqual({ error: 'queue_pass_required', message: QUEUE_MESSAGES.passRequired });
    const forged = await post('/wallet/checkout', { orderId: order.id }, { 'x-queue-pass': `${pass}x` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('queue_pass_invalid');
    const status = await selectOne<{ status: string }>(
      h.database.db,
      sql`SELECT status FROM orders WHERE id = ${order.id}`,
    );
    expect(status!.status).not.toBe('paid');

    const paid = await post('/wallet/checkout', { orderId: order.id }, { 'x-queue-pass': pass });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, walletCents: order.totalCents, dueCents: 0 });
  });
});
