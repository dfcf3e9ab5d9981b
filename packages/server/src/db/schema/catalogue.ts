import { boolean, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

// Migrations 0010_catalogue.sql and 0011_seats.sql create these tables; docs/buying.md
// describes them. Indexes and CHECK constraints live in the SQL only.

/** An event on sale. `serviceFeeBps` is the service fee in basis points (1000 = 10%). */
export const events = pgTable('events', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  venue: text('venue').notNull().default(''),
  city: text('city').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  image: text('image').notNull().default(''),
  producerId: integer('producer_id').references(() => customers.id, { onDelete: 'set null' }),
  pixel: text('pixel').notNull().default(''),
  status: text('status', { enum: ['draft', 'published', 'cancelled'] })
    .notNull()
    .default('published'),
  serviceFeeBps: integer('service_fee_bps').notNull().default(1000),
  seatMapVersion: integer('seat_map_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One lot of a ticket category ("Pista", lot `nNumber` 2). `sold + reserved <= quantity`
 * always holds. Numbered types are sold with a seat or table of `sectionId`.
 */
export const ticketTypes = pgTable('ticket_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  nNumber: integer('n_number').notNull().default(1),
  priceCents: integer('price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  sold: integer('sold').notNull().default(0),
  reserved: integer('reserved').notNull().default(0),
  perOrderLimit: integer('per_order_limit').notNull().default(10),
  numbered: boolean('numbered').notNull().default(false),
  sectionId: integer('section_id'),
  salesStart: timestamp('sales_start', { withTimezone: true }),
  salesEnd: timestamp('sales_end', { withTimezone: true }),
  status: text('status', { enum: ['active', 'hidden', 'closed'] })
    .notNull()
    .default('active'),
  sort: integer('sort').notNull().default(0),
});

/** A marketplace product sold with an event's tickets. `sold + reserved <= stock`. */
export const products = pgTable('products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  stock: integer('stock').notNull(),
  sold: integer('sold').notNull().default(0),
  reserved: integer('reserved').notNull().default(0),
  perOrderLimit: integer('per_order_limit').notNull().default(10),
  status: text('status', { enum: ['active', 'hidden'] })
    .notNull()
    .default('active'),
  sort: integer('sort').notNull().default(0),
});

/** A discount code of one event: `value` is basis points ('percent') or cents ('fixed'). */
export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
  value: integer('value').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  usageLimit: integer('usage_limit'),
  used: integer('used').notNull().default(0),
});

/** A section of a seat map, with its bounding box; each section is one submap. */
export const seatSections = pgTable('seat_sections', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['seats', 'tables'] })
    .notNull()
    .default('seats'),
  color: text('color').notNull().default('#7c3aed'),
  x: real('x').notNull().default(0),
  y: real('y').notNull().default(0),
  width: real('width').notNull().default(0),
  height: real('height').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

/** A table (mesa) or box whose seats are sold together. */
export const seatTables = pgTable('seat_tables', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  sectionId: integer('section_id')
    .notNull()
    .references(() => seatSections.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  x: real('x').notNull(),
  y: real('y').notNull(),
  radius: real('radius').notNull().default(12),
});

/**
 * A seat. `state` is 'available', 'sold' or 'blocked'; a hold is `heldBy` (session id) with
 * `heldUntil`, live only while `heldUntil` is in the future. `orderId` is the reservation
 * (then the paid order) the seat belongs to.
 */
export const seats = pgTable('seats', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  sectionId: integer('section_id')
    .notNull()
    .references(() => seatSections.id, { onDelete: 'cascade' }),
  tableId: integer('table_id').references(() => seatTables.id, { onDelete: 'cascade' }),
  rowLabel: text('row_label').notNull(),
  seatNumber: text('seat_number').notNull(),
  x: real('x').notNull(),
  y: real('y').notNull(),
  state: text('state', { enum: ['available', 'sold', 'blocked'] })
    .notNull()
    .default('available'),
  heldBy: text('held_by'),
  heldUntil: timestamp('held_until', { withTimezone: true }),
  sort: integer('sort').notNull().default(0),
  // References orders(id) in SQL (0012); declared plainly here to avoid a schema import cycle.
  orderId: integer('order_id'),
});
