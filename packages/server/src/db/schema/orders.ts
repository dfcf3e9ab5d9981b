import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { coupons, events, products, seats, seatTables, ticketTypes } from './catalogue.ts';

// Migration 0012_orders.sql creates these tables; docs/buying.md describes them.

/** Order status: a reservation becomes paid, or expires, or is cancelled. */
export type OrderStatus = 'reserved' | 'paid' | 'expired' | 'cancelled';

/**
 * A cart reservation and, once paid, a purchase. `number` is 'RESALE_{resaleId}' for a
 * resale purchase and a generated unique id otherwise. A 'reserved' order whose
 * `expiresAt` has passed no longer counts: its stock is reclaimed lazily.
 */
export const orders = pgTable('orders', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  number: text('number').notNull(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  sessionId: text('session_id').notNull(),
  status: text('status', { enum: ['reserved', 'paid', 'expired', 'cancelled'] })
    .notNull()
    .default('reserved'),
  subtotalCents: integer('subtotal_cents').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  feeCents: integer('fee_cents').notNull().default(0),
  totalCents: integer('total_cents').notNull(),
  couponId: integer('coupon_id').references(() => coupons.id),
  couponCode: text('coupon_code'),
  // References resale_listings(id) in SQL.
  resaleListingId: integer('resale_listing_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order line: one row per ticket (quantity 1, with the holder's e-mail, NULL meaning the
 * buyer) or one row per product (quantity n). `kind` 'resale' is a resale ticket.
 */
export const orderItems = pgTable('order_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['ticket', 'product', 'resale'] }).notNull(),
  ticketTypeId: integer('ticket_type_id').references(() => ticketTypes.id),
  productId: integer('product_id').references(() => products.id),
  seatId: integer('seat_id').references(() => seats.id),
  tableId: integer('table_id').references(() => seatTables.id),
  resaleListingId: integer('resale_listing_id'),
  nNumber: integer('n_number'),
  quantity: integer('quantity').notNull().default(1),
  unitPriceCents: integer('unit_price_cents').notNull(),
  holderEmail: text('holder_email'),
});

/** An issued ticket, owned by an account; `code` is the secret behind its QR code. */
export const tickets = pgTable('tickets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  customerId: integer('customer_id').references(() => customers.id),
  holderEmail: text('holder_email').notNull(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  ticketTypeId: integer('ticket_type_id')
    .notNull()
    .references(() => ticketTypes.id),
  nNumber: integer('n_number').notNull().default(1),
  seatId: integer('seat_id').references(() => seats.id),
  orderId: integer('order_id').references(() => orders.id),
  orderItemId: integer('order_item_id').references(() => orderItems.id),
  priceCents: integer('price_cents').notNull().default(0),
  courtesy: boolean('courtesy').notNull().default(false),
  status: text('status', { enum: ['valid', 'used', 'cancelled', 'transferred', 'resold'] })
    .notNull()
    .default('valid'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A ticket offered again by its owner; reserved by `orderId` until `reservedUntil`. */
export const resaleListings = pgTable('resale_listings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  ticketId: integer('ticket_id')
    .notNull()
    .references(() => tickets.id),
  sellerId: integer('seller_id').references(() => customers.id),
  priceCents: integer('price_cents').notNull(),
  status: text('status', { enum: ['active', 'sold', 'cancelled'] })
    .notNull()
    .default('active'),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  reservedUntil: timestamp('reserved_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A tracking pixel hit (`tipo` 3 = checkout start). */
export const pixelEvents = pgTable('pixel_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  hash: text('hash').notNull(),
  ismobile: boolean('ismobile').notNull().default(false),
  eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
  tipo: integer('tipo').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
