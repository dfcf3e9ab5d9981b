import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Process-independent settings the host generates once (for example its signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
