import { sql } from 'drizzle-orm';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import { reclaimExpired } from '../../src/orders/reclaim.ts';
import { createCustomer, festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { expireOrder, lot, type PaymentsHarness, reserve, startPaymentsHarness } from './support.ts';

interface WebhookAnswer {
  results: { result: string }[];
}
interface SimulateAnswer {
  pix: { endToEndId: string; txid: string; valor: string; horario: string };
  webhookStatus: number | 'unreachable' | null;
}
interface TicketView {
  order: { id: number } | null;
  event: { name: string };
  ticketType: { name: string };
}

describe('PIX payments', () => {
  let h: PaymentsHarness;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let eventId: number;
  let pistaLot: number;
  let camaroteLot: number;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    buyer = await createCustomer(h.database.db, 'comprador@plateia.dev');
    other = await createCustomer(h.database.db, 'outra@plateia.dev');
    const event = await createEvent(h.database.db, festivalInput('festival-pix'));
    eventId = event.id;
    pistaLot = event.lotIds[1]!;
    camaroteLot = event.lotIds[2]!;
  });
  afterAll(() => h.close());

  const charge = (orderId: number, auth = buyer.auth) =>
    h.app.inject({ method: 'POST', url: '/payments/pix', headers: auth, payload: { orderId } });
  const status = (orderId: number, auth = buyer.auth) =>
    h.app.inject({ method: 'GET', url: `/payments/${orderId}/status`, headers: auth });
  const webhook = (body: unknown, secret = h.webhookSecret) =>
    fetch(`${h.apiUrl}/payments/webhooks/pix/${secret}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const simulate = async (txid: string) => {
    const res = await fetch(`${h.psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as SimulateAnswer };
  };
  const ticketsOf = async (auth = buyer.auth) =>
    (await h.app.inject({ method: 'GET', url: '/tickets', headers: auth })).json().tickets as TicketView[];

  it('opens a charge whose BR Code pix-utils accepts, expiring with the reservation', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const res = await charge(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.amount).toBe(order.totalCents);
    expect(body.expiresAt).toBe(new Date(order.expiresAt).toISOString());
    expect(body.qrSvg).toContain('<svg');
    expect(body.simulateUrl).toBe(`${h.psp.url}/sandbox/cob/${body.txid}`);
    const parsed = parsePix(body.brcode);
    expect(hasError(parsed)).toBe(false);
    expect((parsed as { type: string }).type).toBe('DYNAMIC');
    // The PSP holds the same charge, expiring when the reservation does.
    const cob = await h.app.payments.pix.getCharge(body.txid);
    expect(cob?.status).toBe('ATIVA');
    expect(cob?.pixCopiaECola).toBe(body.brcode);
    const seconds =
      (new Date(order.expiresAt).getTime() - new Date(cob!.calendario.criacao).getTime()) / 1000;
    expect(Math.abs(cob!.calendario.expiracao - seconds)).toBeLessThanOrEqual(2);
    // Asking again shows the same open charge rather than a second one.
    expect((await charge(order.id)).json().txid).toBe(body.txid);
  });

  it('answers 401 without a session, 403 for another customer, 404 for no order, 400 for bad input', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    expect(
      (await h.app.inject({ method: 'POST', url: '/payments/pix', payload: { orderId: order.id } }))
        .statusCode,
    ).toBe(401);
    const forbidden = await charge(order.id, other.auth);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Este pedido pertence a outro cliente.');
    expect((await status(order.id, other.auth)).statusCode).toBe(403);
    expect((await charge(999_999)).json().message).toBe('Pedido não encontrado.');
    const bad = await h.app.inject({
      method: 'POST',
      url: '/payments/pix',
      headers: buyer.auth,
      payload: { orderId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/orderId/);
  });

  it('settles on the webhook after "Simular pagamento": order paid, stock sold, tickets and e-mail', async () => {
    const order = await reserve(h.app, buyer, eventId, [
      { tk_id: pistaLot, tk_qtd: 2, holder_emails: ['comprador@plateia.dev', 'amiga-sem-conta@exemplo.com'] },
    ]);
    // Read after reserving: the buyer's earlier reservation of this event was replaced.
    const reservedNow = await lot(h.database, pistaLot);
    const before = { sold: reservedNow.sold, reserved: reservedNow.reserved - 2 };
    const { txid } = (await charge(order.id)).json();
    const mails = h.mailer.sent.length;
    const paid = await simulate(txid);
    expect(paid.status).toBe(200);
    // The PSP delivered the webhook to our route, which settled before answering.
    expect(paid.body.webhookStatus).toBe(200);
    expect(h.psp.lastWebhook.get(txid)?.url).toBe(`${h.apiUrl}/payments/webhooks/pix/${h.webhookSecret}/pix`);

    const s = (await status(order.id)).json();
    expect(s.status).toBe('paid');
    expect(s.message).toBe('Pagamento aprovado! Seus ingressos já estão em Meus Ingressos.');
    expect(await lot(h.database, pistaLot)).toEqual({ sold: before.sold + 2, reserved: before.reserved });

    const mine = (await ticketsOf()).filter((t) => t.order?.id === order.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.event.name).toBe('Festival de Teste');
    expect(mine[0]?.ticketType.name).toBe('Pista Premium');
    const [waiting] = await selectRows<{ customer_id: number | null; holder_email: string }>(
      h.database.db,
      sql`SELECT customer_id, holder_email FROM tickets WHERE order_id = ${order.id} AND holder_email <> 'comprador@plateia.dev'`,
    );
    expect(waiting).toEqual({ customer_id: null, holder_email: 'amiga-sem-conta@exemplo.com' });

    const sent = h.mailer.sent.slice(mails);
    expect(sent.map((m) => m.to)).toEqual(['comprador@plateia.dev', 'amiga-sem-conta@exemplo.com']);
    expect(sent[0]!.subject).toBe('Compra confirmada: Festival de Teste');
    expect(sent[0]!.text).toContain('Meus Ingressos');
    expect(sent[0]!.html).not.toContain(txid);
  });

  it('ignores a replayed or duplicated webhook: nothing is issued twice', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const { txid } = (await charge(order.id)).json();
    const paid = await simulate(txid);
    const body = { pix: [paid.body.pix] };
    const count = async () =>
      Number(
        (
          await selectRows<{ n: number }>(
            h.database.db,
            sql`SELECT count(*)::int AS n FROM tickets WHERE order_id = ${order.id}`,
          )
        )[0]!.n,
      );
    expect(await count()).toBe(1);
    const lots = await lot(h.database, pistaLot);
    const replays = await Promise.all([
      webhook(body),
      webhook(body),
      webhook({ pix: [paid.body.pix, paid.body.pix] }),
    ]);
    for (const res of replays) {
      expect(res.status).toBe(200);
      for (const r of ((await res.json()) as WebhookAnswer).results) expect(r.result).toBe('duplicate');
    }
    expect(await count()).toBe(1);
    expect(await lot(h.database, pistaLot)).toEqual(lots);
  });

  it('refuses forged webhooks: wrong secret, unknown txid, unpaid charge, invented endToEndId', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: camaroteLot, tk_qtd: 1 }]);
    const { txid, amount } = (await charge(order.id)).json();
    const forged = {
      endToEndId: 'E99999008202611210000FORGED00001',
      txid,
      valor: `${amount / 100}.00`,
      horario: new Date().toISOString(),
    };
    expect((await webhook({ pix: [forged] }, 'segredo-errado')).status).toBe(401);
    const unpaid = await webhook({ pix: [forged, { ...forged, txid: 'PLTdesconhecido000000000000000' }] });
    expect(unpaid.status).toBe(200);
    expect(((await unpaid.json()) as WebhookAnswer).results.map((r) => r.result)).toEqual([
      'not_confirmed',
      'unknown_txid',
    ]);
    expect((await status(order.id)).json().status).toBe('reserved');

    // Once really paid, an endToEndId the PSP does not list is still refused.
    const paid = await simulate(txid);
    expect(paid.status).toBe(200);
    const invented = await webhook({ pix: [forged] });
    expect(((await invented.json()) as WebhookAnswer).results[0]?.result).toBe('not_confirmed');
    const malformed = await fetch(`${h.apiUrl}/payments/webhooks/pix/${h.webhookSecret}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"pix": "não é lista"',
    });
    expect(malformed.status).toBe(400);
  });

  it('finds a payment whose webhook never arrived by asking the PSP when polled', async () => {
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: pistaLot, tk_qtd: 1 }]);
    const { txid } = (await charge(order.id)).json();
    // Point the PSP's webhook at a dead address: the notification is lost.
    await h.app.payments.pix.configureWebhook(h.app.payments.settings.pixKey, 'http://127.0.0.1:9/perdido');
    try {
      await simulate(txid);
      expect(h.psp.lastWebhook.get(txid)?.status).toBe('unreachable');
      expect((await status(order.id)).json().status).toBe('paid');
    } finally {
      await h.app.payments.pix.configureWebhook(
        h.app.payments.settings.pixKey,
        `${h.apiUrl}/payments/webhooks/pix/${h.webhookSecret}`,
      );
    }
  });

  it('expires an unpaid charge with the reservation and gives the stock back', async () => {
    const before = await lot(h.database, camaroteLot);
    const order = await reserve(h.app, buyer, eventId, [{ tk_id: camaroteLot, tk_qtd: 2 }]);
    expect((await lot(h.database, camaroteLot)).reserved).toBe(before.reserved + 2);
    const { txid } = (await charge(order.id)).json();
    await expireOrder(h.database, order.id);

    const s = (await status(order.id)).json();
    expect(s.status).toBe('expired');
    expect(s.message).toBe('Sua reserva expirou. Refaça o pedido para continuar.');
    // The charge was removed at the PSP: it can no longer be paid.
    expect((await h.app.payments.pix.getCharge(txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect((await simulate(txid)).status).toBe(409);
    const again = await charge(order.id);
    expect(again.statusCode).toBe(410);

    // Reclaiming (which the next reservation short of stock runs) frees the units again.
    await reclaimExpired(h.database.db, eventId);
    expect(await lot(h.database, camaroteLot)).toEqual(before);
  });

  it('honours a payment that lands after expiry while stock remains, and flags a refund when it is gone', async () => {
    // Paid at the PSP at the last second, confirmed only after the window closed.
    const late = await reserve(h.app, buyer, eventId, [{ tk_id: camaroteLot, tk_qtd: 1 }]);
    const lateCharge = (await charge(late.id)).json();
    await h.app.payments.pix.configureWebhook(h.app.payments.settings.pixKey, 'http://127.0.0.1:9/perdido');
    await simulate(lateCharge.txid);
    await expireOrder(h.database, late.id);
    await reclaimExpired(h.database.db, eventId);
    expect((await status(late.id)).json().status).toBe('paid');

    // Now one whose last units were sold to someone else meanwhile.
    const event = await createEvent(h.database.db, {
      ...festivalInput('festival-ultimo'),
      lots: [{ name: 'Último lote', priceCents: 5_000, quantity: 1 }],
      coupons: [],
      products: [],
    });
    const single = event.lotIds[0]!;
    const gone = await reserve(h.app, buyer, event.id, [{ tk_id: single, tk_qtd: 1 }]);
    const goneCharge = (await charge(gone.id)).json();
    await simulate(goneCharge.txid);
    await expireOrder(h.database, gone.id);
    await reclaimExpired(h.database.db, event.id);
    await reserve(h.app, other, event.id, [{ tk_id: single, tk_qtd: 1 }]);
    const s = (await status(gone.id)).json();
    expect(s.status).toBe('refund_required');
    expect(s.message).toBe(
      'Sua reserva expirou e os ingressos não estão mais disponíveis. O valor pago será estornado integralmente.',
    );
    expect(await lot(h.database, single)).toEqual({ sold: 0, reserved: 1 });
    const [payment] = await selectRows<{ status: string; end_to_end_id: string }>(
      h.database.db,
      sql`SELECT status, end_to_end_id FROM payments WHERE txid = ${goneCharge.txid}`,
    );
    expect(payment!.status).toBe('refund_required');
    expect(payment!.end_to_end_id).toMatch(/^E\d{8}\d{12}[A-Z0-9]{11}$/);
    await h.app.payments.pix.configureWebhook(
      h.app.payments.settings.pixKey,
      `${h.apiUrl}/payments/webhooks/pix/${h.webhookSecret}`,
    );
  });
});
