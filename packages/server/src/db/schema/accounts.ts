import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A customer account (spec §3 "User"). `isadmin` is the string '1' for producers and '0'
 * otherwise; `passwordHash` is argon2id of the md5(salt + password) digest, absent for
 * accounts created through Google sign-in only.
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    salt: text('salt').notNull(),
    passwordHash: text('password_hash'),
    namef: text('namef').notNull().default(''),
    namel: text('namel').notNull().default(''),
    cpfnpj: text('cpfnpj').notNull().default(''),
    passport: text('passport').notNull().default(''),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default('Brasil'),
    nickname: text('nickname').notNull().default(''),
    gender: text('gender').notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    cep: text('cep').notNull().default(''),
    rua: text('rua').notNull().default(''),
    numero: text('numero').notNull().default(''),
    complemento: text('complemento').notNull().default(''),
    bairro: text('bairro').notNull().default(''),
    cidade: text('cidade').notNull().default(''),
    uf: text('uf').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    profession: text('profession').notNull().default(''),
    professionDetails: text('profession_details').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    isadmin: text('isadmin').notNull().default('0'),
    status: integer('status').notNull().default(1),
    uidcad: integer('uidcad').notNull().default(1),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSub: text('google_sub').unique(),
    documentPath: text('document_path'),
    addressProofPath: text('address_proof_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('customers_email_lower_key').on(sql`lower(${table.email})`)],
);

/** Bearer tokens, stored as SHA-256 digests. Scope 'upload' only grants document uploads. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    scope: text('scope', { enum: ['session', 'upload'] })
      .notNull()
      .default('session'),
    clientUuid: text('client_uuid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_customer_idx').on(table.customerId)],
);

/** Single-use links sent by e-mail, stored as SHA-256 digests. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'recovery'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_tokens_customer_idx').on(table.customerId, table.purpose)],
);

/** Pending OpenID Connect logins (PKCE verifier, nonce, where to return), keyed by the state's digest. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** E-mails kept for the development mailbox page. */
export const mailboxMessages = pgTable('mailbox_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
