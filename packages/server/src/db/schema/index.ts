// One drizzle schema for PGlite and PostgreSQL; the SQL migrations in ../migrations create it.

export * from './accounts.ts';
export * from './catalogue.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './settings.ts';
