import { randomUUID } from 'node:crypto';
import type { OrderItemView, ProductAllowance, ReservedOrder } from '@plateia/core/contracts/orders';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, retryOnConflict, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { pgIntArray } from '../seats/holds.ts';
import { type OrderTotals, priceOrder } from './pricing.ts';
import { endReservations, reclaimExpired } from './reclaim.ts';

/** Cart/checkout expiry (spec §9): 15 minutes. */
export const RESERVATION_SECONDS = 900;

/** pt-BR answers of the reservation (spec §8 where the spec has one). */
export const RESERVE_MESSAGES = {
  secondResale:
    'Apenas um ingresso de revenda pode ser comprado por vez. Por favor, finalize esta compra antes de adicionar outro ingresso de revenda.',
  ticketUnavailable: 'A quantidade desejada para um dos ingressos selecionados não está mais disponível.',
  productUnavailable: 'A quantidade desejada para um dos produtos selecionados não está mais disponível.',
  seatUnavailable:
    'Um ou mais assentos selecionados ficaram indisponíveis. Por favor, selecione outros assentos.',
  emptyCart: 'Seu carrinho está vazio.',
  eventNotOnSale: 'Este evento não está à venda.',
  unknownTicket: 'Ingresso não encontrado para este evento.',
  unknownProduct: 'Produto não encontrado para este evento.',
  seatRequired: 'Escolha um assento para este ingresso.',
  seatNotAllowed: 'Este ingresso não tem lugar marcado.',
  seatWrongSection: 'O assento escolhido não pertence ao setor deste ingresso.',
  oneSeatPerLine: 'Cada assento corresponde a um ingresso: informe a quantidade 1.',
  duplicateSeat: 'O mesmo assento foi informado mais de uma vez.',
  resaleNotFound: 'Ingresso de revenda não encontrado.',
  ownResale: 'Você não pode comprar o seu próprio ingresso de revenda.',
  couponInvalid: 'Cupom inválido ou expirado.',
  couponExhausted: 'Este cupom atingiu o limite de uso.',
  tooManyHolders: 'Há mais e-mails de titulares do que ingressos.',
} as const;

/** One ticket line of `POST /cart/reserve` (spec §7 field names). */
export interface ReserveTicketLine {
  tk_qtd: number;
  tk_id: number;
  seat_id?: number | null | undefined;
  table_id?: number | null | undefined;
  seat_group_id?: number | null | undefined;
  is_from_resale?: number | boolean | undefined;
  resaleId?: number | null | undefined;
  original_n_number?: number | null | undefined;
  /** Whose account receives each ticket (spec §1); missing entries mean the buyer. */
  holder_emails?: string[] | undefined;
}

/** One product line of `POST /cart/reserve`. */
export interface ReserveProductLine {
  product_id: number;
  product_qtd: number;
}

/** A reservation request, after authentication. */
export interface ReserveInput {
  customerId: number;
  eventId: number;
  sessionId: string;
  tickets: ReserveTicketLine[];
  products: ReserveProductLine[];
  coupon?: string | undefined;
}

/** The spec's per-ticket answer: how many may be bought and whether the line can be. */
export interface TicketAllowance {
  tk_id: number;
  tk_allow: { tk_allow: number; tk_is_permitted_to_buy: boolean };
}

export type { OrderItemView, ProductAllowance, ReservedOrder } from '@plateia/core/contracts/orders';

/** What a reservation attempt gives. */
export type ReserveResult =
  | { ok: true; tickets: TicketAllowance[]; products: ProductAllowance[]; order: ReservedOrder }
  | { ok: false; message: string; tickets: TicketAllowance[]; products: ProductAllowance[] };

class Unavailable extends Error {
  readonly result: Extract<ReserveResult, { ok: false }>;
  readonly stockShort: boolean;
  constructor(result: Extract<ReserveResult, { ok: false }>, stockShort: boolean) {
    super(result.message);
    this.result = result;
    this.stockShort = stockShort;
  }
}

const isResale = (line: ReserveTicketLine): boolean =>
  line.is_from_resale === true || line.is_from_resale === 1;

/** Checks the request's shape against the rules that need no database. */
export function validateLines(input: ReserveInput): void {
  if (input.tickets.length === 0 && input.products.length === 0) {
    throw new HttpError(400, RESERVE_MESSAGES.emptyCart, 'empty_cart');
  }
  const resale = input.tickets.filter(isResale);
  if (resale.length > 1 || resale.some((line) => line.tk_qtd > 1)) {
    throw new HttpError(400, RESERVE_MESSAGES.secondResale, 'second_resale');
  }
  const seen = new Set<string>();
  for (const line of input.tickets) {
    if ((line.holder_emails?.length ?? 0) > line.tk_qtd) {
      throw new HttpError(400, RESERVE_MESSAGES.tooManyHolders, 'validation');
    }
    if (isResale(line)) {
      if (!line.resaleId) throw new HttpError(400, RESERVE_MESSAGES.resaleNotFound, 'validation');
      continue;
    }
    const place = line.seat_id
      ? `s${line.seat_id}`
      : line.table_id || line.seat_group_id
        ? `t${line.table_id || line.seat_group_id}`
        : null;
    if (place) {
      if (line.tk_qtd !== 1) throw new HttpError(400, RESERVE_MESSAGES.oneSeatPerLine, 'validation');
      if (seen.has(place)) throw new HttpError(400, RESERVE_MESSAGES.duplicateSeat, 'validation');
      seen.add(place);
    }
  }
}

interface TypeRow {
  id: number;
  price_cents: number;
  numbered: boolean;
  section_id: number | null;
  per_order_limit: number;
  n_number: number;
  sellable: boolean;
}

/** An order line as answered, with its place in the answer. */
interface ItemDraft extends OrderItemView {
  /** Answer order: ticket lines as requested, then products. */
  sortKey: number;
}

/** Whose account receives a line's `unit`-th ticket; null means the buyer. */
const holderEmail = (line: ReserveTicketLine, unit: number): string | null =>
  line.holder_emails?.[unit]?.trim() || null;

/** The `unit`-th ticket of ticket line `index`, of lot `type`, in a seat or table when given. */
function ticketDraft(
  index: number,
  line: ReserveTicketLine,
  unit: number,
  type: TypeRow,
  place: { seatId: number | null; tableId: number | null } = { seatId: null, tableId: null },
): ItemDraft {
  return {
    sortKey: index,
    kind: 'ticket',
    ticketTypeId: type.id,
    productId: null,
    seatId: place.seatId,
    tableId: place.tableId,
    resaleId: null,
    n_number: type.n_number,
    quantity: 1,
    unitPriceCents: type.price_cents,
    holderEmail: holderEmail(line, unit),
  };
}

/**
 * Reserves a cart atomically: every ticket, seat, product and the coupon, or nothing.
 * Counters move only by conditional UPDATEs (`… WHERE quantity - sold - reserved >= n`),
 * so concurrent buyers can never oversell a lot. Seats must be held by the request's
 * session; their hold is stretched to the order's expiry. When a lot or the coupon looks
 * exhausted, expired reservations of the event are reclaimed and the attempt is repeated
 * once, so stock comes back without a sweeper. A previous live reservation of the same
 * customer, session and event is cancelled first (starting checkout again replaces it).
 */
export async function reserveCart(db: Database, input: ReserveInput): Promise<ReserveResult> {
  validateLines(input);
  try {
    return await retryOnConflict(() => attempt(db, input));
  } catch (error) {
    if (!(error instanceof Unavailable)) throw error;
    if (!error.stockShort) return error.result;
    const reclaimed = await retryOnConflict(() => reclaimExpired(db, input.eventId));
    if (reclaimed.length === 0) return error.result;
    try {
      return await retryOnConflict(() => attempt(db, input));
    } catch (again) {
      if (again instanceof Unavailable) return again.result;
      throw again;
    }
  }
}

async function attempt(db: Database, input: ReserveInput): Promise<ReserveResult> {
  return db.transaction(async (tx) => {
    const [event] = await selectRows<{ id: number; service_fee_bps: number }>(
      tx,
      sql`SELECT id, service_fee_bps FROM events
          WHERE id = ${input.eventId} AND status = 'published' AND ends_at > now()`,
    );
    if (!event) throw new HttpError(409, RESERVE_MESSAGES.eventNotOnSale, 'not_on_sale');

    await endReservations(
      tx,
      sql`event_id = ${input.eventId} AND customer_id = ${input.customerId} AND session_id = ${input.sessionId}`,
      'cancelled',
    );

    const typeIds = [...new Set(input.tickets.map((line) => line.tk_id))];
    const types = new Map<number, TypeRow>();
    if (typeIds.length > 0) {
      for (const row of await selectRows<TypeRow>(
        tx,
        sql`SELECT id, price_cents, numbered, section_id, per_order_limit, n_number,
              status = 'active' AND (sales_start IS NULL OR sales_start <= now())
                AND (sales_end IS NULL OR sales_end > now()) AS sellable
            FROM ticket_types WHERE event_id = ${input.eventId} AND id = ANY(${pgIntArray(typeIds)}::int[])`,
      )) {
        types.set(row.id, row);
      }
    }

    const resaleLine = input.tickets.find(isResale);
    const number = resaleLine ? `RESALE_${resaleLine.resaleId}` : randomUUID();
    const [order] = await selectRows<{ id: number; expires_at: Date | string }>(
      tx,
      sql`INSERT INTO orders (number, customer_id, event_id, session_id, subtotal_cents, total_cents, expires_at)
          VALUES (${number}, ${input.customerId}, ${input.eventId}, ${input.sessionId}, 0, 0,
                  now() + make_interval(secs => ${RESERVATION_SECONDS}::int))
          RETURNING id, expires_at`,
    );
    const orderId = order!.id;
    const expiresAt = new Date(order!.expires_at);

    const allowances: TicketAllowance[] = input.tickets.map((line) => ({
      tk_id: line.tk_id,
      tk_allow: { tk_allow: line.tk_qtd, tk_is_permitted_to_buy: true },
    }));
    const productAllowances: ProductAllowance[] = input.products.map((line) => ({
      product_id: line.product_id,
      product_allow: line.product_qtd,
      product_is_permitted_to_buy: true,
    }));
    const items: ItemDraft[] = [];
    let stockShort = false;
    let seatFailed = false;
    let ticketFailed = false;
    let productFailed = false;

    const refuse = (index: number, allow: number) => {
      const entry = allowances[index]!;
      entry.tk_allow = { tk_allow: Math.max(0, allow), tk_is_permitted_to_buy: false };
      ticketFailed = true;
    };

    // Check every ticket line against its lot before taking anything.
    const gaByType = new Map<number, number[]>();
    input.tickets.forEach((line, index) => {
      if (isResale(line)) return;
      const type = types.get(line.tk_id);
      if (!type) throw new HttpError(400, RESERVE_MESSAGES.unknownTicket, 'unknown_ticket');
      const seated = Boolean(line.seat_id || line.table_id || line.seat_group_id);
      if (type.numbered && !seated) throw new HttpError(400, RESERVE_MESSAGES.seatRequired, 'seat_required');
      if (!type.numbered && seated) throw new HttpError(400, RESERVE_MESSAGES.seatNotAllowed, 'validation');
      if (!type.numbered) gaByType.set(type.id, [...(gaByType.get(type.id) ?? []), index]);
    });

    // Products, in id order: one conditional UPDATE each.
    const productQuantities = new Map<number, number>();
    for (const line of input.products) {
      productQuantities.set(
        line.product_id,
        (productQuantities.get(line.product_id) ?? 0) + line.product_qtd,
      );
    }
    for (const productId of [...productQuantities.keys()].sort((a, b) => a - b)) {
      const quantity = productQuantities.get(productId)!;
      const [product] = await selectRows<{ price_cents: number; per_order_limit: number; status: string }>(
        tx,
        sql`SELECT price_cents, per_order_limit, status FROM products WHERE id = ${productId} AND event_id = ${input.eventId}`,
      );
      if (!product) throw new HttpError(400, RESERVE_MESSAGES.unknownProduct, 'unknown_product');
      const allowed = product.status === 'active' && quantity <= product.per_order_limit;
      const updated = allowed
        ? await selectRows<{ id: number }>(
            tx,
            sql`UPDATE products SET reserved = reserved + ${quantity}::int
                WHERE id = ${productId} AND stock - sold - reserved >= ${quantity}::int RETURNING id`,
          )
        : [];
      if (updated.length === 0) {
        const [left] = await selectRows<{ left: number }>(
          tx,
          sql`SELECT GREATEST(0, stock - sold - reserved)::int AS left FROM products WHERE id = ${productId}`,
        );
        if (allowed) stockShort = true;
        for (const entry of productAllowances) {
          if (entry.product_id !== productId) continue;
          entry.product_allow = allowed ? Math.min(Number(left?.left ?? 0), product.per_order_limit) : 0;
          entry.product_is_permitted_to_buy = false;
        }
        productFailed = true;
        continue;
      }
      items.push({
        sortKey: 10_000,
        kind: 'product',
        ticketTypeId: null,
        productId,
        seatId: null,
        tableId: null,
        resaleId: null,
        n_number: null,
        quantity,
        unitPriceCents: product.price_cents,
        holderEmail: null,
      });
    }

    // Seats and tables: they must be held, live, by this session.
    for (const [index, line] of input.tickets.entries()) {
      if (isResale(line)) continue;
      const type = types.get(line.tk_id)!;
      if (!type.numbered) continue;
      const tableId = line.table_id || line.seat_group_id || null;
      const seats = await selectRows<{ id: number; section_id: number; table_id: number | null }>(
        tx,
        tableId
          ? sql`SELECT id, section_id, table_id FROM seats WHERE event_id = ${input.eventId} AND table_id = ${tableId} ORDER BY id`
          : sql`SELECT id, section_id, table_id FROM seats WHERE event_id = ${input.eventId} AND id = ${line.seat_id ?? 0}`,
      );
      if (seats.length === 0 || (!tableId && seats[0]!.table_id !== null)) {
        throw new HttpError(400, RESERVE_MESSAGES.seatWrongSection, 'validation');
      }
      if (type.section_id !== null && seats.some((seat) => seat.section_id !== type.section_id)) {
        throw new HttpError(400, RESERVE_MESSAGES.seatWrongSection, 'validation');
      }
      const ids = seats.map((seat) => seat.id);
      const taken = type.sellable
        ? await selectRows<{ id: number }>(
            tx,
            sql`UPDATE seats SET held_until = GREATEST(held_until, ${expiresAt.toISOString()}::timestamptz), order_id = ${orderId}
                WHERE event_id = ${input.eventId} AND id = ANY(${pgIntArray(ids)}::int[]) AND state = 'available'
                  AND held_by = ${input.sessionId} AND held_until > now()
                RETURNING id`,
          )
        : [];
      if (taken.length !== ids.length) {
        refuse(index, 0);
        seatFailed = true;
        continue;
      }
      ids.forEach((seatId, unit) => {
        items.push(ticketDraft(index, line, unit, type, { seatId, tableId }));
      });
    }

    // The resale ticket: the listing is reserved for this order until its expiry.
    if (resaleLine) {
      const index = input.tickets.indexOf(resaleLine);
      const [listing] = await selectRows<{
        id: number;
        price_cents: number;
        seller_id: number | null;
        ticket_type_id: number;
        n_number: number;
        seat_id: number | null;
      }>(
        tx,
        sql`SELECT r.id, r.price_cents, r.seller_id, tk.ticket_type_id, tk.n_number, tk.seat_id
            FROM resale_listings r JOIN tickets tk ON tk.id = r.ticket_id
            WHERE r.id = ${resaleLine.resaleId ?? 0} AND r.event_id = ${input.eventId}`,
      );
      if (!listing) throw new HttpError(404, RESERVE_MESSAGES.resaleNotFound, 'not_found');
      if (listing.seller_id === input.customerId)
        throw new HttpError(400, RESERVE_MESSAGES.ownResale, 'own_resale');
      const taken = await selectRows<{ id: number }>(
        tx,
        sql`UPDATE resale_listings SET order_id = ${orderId}, reserved_until = ${expiresAt.toISOString()}::timestamptz
            WHERE id = ${listing.id} AND status = 'active' AND (order_id IS NULL OR reserved_until <= now())
            RETURNING id`,
      );
      if (taken.length === 0) {
        refuse(index, 0);
      } else {
        items.push({
          sortKey: index,
          kind: 'resale',
          ticketTypeId: listing.ticket_type_id,
          productId: null,
          seatId: listing.seat_id,
          tableId: null,
          resaleId: listing.id,
          n_number: listing.n_number,
          quantity: 1,
          unitPriceCents: listing.price_cents,
          holderEmail: holderEmail(resaleLine, 0),
        });
      }
    }

    // The most contended rows go last, so their locks are held for the shortest time: the
    // coupon, then general-admission lots (one conditional UPDATE per lot, in id order),
    // then a single statement writing the lines and totals, then COMMIT.
    let coupon: ReservedOrder['coupon'] = null;
    let couponId: number | null = null;
    const code = input.coupon?.trim();
    if (code) {
      const [found] = await selectRows<{
        id: number;
        code: string;
        kind: 'percent' | 'fixed';
        value: number;
        valid: boolean;
      }>(
        tx,
        sql`SELECT id, code, kind, value,
              (valid_from IS NULL OR valid_from <= now()) AND (valid_until IS NULL OR valid_until > now()) AS valid
            FROM coupons WHERE event_id = ${input.eventId} AND upper(code) = upper(${code})`,
      );
      if (!found?.valid) throw new HttpError(400, RESERVE_MESSAGES.couponInvalid, 'coupon_invalid');
      const used = await selectRows<{ id: number }>(
        tx,
        sql`UPDATE coupons SET used = used + 1
            WHERE id = ${found.id} AND (usage_limit IS NULL OR used < usage_limit) RETURNING id`,
      );
      if (used.length === 0) {
        // Reclaiming expired reservations may free a use; otherwise the coupon is spent.
        throw new Unavailable(
          {
            ok: false,
            message: RESERVE_MESSAGES.couponExhausted,
            tickets: allowances,
            products: productAllowances,
          },
          true,
        );
      }
      coupon = { code: found.code, kind: found.kind, value: found.value };
      couponId = found.id;
    }

    if (!seatFailed) {
      for (const typeId of [...gaByType.keys()].sort((a, b) => a - b)) {
        const type = types.get(typeId)!;
        const lines = gaByType.get(typeId)!;
        const quantity = lines.reduce((sum, index) => sum + input.tickets[index]!.tk_qtd, 0);
        const updated =
          type.sellable && quantity <= type.per_order_limit
            ? await selectRows<{ id: number }>(
                tx,
                sql`UPDATE ticket_types SET reserved = reserved + ${quantity}::int
                    WHERE id = ${typeId} AND quantity - sold - reserved >= ${quantity}::int
                    RETURNING id`,
              )
            : [];
        if (updated.length === 0) {
          const [left] = await selectRows<{ left: number }>(
            tx,
            sql`SELECT GREATEST(0, quantity - sold - reserved)::int AS left FROM ticket_types WHERE id = ${typeId}`,
          );
          const allow = type.sellable ? Math.min(Number(left?.left ?? 0), type.per_order_limit) : 0;
          if (type.sellable && quantity <= type.per_order_limit) stockShort = true;
          for (const index of lines) refuse(index, allow);
          continue;
        }
        for (const index of lines) {
          const line = input.tickets[index]!;
          for (let unit = 0; unit < line.tk_qtd; unit++) items.push(ticketDraft(index, line, unit, type));
        }
      }
    }

    if (ticketFailed || productFailed) {
      const message = seatFailed
        ? RESERVE_MESSAGES.seatUnavailable
        : ticketFailed
          ? RESERVE_MESSAGES.ticketUnavailable
          : RESERVE_MESSAGES.productUnavailable;
      throw new Unavailable(
        { ok: false, message, tickets: allowances, products: productAllowances },
        stockShort,
      );
    }

    items.sort((a, b) => a.sortKey - b.sortKey);
    const centsOf = (kind: ItemDraft['kind']) =>
      items.reduce((sum, item) => (item.kind === kind ? sum + item.quantity * item.unitPriceCents : sum), 0);
    const totals = priceOrder({
      ticketCents: centsOf('ticket'),
      resaleCents: centsOf('resale'),
      productCents: centsOf('product'),
      feeBps: event.service_fee_bps,
      coupon,
    });
    await finishOrder(tx, orderId, items, {
      ...totals,
      couponId,
      couponCode: coupon?.code ?? null,
      resaleListingId: resaleLine?.resaleId ?? null,
    });
    return {
      ok: true,
      tickets: allowances,
      products: productAllowances,
      order: {
        id: orderId,
        number,
        status: 'reserved',
        eventId: input.eventId,
        ...totals,
        coupon,
        expiresAt: expiresAt.toISOString(),
        items: items.map(({ sortKey, ...item }) => item),
      },
    };
  });
}

/** Writes the order's lines and totals in one statement (one round trip before COMMIT). */
async function finishOrder(
  tx: Queryable,
  orderId: number,
  items: ItemDraft[],
  totals: OrderTotals & {
    couponId: number | null;
    couponCode: string | null;
    resaleListingId: number | null;
  },
): Promise<void> {
  const json = JSON.stringify(
    items.map((item) => ({
      kind: item.kind,
      ticket_type_id: item.ticketTypeId,
      product_id: item.productId,
      seat_id: item.seatId,
      table_id: item.tableId,
      resale_listing_id: item.resaleId,
      n_number: item.n_number,
      quantity: item.quantity,
      unit_price_cents: item.unitPriceCents,
      holder_email: item.holderEmail,
    })),
  );
  await tx.execute(sql`
    WITH lines AS (
      INSERT INTO order_items (order_id, kind, ticket_type_id, product_id, seat_id, table_id, resale_listing_id,
                               n_number, quantity, unit_price_cents, holder_email)
      SELECT ${orderId}::int, r.kind, r.ticket_type_id, r.product_id, r.seat_id, r.table_id, r.resale_listing_id,
             r.n_number, r.quantity, r.unit_price_cents, r.holder_email
      FROM json_to_recordset(${json}::json) AS r(kind text, ticket_type_id int, product_id int, seat_id int,
        table_id int, resale_listing_id int, n_number int, quantity int, unit_price_cents int, holder_email text)
      RETURNING 1
    )
    UPDATE orders SET subtotal_cents = ${totals.subtotalCents}, discount_cents = ${totals.discountCents},
      fee_cents = ${totals.feeCents}, total_cents = ${totals.totalCents},
      coupon_id = ${totals.couponId}, coupon_code = ${totals.couponCode},
      resale_listing_id = ${totals.resaleListingId}
    WHERE id = ${orderId} AND (SELECT count(*) FROM lines) >= 0`);
}
