import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { orders } from './orders.ts';

// Migration 0020_payments.sql creates these tables; docs/payments.md describes them.

/** A payment's state: see docs/payments.md "States". */
export type PaymentStatus = 'pending' | 'approved' | 'declined' | 'expired' | 'refund_required';

/** One PIX charge or one card attempt on an order. */
export const payments = pgTable('payments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  method: text('method', { enum: ['pix', 'card'] }).notNull(),
  status: text('status', { enum: ['pending', 'approved', 'declined', 'expired', 'refund_required'] })
    .notNull()
    .default('pending'),
  amountCents: integer('amount_cents').notNull(),
  txid: text('txid').unique(),
  brcode: text('brcode'),
  chargeExpiresAt: timestamp('charge_expires_at', { withTimezone: true }),
  endToEndId: text('end_to_end_id').unique(),
  idempotencyKey: text('idempotency_key'),
  requestFingerprint: text('request_fingerprint'),
  gatewayChargeId: text('gateway_charge_id').unique(),
  installments: integer('installments'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  statusDetail: text('status_detail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/** A PIX payment the PSP confirmed, keyed by its endToEndId (webhook de-duplication). */
export const pixReceived = pgTable('pix_received', {
  endToEndId: text('end_to_end_id').primaryKey(),
  txid: text('txid').notNull(),
  paymentId: integer('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
