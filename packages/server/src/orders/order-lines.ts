import { sql } from 'drizzle-orm';
import { execute, type Queryable } from '../db/sql.ts';
import type { OrderTotals } from './pricing.ts';
import type { ItemDraft } from './reservation-draft.ts';

/** An order's totals plus what they were priced with. */
export interface OrderFigures extends OrderTotals {
  couponId: number | null;
  couponCode: string | null;
  resaleListingId: number | null;
}

/** Writes the order's lines and totals in one statement (one round trip before COMMIT). */
export async function writeOrderLines(
  tx: Queryable,
  orderId: number,
  items: ItemDraft[],
  figures: OrderFigures,
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
      meia_category: item.meia?.category ?? null,
      meia_name: item.meia?.name ?? null,
      meia_document: item.meia?.document ?? null,
    })),
  );
  await execute(
    tx,
    sql`
    WITH lines AS (
      INSERT INTO order_items (order_id, kind, ticket_type_id, product_id, seat_id, table_id, resale_listing_id,
                               n_number, quantity, unit_price_cents, holder_email, meia_category, meia_name, meia_document)
      SELECT ${orderId}::int, r.kind, r.ticket_type_id, r.product_id, r.seat_id, r.table_id, r.resale_listing_id,
             r.n_number, r.quantity, r.unit_price_cents, r.holder_email, r.meia_category, r.meia_name, r.meia_document
      FROM json_to_recordset(${json}::json) AS r(kind text, ticket_type_id int, product_id int, seat_id int,
        table_id int, resale_listing_id int, n_number int, quantity int, unit_price_cents int, holder_email text,
        meia_category text, meia_name text, meia_document text)
      RETURNING 1
    )
    UPDATE orders SET subtotal_cents = ${figures.subtotalCents}, discount_cents = ${figures.discountCents},
      fee_cents = ${figures.feeCents}, total_cents = ${figures.totalCents},
      coupon_id = ${figures.couponId}, coupon_code = ${figures.couponCode},
      resale_listing_id = ${figures.resaleListingId}
    WHERE id = ${orderId} AND (SELECT count(*) FROM lines) >= 0`,
  );
}
