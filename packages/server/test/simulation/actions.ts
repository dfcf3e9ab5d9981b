/**
 * The simulator's actions (docs/integrity.md, "The simulator"): each one is something a
 * customer, the producer, the PSP or a job does, through the real HTTP API where there is
 * one. Arguments are small integers that pick among what exists when the step runs (the k-th
 * order, ticket, listing …, modulo how many there are), so a sequence stays meaningful while
 * fast-check shrinks it. A step that finds nothing to act on does nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import { festivalInput, type TestCustomer } from '../catalogue/fixtures.ts';
import { ticketPayload } from '../routes/check-in/fixtures.ts';
import { cpfFrom, makeHighDemand } from '../virtual-queue/support.ts';
import { SimulationFailure, type World } from './world.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The clock jumps: across a reservation's 15 minutes, hours, days and the 7-day refund edge. */
export const CLOCK_JUMPS = [MINUTE, 16 * MINUTE, 2 * HOUR, DAY, 7 * DAY - 2 * MINUTE, 4 * MINUTE] as const;

/** The simulator's model: nothing beyond the real system (the invariants are the oracle). */
export type Model = Record<string, never>;

/** One step: a name, its arguments, and what it does to the world (answers a note for the step list). */
class Step implements fc.AsyncCommand<Model, World> {
  readonly name: string;
  readonly args: number[];
  readonly act: (world: World, ...args: number[]) => Promise<string>;
  constructor(name: string, args: number[], act: (world: World, ...args: number[]) => Promise<string>) {
    this.name = name;
    this.args = args;
    this.act = act;
  }
  check(): boolean {
    return true;
  }
  async run(_model: Model, world: World): Promise<void> {
    const note = await this.act(world, ...this.args);
    world.steps.push(`${this.toString()} → ${note}`);
    await world.assertSound();
  }
  toString(): string {
    return `${this.name}(${this.args.join(', ')})`;
  }
}

/** The k-th element of `list`, wrapping around; undefined when empty. */
function pick<T>(list: readonly T[], k: number): T | undefined {
  return list.length === 0 ? undefined : list[k % list.length];
}

/** A short note of an answer: its status and, for a refusal, its code. */
function noted(answer: { status: number; body: { error?: string } | null }): string {
  return answer.status < 300 ? String(answer.status) : `${answer.status} ${answer.body?.error ?? ''}`.trim();
}

let documents = 0;

async function reserve(
  world: World,
  who: TestCustomer,
  eventId: number,
  tickets: unknown[],
  extra = {},
  headers: Record<string, string> = {},
) {
  const answer = await world.call(
    'POST',
    '/cart/reserve',
    who,
    { user: who.id, event_id: eventId, products: [], tickets, sessionId: `sim-${randomUUID()}`, ...extra },
    headers,
  );
  if (answer.status === 200) world.orders.push({ id: Number(answer.body.order.id), customer: who });
  return answer;
}

/** Orders of this run still reserved (not paid, not ended), oldest first. */
async function openOrders(world: World) {
  const ids = world.orders.map((o) => o.id);
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: number }>(
    world.database.db,
    sql`SELECT id FROM orders WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) AND status = 'reserved' ORDER BY id`,
  );
  const open = new Set(rows.map((r) => Number(r.id)));
  return world.orders.filter((o) => open.has(o.id));
}

/** Paid orders of this run, oldest first, and whether each bought resale tickets. */
async function paidOrders(world: World) {
  const ids = world.orders.map((o) => o.id);
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: number; resale: boolean }>(
    world.database.db,
    sql`SELECT o.id, EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.kind = 'resale') AS resale
        FROM orders o WHERE o.id = ANY(${`{${ids.join(',')}}`}::int[]) AND o.status = 'paid' ORDER BY o.id`,
  );
  const resale = new Map(rows.map((r) => [Number(r.id), r.resale === true]));
  return world.orders.filter((o) => resale.has(o.id)).map((o) => ({ ...o, resale: resale.get(o.id)! }));
}

/** Pays an order by card through the sandbox gateway (approved, or declined by the holder's name). */
async function payByCard(
  world: World,
  order: { id: number; customer: TestCustomer },
  declined: boolean,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${world.gateway.url}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      number: '5031433215406351',
      holder: declined ? 'OTHE TESTE' : 'APRO TESTE',
      expMonth: 11,
      expYear: 2030,
      cvv: '123',
    }),
  });
  if (res.status !== 200) return { status: 0, body: { error: `gateway ${res.status}` } };
  const { token } = (await res.json()) as { token: string };
  return world.call(
    'POST',
    '/payments/card',
    order.customer,
    { orderId: order.id, token, installments: 1, idempotencyKey: randomUUID() },
    headers,
  );
}

const index = fc.nat({ max: 30 });

/** Every action, by name: its arguments' arbitraries and what it does. */
const ACTIONS = {
  signUp: {
    weight: 1,
    args: [] as fc.Arbitrary<number>[],
    async act(world: World) {
      if (world.customers.length >= 6) return 'enough customers';
      const c = await world.signUp();
      return `customer ${c.id}`;
    },
  },
  reserveGeneralAdmission: {
    weight: 12,
    // customer, lot (Pista 5 units, Premium, Camarote), quantity, product (-1 none), meia units
    args: [
      index,
      fc.nat({ max: 2 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: -1, max: 1 }),
      fc.nat({ max: 1 }),
    ],
    async act(world: World, c: number, lot: number, qty: number, product: number, meias: number) {
      const who = pick(world.customers, c)!;
      const line: Record<string, unknown> = { tk_id: world.festival.lotIds[lot], tk_qtd: qty };
      if (meias > 0) {
        documents++;
        line.meia = [{ category: 'estudante', name: 'Ana Souza', document: `${world.tag}-${documents}` }];
      }
      const products =
        product < 0 ? [] : [{ product_id: world.festival.productIds[product], product_qtd: 1 }];
      const answer = await reserve(world, who, world.festival.id, [line], { products });
      return `${noted(answer)}${answer.status === 200 ? ` order ${answer.body.order.id}` : ''}`;
    },
  },
  buyTickets: {
    // Reserve and pay by card at once: what most buyers do, so later steps find tickets.
    weight: 8,
    args: [index, fc.nat({ max: 2 }), fc.integer({ min: 1, max: 2 })],
    async act(world: World, c: number, lot: number, qty: number) {
      const who = pick(world.customers, c)!;
      const reserved = await reserve(world, who, world.festival.id, [
        { tk_id: world.festival.lotIds[lot], tk_qtd: qty },
      ]);
      if (reserved.status !== 200) return `reserve ${noted(reserved)}`;
      const order = { id: Number(reserved.body.order.id), customer: who };
      const paid = await payByCard(world, order, false);
      return `order ${order.id}: ${noted(paid)} ${paid.body?.status ?? ''}`.trim();
    },
  },
  buyResale: {
    weight: 5,
    args: [index, index],
    async act(world: World, l: number, c: number) {
      const listing = pick(await activeListings(world), l);
      if (!listing) return 'no listing';
      const who = pick(
        world.customers.filter((x) => x.id !== listing.seller_id),
        c,
      );
      if (!who) return 'no buyer';
      const reserved = await reserve(world, who, listing.event_id, [
        { tk_id: listing.ticket_type_id, tk_qtd: 1, is_from_resale: 1, resaleId: listing.id },
      ]);
      if (reserved.status !== 200) return `listing ${listing.id}: reserve ${noted(reserved)}`;
      const order = { id: Number(reserved.body.order.id), customer: who };
      const paid = await payByCard(world, order, false);
      return `listing ${listing.id}, order ${order.id}: ${noted(paid)} ${paid.body?.status ?? ''}`.trim();
    },
  },
  reserveSeat: {
    weight: 6,
    args: [index, fc.nat({ max: 14 })],
    async act(world: World, c: number, seat: number) {
      const who = pick(world.customers, c)!;
      const section = world.theatre.sections[0]!;
      const seats = await selectRows<{ id: number }>(
        world.database.db,
        sql`SELECT id FROM seats WHERE section_id = ${section.id} ORDER BY sort, id`,
      );
      const seatId = Number(pick(seats, seat)!.id);
      const sessionId = `sim-${randomUUID()}`;
      const held = await world.call('POST', '/seat/hold', who, {
        eventId: world.theatre.id,
        seatIds: [seatId],
        sessionId,
      });
      if (held.status !== 200) return `hold ${noted(held)}`;
      const answer = await reserve(
        world,
        who,
        world.theatre.id,
        [{ tk_id: section.lotIds[0], tk_qtd: 1, seat_id: seatId }],
        { sessionId },
      );
      return `seat ${seatId}: ${noted(answer)}${answer.status === 200 ? ` order ${answer.body.order.id}` : ''}`;
    },
  },
  shareOrder: {
    // The buyer of an open order splits it with another customer (shared payments): half the
    // money each, the tickets split as evenly as they go.
    weight: 3,
    args: [index, index],
    async act(world: World, o: number, c: number) {
      const order = pick(await openOrders(world), o);
      if (!order) return 'no open order';
      const friend = pick(
        world.customers.filter((x) => x.id !== order.customer.id),
        c,
      );
      if (!friend) return 'nobody to share with';
      const [row] = await selectRows<{ total_cents: number; tickets: number }>(
        world.database.db,
        sql`SELECT o.total_cents, (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i
                                   WHERE i.order_id = o.id AND i.kind <> 'product') AS tickets
            FROM orders o WHERE o.id = ${order.id}`,
      );
      const total = Number(row!.total_cents);
      const tickets = Number(row!.tickets);
      const half = Math.floor(total / 2);
      const answer = await world.call('POST', '/shared-payments/create', order.customer, {
        orderId: order.id,
        shares: [
          {
            email: order.customer.email,
            amountCents: total - half,
            tickets: tickets - Math.floor(tickets / 2),
          },
          { email: friend.email, amountCents: half, tickets: Math.floor(tickets / 2) },
        ],
      });
      return `order ${order.id} with ${friend.id}: ${noted(answer)}${answer.status === 201 ? ` group ${answer.body.id}` : ''}`;
    },
  },
  payShare: {
    // A share's payer pays it by PIX at the PSP (its webhook settles the group when complete).
    weight: 4,
    args: [index],
    async act(world: World, k: number) {
      const rows = await selectRows<{ id: number; email: string; leader_id: number }>(
        world.database.db,
        sql`SELECT s.id, s.email, g.leader_id FROM shared_payment_shares s
            JOIN shared_payments g ON g.id = s.shared_payment_id
            WHERE s.status = 'pending' AND g.status = 'open'
              AND g.event_id IN (${world.festival.id}, ${world.theatre.id})
            ORDER BY s.id`,
      );
      const share = pick(rows, k);
      if (!share) return 'no pending share';
      const payer =
        world.customers.find((x) => x.email.toLowerCase() === share.email.toLowerCase()) ??
        world.customer(Number(share.leader_id));
      if (!payer) return 'no payer';
      const page = await world.call('GET', `/shared-payments/payment/${share.id}`, payer);
      const pix = page.body?.pix as { txid: string; simulateUrl: string } | null | undefined;
      if (page.status !== 200 || !pix) return `share ${share.id}: page ${noted(page)}`;
      const paid = await fetch(`${pix.simulateUrl}/pagar`, { method: 'POST' });
      if (paid.status === 200) {
        const body = (await paid.json()) as { pix: Record<string, unknown> };
        world.charges.push({ txid: pix.txid, customer: payer, pix: body.pix });
      }
      return `share ${share.id}: psp ${paid.status}`;
    },
  },
  createPixCharge: {
    weight: 10,
    args: [index],
    async act(world: World, o: number) {
      const order = pick(await openOrders(world), o);
      if (!order) return 'no open order';
      const answer = await world.call('POST', '/payments/pix', order.customer, { orderId: order.id });
      if (answer.status === 200)
        world.charges.push({ txid: answer.body.txid, customer: order.customer, pix: null });
      return `order ${order.id}: ${noted(answer)}`;
    },
  },
  payPixCharge: {
    weight: 10,
    // The PSP receives the PIX and posts its webhook (late when the order expired meanwhile).
    args: [index],
    async act(world: World, k: number) {
      const charge = pick(
        world.charges.filter((ch) => ch.pix === null),
        k,
      );
      if (!charge) return 'no unpaid charge';
      const res = await fetch(`${world.psp.url}/sandbox/cob/${charge.txid}/pagar`, { method: 'POST' });
      if (res.status !== 200) return `psp ${res.status}`;
      const body = (await res.json()) as { pix: Record<string, unknown>; webhookStatus: unknown };
      charge.pix = body.pix;
      return `txid ${charge.txid}: webhook ${JSON.stringify(body.webhookStatus)}`;
    },
  },
  replayPixWebhook: {
    weight: 3,
    // The PSP delivers a webhook again (duplicate, late, out of order).
    args: [index],
    async act(world: World, k: number) {
      const charge = pick(
        world.charges.filter((ch) => ch.pix !== null),
        k,
      );
      if (!charge) return 'no paid charge';
      const answer = await world.call('POST', `/payments/webhooks/pix/${world.webhookSecret}/pix`, null, {
        pix: [charge.pix],
      });
      return `txid ${charge.txid}: ${noted(answer)}`;
    },
  },
  payByCard: {
    weight: 6,
    args: [index, fc.nat({ max: 1 })],
    async act(world: World, o: number, declined: number) {
      const order = pick(await openOrders(world), o);
      if (!order) return 'no open order';
      const answer = await payByCard(world, order, declined === 1);
      return `order ${order.id}: ${noted(answer)} ${answer.body?.status ?? ''}`.trim();
    },
  },
  topUpWallet: {
    weight: 4,
    args: [index, fc.nat({ max: 2 })],
    async act(world: World, c: number, amount: number) {
      const who = pick(world.customers, c)!;
      const amountCents = [5_000, 20_000, 50_000][amount]!;
      const answer = await world.call('POST', '/wallet/topups', who, { amountCents });
      if (answer.status !== 200) return noted(answer);
      const paid = await fetch(`${world.psp.url}/sandbox/cob/${answer.body.txid}/pagar`, { method: 'POST' });
      return `customer ${who.id} +${amountCents}: psp ${paid.status}`;
    },
  },
  payWithWallet: {
    weight: 5,
    // The whole order, or a part of it (the rest then by PIX or card).
    args: [index, fc.nat({ max: 1 })],
    async act(world: World, o: number, part: number) {
      const order = pick(await openOrders(world), o);
      if (!order) return 'no open order';
      const answer = await world.call(
        'POST',
        '/wallet/checkout',
        order.customer,
        part ? { orderId: order.id, amountCents: 1_000 } : { orderId: order.id },
      );
      return `order ${order.id}: ${noted(answer)}`;
    },
  },
  returnWallet: {
    weight: 1,
    args: [index],
    async act(world: World, c: number) {
      const who = pick(world.customers, c)!;
      return `customer ${who.id}: ${noted(await world.call('POST', '/wallet/returns', who, {}))}`;
    },
  },
  refundTicket: {
    weight: 5,
    args: [index],
    async act(world: World, t: number) {
      // Tickets bought on resale too; refundResaleTicket aims at those alone (H1).
      const ticket = pick(await world.validTickets(), t);
      const who = ticket && world.customer(ticket.customer_id);
      if (!ticket || !who) return 'no ticket';
      return `ticket ${ticket.id}: ${noted(await world.call('POST', `/refunds/tickets/${ticket.id}`, who))}`;
    },
  },
  refundResaleTicket: {
    weight: 4,
    args: [index],
    async act(world: World, t: number) {
      const ticket = pick(
        (await world.validTickets()).filter((x) => x.from_resale),
        t,
      );
      const who = ticket && world.customer(ticket.customer_id);
      if (!ticket || !who) return 'no resale ticket';
      return `ticket ${ticket.id}: ${noted(await world.call('POST', `/refunds/tickets/${ticket.id}`, who))}`;
    },
  },
  refundOrder: {
    weight: 2,
    args: [index],
    async act(world: World, o: number) {
      const order = pick(await paidOrders(world), o);
      if (!order) return 'no paid order';
      return `order ${order.id}: ${noted(await world.call('POST', `/refunds/orders/${order.id}`, order.customer))}`;
    },
  },
  settleDevolucao: {
    weight: 4,
    // The PSP ends a devolução in processing: returned, or refused (NAO_REALIZADO).
    args: [index, fc.nat({ max: 1 })],
    async act(world: World, r: number, refused: number) {
      const rows = await selectRows<{ id: number; devolucao_id: string; end_to_end_id: string }>(
        world.database.db,
        sql`SELECT r.id, r.devolucao_id, p.end_to_end_id FROM refunds r JOIN payments p ON p.id = r.payment_id
            WHERE r.status = 'processing' AND r.devolucao_id IS NOT NULL AND p.end_to_end_id IS NOT NULL
            ORDER BY r.id`,
      );
      const row = pick(rows, r);
      if (!row) return 'none in processing';
      const outcome = refused ? 'NAO_REALIZADO' : 'DEVOLVIDO';
      const settled = await world.psp.settleDevolucao(row.end_to_end_id, row.devolucao_id, outcome);
      return `refund ${row.id}: ${outcome} ${settled}`;
    },
  },
  listForResale: {
    weight: 7,
    args: [index, fc.nat({ max: 2 })],
    async act(world: World, t: number, price: number) {
      // Meia tickets too (M2: the meia follows the ticket); listMeiaTicket aims at those alone.
      const ticket = pick(await world.validTickets(), t);
      const who = ticket && world.customer(ticket.customer_id);
      if (!ticket || !who) return 'no ticket';
      const priceCents = [5_000, 10_000, 12_000][price]!;
      return `ticket ${ticket.id} at ${priceCents}: ${noted(
        await world.call('POST', `/resale/tickets/${ticket.id}`, who, { priceCents }),
      )}`;
    },
  },
  listMeiaTicket: {
    weight: 3,
    args: [index],
    async act(world: World, t: number) {
      const ticket = pick(
        (await world.validTickets()).filter((x) => x.meia),
        t,
      );
      const who = ticket && world.customer(ticket.customer_id);
      if (!ticket || !who) return 'no meia ticket';
      return `ticket ${ticket.id}: ${noted(
        await world.call('POST', `/resale/tickets/${ticket.id}`, who, { priceCents: 5_000 }),
      )}`;
    },
  },
  withdrawListing: {
    weight: 1,
    args: [index],
    async act(world: World, l: number) {
      const listing = pick(await activeListings(world), l);
      const who = listing && world.customer(listing.seller_id);
      if (!listing || !who) return 'no listing';
      return `listing ${listing.id}: ${noted(
        await world.call('POST', `/resale/listings/${listing.id}/withdraw`, who, {}),
      )}`;
    },
  },
  reserveResale: {
    weight: 5,
    // Another customer reserves a listed ticket; a payment step pays the order later.
    args: [index, index],
    async act(world: World, l: number, c: number) {
      const listing = pick(await activeListings(world), l);
      if (!listing) return 'no listing';
      const who = pick(
        world.customers.filter((x) => x.id !== listing.seller_id),
        c,
      );
      if (!who) return 'no buyer';
      const answer = await reserve(world, who, listing.event_id, [
        { tk_id: listing.ticket_type_id, tk_qtd: 1, is_from_resale: 1, resaleId: listing.id },
      ]);
      return `listing ${listing.id}: ${noted(answer)}${answer.status === 200 ? ` order ${answer.body.order.id}` : ''}`;
    },
  },
  transferTicket: {
    weight: 3,
    args: [index, index],
    async act(world: World, t: number, c: number) {
      const ticket = pick(await world.validTickets(), t);
      const from = ticket && world.customer(ticket.customer_id);
      if (!ticket || !from) return 'no ticket';
      const to = pick(
        world.customers.filter((x) => x.id !== from.id),
        c,
      );
      if (!to) return 'nobody to send to';
      return `ticket ${ticket.id} to ${to.id}: ${noted(
        await world.call('POST', `/tickets/${ticket.id}/transfer`, from, { email: to.email }),
      )}`;
    },
  },
  acceptTransfer: {
    weight: 3,
    args: [index],
    async act(world: World, k: number) {
      const rows = await selectRows<{ id: number; to_email: string }>(
        world.database.db,
        sql`SELECT x.id, x.to_email FROM ticket_transfers x JOIN tickets t ON t.id = x.ticket_id
            WHERE x.status = 'pending' AND t.event_id IN (${world.festival.id}, ${world.theatre.id}) ORDER BY x.id`,
      );
      const row = pick(rows, k);
      const who = row && world.customers.find((c) => c.email.toLowerCase() === row.to_email.toLowerCase());
      if (!row || !who) return 'no pending transfer';
      return `transfer ${row.id}: ${noted(await world.call('POST', `/tickets/transfers/${row.id}/accept`, who, {}))}`;
    },
  },
  checkIn: {
    weight: 3,
    // The producer's door scans a ticket online.
    args: [index],
    async act(world: World, t: number) {
      const ticket = pick(await world.validTickets(), t);
      if (!ticket) return 'no ticket';
      const payload = await ticketPayload(
        world.database.db,
        { eventId: ticket.event_id, id: ticket.id, holderVersion: ticket.holder_version },
        world.now(),
      );
      const answer = await world.call('POST', `/check-in/events/${ticket.event_id}/scan`, world.producer, {
        nonce: randomUUID(),
        deviceId: 'porta-sim',
        payload,
      });
      return `ticket ${ticket.id}: ${noted(answer)} ${answer.body?.admitted ?? ''}`.trim();
    },
  },
  scanOldCode: {
    // Someone shows a code that is no longer the holder's: an earlier holder's (the ticket was
    // transferred) or the last code of a ticket resold, refunded or transferred away. The door
    // must refuse it and the ticket must not move.
    weight: 2,
    args: [index],
    async act(world: World, t: number) {
      const rows = await selectRows<{ id: number; event_id: number; holder_version: number; status: string }>(
        world.database.db,
        sql`SELECT id, event_id, holder_version, status FROM tickets
            WHERE event_id IN (${world.festival.id}, ${world.theatre.id})
              AND (holder_version > 1 OR status IN ('resold', 'refunded', 'transferred', 'cancelled'))
            ORDER BY id`,
      );
      const ticket = pick(rows, t);
      if (!ticket) return 'no changed ticket';
      const version =
        ticket.status === 'valid' || ticket.status === 'used'
          ? ticket.holder_version - 1
          : ticket.holder_version;
      const payload = await ticketPayload(
        world.database.db,
        { eventId: ticket.event_id, id: ticket.id, holderVersion: version },
        world.now(),
      );
      const answer = await world.call('POST', `/check-in/events/${ticket.event_id}/scan`, world.producer, {
        nonce: randomUUID(),
        deviceId: 'porta-sim',
        payload,
      });
      const [after] = await selectRows<{ status: string }>(
        world.database.db,
        sql`SELECT status FROM tickets WHERE id = ${ticket.id}`,
      );
      if (answer.body?.admitted === true || after?.status !== ticket.status) {
        throw new SimulationFailure(
          `ticket ${ticket.id} (${ticket.status}, holder version ${ticket.holder_version}): the code of version ${version} ` +
            `answered ${answer.status} ${JSON.stringify(answer.body)}, the ticket is now ${after?.status}`,
        );
      }
      return `ticket ${ticket.id} v${version}: ${noted(answer)} ${answer.body?.verdict ?? ''}`.trim();
    },
  },
  uploadOfflineScan: {
    // A door without signal admitted a ticket and uploads it later (M3: checked at upload).
    weight: 2,
    args: [index, fc.nat({ max: 1 })],
    async act(world: World, t: number, stale: number) {
      const ticket = pick(await world.validTickets(), t);
      if (!ticket) return 'no ticket';
      // A scan a few hours ago, or now.
      const at = new Date(world.now().getTime() - stale * 3 * HOUR);
      const payload = await ticketPayload(
        world.database.db,
        { eventId: ticket.event_id, id: ticket.id, holderVersion: ticket.holder_version },
        at,
      );
      const answer = await world.call('POST', `/check-in/events/${ticket.event_id}/scans`, world.producer, {
        deviceId: 'porta-offline',
        scans: [
          {
            nonce: randomUUID(),
            ticketId: ticket.id,
            holderVersion: ticket.holder_version,
            verdict: 'admitted',
            code: payload.split('.')[3],
            scannedAt: at.toISOString(),
          },
        ],
      });
      return `ticket ${ticket.id}: ${noted(answer)} ${JSON.stringify(answer.body?.refused ?? '')}`;
    },
  },
  cancelEvent: {
    // The producer cancels; the refunds run as the cancel-event job (resold tickets too: H1).
    weight: 1,
    args: [fc.nat({ max: 1 })],
    async act(world: World, e: number) {
      return cancel(world, e ? world.theatre.id : world.festival.id);
    },
  },
  pspDown: {
    // The PSP (its API Pix and the card gateway) stops answering the API hosts; later steps run
    // against it down (charges, cards, devoluções and reconciliation fail with 502/503 or wait).
    weight: 1,
    args: [] as fc.Arbitrary<number>[],
    async act(world: World) {
      world.takeDown('psp');
      return 'PSP down';
    },
  },
  pspUp: {
    // The PSP is back and every job runs: nothing paid at the PSP stays unsettled.
    weight: 2,
    args: [] as fc.Arbitrary<number>[],
    async act(world: World) {
      if (!world.outages.psp) return 'PSP was up';
      world.restore('psp');
      await world.runJobs({ scheduled: true, includeDeferred: true });
      await world.runJobs({ scheduled: true, includeDeferred: true });
      const paid = world.charges.filter((charge) => charge.pix !== null).map((charge) => charge.txid);
      if (paid.length > 0) {
        const stuck = await selectRows<{ id: number; txid: string }>(
          world.database.db,
          sql`SELECT id, txid FROM payments WHERE txid = ANY(${`{${paid.join(',')}}`}::text[]) AND status = 'pending'`,
        );
        if (stuck.length > 0) {
          throw new SimulationFailure(
            `PIX paid at the PSP still pending after it came back and the jobs ran: ${stuck
              .map((row) => `payment ${row.id} (${row.txid})`)
              .join(', ')}\nsteps:\n${world.steps.map((step, i) => `  ${i + 1}. ${step}`).join('\n')}`,
          );
        }
      }
      return `PSP up, jobs ran, ${paid.length} paid charges settled`;
    },
  },
  smtpDown: {
    // SMTP refuses connections: e-mails wait in the outbox.
    weight: 1,
    args: [] as fc.Arbitrary<number>[],
    async act(world: World) {
      world.takeDown('smtp');
      return 'SMTP down';
    },
  },
  smtpUp: {
    // SMTP is back and the mail jobs run: the outbox empties, nothing is lost.
    weight: 2,
    args: [] as fc.Arbitrary<number>[],
    async act(world: World) {
      if (!world.outages.smtp) return 'SMTP was up';
      const [before] = await selectRows<{ n: number }>(
        world.database.db,
        sql`SELECT count(*)::int AS n FROM mail_outbox`,
      );
      world.restore('smtp');
      const delivered = world.smtp.messages.length;
      await world.runJobs({ names: ['mail.send'], includeDeferred: true });
      const [after] = await selectRows<{ n: number }>(
        world.database.db,
        sql`SELECT count(*)::int AS n FROM mail_outbox`,
      );
      if (Number(after!.n) > 0) {
        throw new SimulationFailure(
          `${after!.n} e-mails still in the outbox after SMTP came back and mail.send ran (were ${before!.n})`,
        );
      }
      return `SMTP up: ${before!.n} queued, ${world.smtp.messages.length - delivered} delivered`;
    },
  },
  joinQueue: {
    // A customer joins the waiting room of the run's high-demand event (made on first use, its
    // sale already started, 2 buyers at a time), then an admission round runs.
    weight: 2,
    args: [index],
    async act(world: World, c: number) {
      const event = await queuedEvent(world);
      const who = pick(world.customers, c)!;
      await world.database.db.execute(
        sql`UPDATE customers SET cpfnpj = ${cpfFrom(100_000_000 + who.id)} WHERE id = ${who.id} AND cpfnpj = ''`,
      );
      const answer = await world.call('POST', `/queue/${event.id}/join`, who, {});
      await world.runJobs({ names: ['virtual-queue.admit'], includeDeferred: true });
      const me = await world.call('GET', `/queue/${event.id}/me`, who);
      if (me.body?.pass) world.passes.set(who.id, me.body.pass);
      return `customer ${who.id}: ${noted(answer)} ${answer.body?.status ?? ''}, then ${me.body?.status ?? noted(me)}`.trim();
    },
  },
  buyWithPass: {
    // A customer buys on the high-demand event with the pass the queue gave them (the live one,
    // else the last one handed): a live pass buys, an expired one (the clock jumped) is refused
    // and nothing is reserved.
    weight: 3,
    args: [index],
    async act(world: World, c: number) {
      if (!world.queued) return 'no queue';
      const event = world.queued;
      const who = pick(world.customers, c)!;
      const me = await world.call('GET', `/queue/${event.id}/me`, who);
      if (me.body?.pass) world.passes.set(who.id, me.body.pass);
      // The live pass, or the last one handed (expired since, or used).
      const pass = world.passes.get(who.id);
      if (!pass) return `customer ${who.id}: ${me.body?.status ?? noted(me)}, no pass`;
      const claims = JSON.parse(Buffer.from(pass.split('.')[1]!, 'base64url').toString()) as { exp: number };
      const expired = claims.exp * 1000 <= world.now().getTime();
      const headers = { 'x-queue-pass': pass };
      const reserved = await reserve(
        world,
        who,
        event.id,
        [{ tk_id: event.lotIds[1], tk_qtd: 1 }],
        {},
        headers,
      );
      if (expired && reserved.status === 200) {
        throw new SimulationFailure(
          `customer ${who.id} reserved on event ${event.id} with a pass expired at ${claims.exp}`,
        );
      }
      if (reserved.status !== 200) return `customer ${who.id}: reserve ${noted(reserved)}`;
      const order = { id: Number(reserved.body.order.id), customer: who };
      const paid = await payByCard(world, order, false, headers);
      return `customer ${who.id}, order ${order.id}: ${noted(paid)} ${paid.body?.status ?? ''}`.trim();
    },
  },
  reserveWithoutPass: {
    // Someone without a pass (or with another customer's) tries the high-demand event: refused,
    // and the event's stock does not move.
    weight: 1,
    args: [index, index],
    async act(world: World, c: number, other: number) {
      if (!world.queued) return 'no queue';
      const event = world.queued;
      const who = pick(world.customers, c)!;
      const owner = pick(world.customers, other)!;
      const me = owner.id === who.id ? null : await world.call('GET', `/queue/${event.id}/me`, owner);
      const borrowed = me?.body?.pass as string | undefined;
      const before = await lotCounters(world, event.id);
      const answer = await reserve(
        world,
        who,
        event.id,
        [{ tk_id: event.lotIds[1], tk_qtd: 1 }],
        {},
        borrowed ? { 'x-queue-pass': borrowed } : {},
      );
      const after = await lotCounters(world, event.id);
      if (answer.status === 200 || before !== after) {
        throw new SimulationFailure(
          `customer ${who.id} reserved on queued event ${event.id} ${borrowed ? `with customer ${owner.id}'s pass` : 'without a pass'}: ${answer.status}, lots ${before} → ${after}`,
        );
      }
      return `customer ${who.id}${borrowed ? ` with ${owner.id}'s pass` : ''}: ${noted(answer)}`;
    },
  },
  strangerTakesGroupSeats: {
    // A stranger tries to free, hold or reserve the seats a shared payment holds for its order:
    // every attempt is refused and the seats stay the group's.
    weight: 2,
    args: [index],
    async act(world: World, g: number) {
      const groups = await selectRows<{ id: number; order_id: number }>(
        world.database.db,
        sql`SELECT id, order_id FROM shared_payments WHERE status = 'open' AND event_id = ${world.theatre.id} ORDER BY id`,
      );
      const group = pick(groups, g);
      if (!group) return 'no open group with seats';
      const seatsOf = () =>
        selectRows<{
          id: number;
          state: string;
          held_by: string | null;
          held_until: unknown;
          hold_account: number | null;
        }>(
          world.database.db,
          sql`SELECT id, state, held_by, held_until, hold_account FROM seats WHERE held_by = ${`order:${group.order_id}`} ORDER BY id`,
        );
      const before = await seatsOf();
      if (before.length === 0) return `group ${group.id}: no seats held`;
      const seatIds = before.map((seat) => Number(seat.id));
      const stranger = await world.stranger();
      const sessionId = `sim-${randomUUID()}`;
      const release = await world.call('POST', '/seat/release', stranger, {
        eventId: world.theatre.id,
        seatIds,
        sessionId,
      });
      const named = await world.call('POST', '/seat/release', stranger, {
        eventId: world.theatre.id,
        seatIds,
        sessionId: `order:${group.order_id}`,
      });
      const hold = await world.call('POST', '/seat/hold', stranger, {
        eventId: world.theatre.id,
        seatIds,
        sessionId,
      });
      const reserved = await reserve(
        world,
        stranger,
        world.theatre.id,
        [{ tk_id: world.theatre.sections[0]!.lotIds[0], tk_qtd: 1, seat_id: seatIds[0] }],
        { sessionId },
      );
      const after = await seatsOf();
      if (
        hold.status === 200 ||
        reserved.status === 200 ||
        JSON.stringify(after) !== JSON.stringify(before)
      ) {
        throw new SimulationFailure(
          `a stranger moved group ${group.id}'s seats: release ${release.status}, release as the order ${named.status}, ` +
            `hold ${hold.status}, reserve ${reserved.status}; seats ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
        );
      }
      return `group ${group.id}: release ${noted(release)}, as order ${noted(named)}, hold ${noted(hold)}, reserve ${noted(reserved)}`;
    },
  },
  strangerNamesPixKey: {
    // A stranger names a PIX key for someone else's refund: refused, the refund unchanged.
    weight: 1,
    args: [index],
    async act(world: World, r: number) {
      const rows = await selectRows<{ id: number }>(
        world.database.db,
        sql`SELECT r.id FROM refunds r JOIN orders o ON o.id = r.order_id
            WHERE o.event_id IN (${world.festival.id}, ${world.theatre.id}) ORDER BY (r.status = 'needs_pix_key') DESC, r.id`,
      );
      const refund = pick(rows, r);
      if (!refund) return 'no refund';
      const rowOf = async () =>
        JSON.stringify(
          await selectRows(
            world.database.db,
            sql`SELECT * FROM refunds WHERE id = ${refund.id} OR parent_refund_id = ${refund.id} ORDER BY id`,
          ),
        );
      const before = await rowOf();
      const answer = await world.call('POST', `/refunds/${refund.id}/pix-key`, await world.stranger(), {
        chave: `${world.tag}@estranho.dev`,
      });
      const after = await rowOf();
      if (answer.status < 400 || after !== before) {
        throw new SimulationFailure(
          `a stranger named the PIX key of refund ${refund.id}: ${answer.status} ${JSON.stringify(answer.body)}; ${before} → ${after}`,
        );
      }
      return `refund ${refund.id}: ${noted(answer)}`;
    },
  },
  guessCoupons: {
    // A customer tries coupon codes that do not exist until the backoff blocks them (10 wrong
    // codes an hour are free): the last answer is 429 and nothing is reserved.
    weight: 1,
    args: [index],
    async act(world: World, c: number) {
      const who = pick(world.customers, c)!;
      const before = await lotCounters(world, world.festival.id);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const answer = await reserve(
          world,
          who,
          world.festival.id,
          [{ tk_id: world.festival.lotIds[1], tk_qtd: 1 }],
          {
            cupom: `CHUTE${randomUUID().slice(0, 8).toUpperCase()}`,
          },
        );
        statuses.push(answer.status);
        // 200 fails below; 429 is the backoff; 401: the session ran out (the clock jumped).
        if (answer.status === 200 || answer.status === 429 || answer.status === 401) break;
      }
      const after = await lotCounters(world, world.festival.id);
      const signedOut = statuses.at(-1) === 401;
      if (statuses.includes(200) || (statuses.at(-1) !== 429 && !signedOut) || before !== after) {
        throw new SimulationFailure(
          `customer ${who.id} guessing coupons: answers ${statuses.join(', ')} (the backoff never answered 429, or a guess reserved); lots ${before} → ${after}`,
        );
      }
      return signedOut
        ? `customer ${who.id}: signed out (401)`
        : `customer ${who.id}: ${statuses.length} guesses, then 429`;
    },
  },
  advanceClock: {
    weight: 4,
    args: [fc.nat({ max: CLOCK_JUMPS.length - 1 })],
    async act(world: World, jump: number) {
      await world.setClockOffset(world.clock.offsetMs + CLOCK_JUMPS[jump]!);
      return `+${Math.round(CLOCK_JUMPS[jump]! / MINUTE)} min`;
    },
  },
  advanceToEvent: {
    // The clock goes (forward only) to an edge of an event: 48 h before its start and a minute
    // either side (the refund cut-off), into its door window, or past its end (held resale
    // proceeds are released, wallets returned after events).
    weight: 2,
    args: [fc.nat({ max: 1 }), fc.nat({ max: 3 })],
    async act(world: World, e: number, edge: number) {
      const event = e ? world.theatre : world.festival;
      const [row] = await selectRows<{ starts_at: string | Date; ends_at: string | Date }>(
        world.database.db,
        sql`SELECT starts_at, ends_at FROM events WHERE id = ${event.id}`,
      );
      const start = new Date(row!.starts_at).getTime();
      const end = new Date(row!.ends_at).getTime();
      const target = [start - 48 * HOUR - MINUTE, start - 48 * HOUR + MINUTE, start - HOUR, end + 3 * HOUR][
        edge
      ]!;
      const ahead = target - world.now().getTime();
      if (ahead <= 0) return 'already past';
      await world.setClockOffset(world.clock.offsetMs + ahead);
      return `event ${event.id}, edge ${edge}: +${Math.round(ahead / MINUTE)} min`;
    },
  },
  expireReservations: {
    weight: 2,
    // 15 minutes pass for the database too (its now() dates reservations), then the reclaim runs.
    args: [] as fc.Arbitrary<number>[],
    async act(world: World) {
      const events = sql`(${world.festival.id}, ${world.theatre.id})`;
      await world.database.db.execute(
        sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE event_id IN ${events} AND status = 'reserved'`,
      );
      await world.database.db.execute(
        sql`UPDATE seats SET held_until = now() - interval '1 second' WHERE event_id IN ${events} AND held_until IS NOT NULL`,
      );
      await world.database.db.execute(
        sql`UPDATE resale_listings SET reserved_until = now() - interval '1 second'
            WHERE event_id IN ${events} AND reserved_until IS NOT NULL`,
      );
      await world.runJobs({ scheduled: true, names: ['orders.reclaim-expired', 'wallet.release-parts'] });
      return 'expired and reclaimed';
    },
  },
  runJobs: {
    weight: 2,
    args: [] as fc.Arbitrary<number>[],
    async act(world: World) {
      await world.runJobs({ scheduled: true });
      return 'every scheduled job once';
    },
  },
} satisfies Record<
  string,
  {
    /** How often it is drawn, relative to the others. */
    weight: number;
    args: fc.Arbitrary<number>[];
    // biome-ignore lint/suspicious/noExplicitAny: each action takes its own numbers.
    act: (world: World, ...args: any[]) => Promise<string>;
  }
>;

/** The names of every action. */
export type ActionName = keyof typeof ACTIONS;

/**
 * Actions that break an invariant because of a finding being fixed now (docs/integrity.md):
 * kept out of the default set so `npm test` passes, run by `SIM_ACTIONS=all`.
 */
export const ACTIONS_AWAITING_FIXES: Partial<Record<ActionName, string>> = {};

/** The default action set: every action but those awaiting fixes. */
export const DEFAULT_ACTIONS = (Object.keys(ACTIONS) as ActionName[]).filter(
  (name) => !(name in ACTIONS_AWAITING_FIXES),
);

/** Every action. */
export const ALL_ACTIONS = Object.keys(ACTIONS) as ActionName[];

/** The fast-check command arbitrary over `names`, each drawn by its weight. */
export function commandArbitraries(
  names: readonly ActionName[],
): fc.Arbitrary<fc.AsyncCommand<Model, World>>[] {
  const weighted = names.map((name) => {
    const action = ACTIONS[name];
    const args: fc.Arbitrary<number[]> =
      action.args.length === 0 ? fc.constant([]) : (fc.tuple(...action.args) as fc.Arbitrary<number[]>);
    return {
      weight: action.weight,
      arbitrary: args.map((values) => new Step(name, values, action.act as Step['act'])),
    };
  });
  return [fc.oneof(...weighted)];
}

/** The lots of an event as `id:sold/reserved`, to see that nothing moved. */
async function lotCounters(world: World, eventId: number): Promise<string> {
  const rows = await selectRows<{ id: number; sold: number; reserved: number }>(
    world.database.db,
    sql`SELECT id, sold, reserved FROM ticket_types WHERE event_id = ${eventId} ORDER BY id`,
  );
  return rows.map((row) => `${row.id}:${row.sold}/${row.reserved}`).join(' ');
}

/** The run's high-demand event: a festival whose queue is open and whose sale started, 2 buyers at a time. */
async function queuedEvent(world: World) {
  if (world.queued) return world.queued;
  const event = await createEvent(world.database.db, {
    ...festivalInput(`fila-${world.tag}`, world.producer.id),
    coupons: [],
  });
  await makeHighDemand(world.database.db, event.id, world.now(), -MINUTE, 2);
  world.queued = event;
  return event;
}

async function activeListings(world: World) {
  return selectRows<{ id: number; seller_id: number; event_id: number; ticket_type_id: number }>(
    world.database.db,
    sql`SELECT l.id, l.seller_id, l.event_id, t.ticket_type_id FROM resale_listings l JOIN tickets t ON t.id = l.ticket_id
        WHERE l.status = 'active' AND l.event_id IN (${world.festival.id}, ${world.theatre.id}) ORDER BY l.id`,
  );
}

async function cancel(world: World, eventId: number): Promise<string> {
  const answer = await world.call('POST', `/events/${eventId}/cancel`, world.producer, {});
  if (answer.status === 200) await world.runJobs({ names: ['refunds.cancel-event'] });
  return `event ${eventId}: ${noted(answer)}`;
}

/** One step of `name` with `args`, to replay a sequence by hand (a scenario, a shrunk failure). */
export function stepOf(name: ActionName, ...args: number[]): fc.AsyncCommand<Model, World> {
  return new Step(name, args, ACTIONS[name].act as Step['act']);
}
