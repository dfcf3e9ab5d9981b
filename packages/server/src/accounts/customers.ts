import type { ProfileDetails } from '@plateia/core/contracts/profile';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';

/** A customer as the accounts modules read it (every column of `customers`, camel-cased). */
export interface CustomerRow {
  id: number;
  email: string;
  salt: string;
  /** argon2id of the md5(salt + password) digest; null for Google-only accounts. */
  passwordHash: string | null;
  namef: string;
  namel: string;
  cpfnpj: string;
  passport: string;
  phone: string;
  country: string;
  nickname: string;
  gender: string;
  /** YYYY-MM-DD, as PostgreSQL prints a `date`. */
  birthDate: string | null;
  cep: string;
  rua: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  instagram: string;
  profession: string;
  professionDetails: string;
  avatar: string;
  /** '1' for producers, '0' otherwise. */
  isadmin: string;
  status: number;
  uidcad: number;
  emailVerifiedAt: Date | null;
  googleSub: string | null;
  documentPath: string | null;
  addressProofPath: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The columns a new or changed customer row may be given, by their SQL names (the profile
 * fields are core's `ProfileDetails`, the wire shape sign-up and the profile edit send). Absent
 * columns keep their database default (on insert) or current value (on update).
 */
export interface CustomerColumns extends Omit<ProfileDetails, 'birth_date'> {
  email?: string;
  salt?: string;
  password_hash?: string | null;
  namef?: string;
  namel?: string;
  passport?: string;
  country?: string;
  /** A `date` column: NULL clears it. */
  birth_date?: string | null;
  avatar?: string;
  /** '1' for producers, '0' otherwise (a CHECK constraint refuses anything else). */
  isadmin?: string;
  status?: number;
  uidcad?: number;
  email_verified_at?: Date | null;
  google_sub?: string | null;
  document_path?: string | null;
  address_proof_path?: string | null;
  created_at?: Date;
  updated_at?: Date;
}

/** Which stored document a customer uploaded (docs/accounts.md `documentType`). */
export type DocumentType = 'document' | 'address_proof';

/**
 * The user record the browser stores after login (docs/accounts.md): id, user (the e-mail), avatar,
 * isadmin and the profile fields. Never the salt or password hash. Document fields hold the
 * API path the owner reads the file from (empty when none), never a disk path.
 */
export interface UserRecord {
  id: number;
  user: string;
  avatar: string;
  isadmin: string;
  namef: string;
  namel: string;
  cpfnpj: string;
  passport: string;
  phone: string;
  country: string;
  nickname: string;
  gender: string;
  birth_date: string;
  cep: string;
  rua: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  instagram: string;
  profession: string;
  profession_details: string;
  status: number;
  email_verified: boolean;
  document: string;
  address_proof: string;
  addressProof: string;
}

/** Where the owner downloads an uploaded document (`GET /customer/document/{documentType}`). */
export function documentUrl(type: DocumentType): string {
  return `/customer/document/${type}`;
}

/** The public user record of a customer row. */
export function toUserRecord(row: CustomerRow): UserRecord {
  const addressProof = row.addressProofPath ? documentUrl('address_proof') : '';
  return {
    id: row.id,
    user: row.email,
    avatar: row.avatar,
    isadmin: row.isadmin,
    namef: row.namef,
    namel: row.namel,
    cpfnpj: row.cpfnpj,
    passport: row.passport,
    phone: row.phone,
    country: row.country,
    nickname: row.nickname,
    gender: row.gender,
    birth_date: row.birthDate ?? '',
    cep: row.cep,
    rua: row.rua,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade: row.cidade,
    uf: row.uf,
    instagram: row.instagram,
    profession: row.profession,
    profession_details: row.professionDetails,
    status: row.status,
    email_verified: row.emailVerifiedAt !== null,
    document: row.documentPath ? documentUrl('document') : '',
    address_proof: addressProof,
    addressProof,
  };
}

/** A `customers` row as the driver hands it over: timestamps arrive as text. */
type StoredCustomer = Omit<CustomerRow, 'emailVerifiedAt' | 'createdAt' | 'updatedAt'> & {
  emailVerifiedAt: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
};

/**
 * `isadmin` as the API answers it: '1' for an account marked as a producer or a member of
 * any organisation (docs/producers.md), so creating or joining one shows the header's
 * "Área do Produtor" at the next read, and leaving the last one hides it. Membership is
 * read from the account's own `organisation_count`, which organisations/ keeps, so the
 * session lookup reads no other table.
 */
export const isadminOf = (customer: 'customers' | 'c') =>
  sql.raw(`CASE WHEN ${customer}.isadmin = '1' OR ${customer}.organisation_count > 0 THEN '1' ELSE '0' END`);

// Every column under the name CustomerRow gives it; used by SELECT and RETURNING alike.
const CUSTOMER_COLUMNS = sql`id, email, salt, password_hash AS "passwordHash", namef, namel, cpfnpj,
  passport, phone, country, nickname, gender, birth_date::text AS "birthDate", cep, rua, numero,
  complemento, bairro, cidade, uf, instagram, profession, profession_details AS "professionDetails",
  avatar, ${isadminOf('customers')} AS isadmin, status, uidcad, email_verified_at AS "emailVerifiedAt",
  google_sub AS "googleSub",
  document_path AS "documentPath", address_proof_path AS "addressProofPath",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

function fromStored(row: StoredCustomer): CustomerRow {
  return {
    ...row,
    emailVerifiedAt: row.emailVerifiedAt === null ? null : new Date(row.emailVerifiedAt),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

/** A value bound for a customers column; instants travel as ISO text cast to timestamptz. */
function bound(value: CustomerColumns[keyof CustomerColumns]): SQL {
  return value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value ?? null}`;
}

function givenColumns(columns: CustomerColumns): [keyof CustomerColumns, SQL][] {
  return (Object.entries(columns) as [keyof CustomerColumns, CustomerColumns[keyof CustomerColumns]][])
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, bound(value)]);
}

/** The customer with this e-mail, compared without regard to case. */
export async function findCustomerByEmail(db: Queryable, email: string): Promise<CustomerRow | null> {
  const row = await selectOne<StoredCustomer>(
    db,
    sql`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE lower(email) = lower(${email.trim()}) LIMIT 1`,
  );
  return row && fromStored(row);
}

/** The customer with this id. */
export async function findCustomerById(db: Queryable, id: number): Promise<CustomerRow | null> {
  const row = await selectOne<StoredCustomer>(
    db,
    sql`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = ${id} LIMIT 1`,
  );
  return row && fromStored(row);
}

/**
 * The customer linked to an external identity's subject (`google_sub`), if any.
 */
export async function findCustomerByGoogleSub(db: Queryable, sub: string): Promise<CustomerRow | null> {
  const row = await selectOne<StoredCustomer>(
    db,
    sql`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE google_sub = ${sub} LIMIT 1`,
  );
  return row && fromStored(row);
}

/**
 * Inserts a customer and answers the stored row. A second account with the same e-mail
 * (in any case) fails with PostgreSQL's unique_violation, which callers turn into answers.
 */
export async function insertCustomer(db: Queryable, columns: CustomerColumns): Promise<CustomerRow> {
  const given = givenColumns(columns);
  const row = await selectOne<StoredCustomer>(
    db,
    sql`INSERT INTO customers (${sql.join(
      given.map(([name]) => sql.identifier(name)),
      sql`, `,
    )}) VALUES (${sql.join(
      given.map(([, value]) => value),
      sql`, `,
    )}) RETURNING ${CUSTOMER_COLUMNS}`,
  );
  if (!row) throw new Error('customer insert returned nothing');
  return fromStored(row);
}

/**
 * Changes some columns of a customer and answers the updated row, or null when there is no
 * such customer. `extra` adds assignments computed in SQL (see `markEmailVerified`).
 */
export async function updateCustomer(
  db: Queryable,
  id: number,
  columns: CustomerColumns,
  ...extra: SQL[]
): Promise<CustomerRow | null> {
  const assignments = [
    ...givenColumns(columns).map(([name, value]) => sql`${sql.identifier(name)} = ${value}`),
    ...extra,
  ];
  const row = await selectOne<StoredCustomer>(
    db,
    sql`UPDATE customers SET ${sql.join(assignments, sql`, `)} WHERE id = ${id} RETURNING ${CUSTOMER_COLUMNS}`,
  );
  return row && fromStored(row);
}

/**
 * The assignment that records the e-mail as confirmed at `now`, keeping an earlier
 * confirmation date when there is one.
 */
export function markEmailVerified(now: Date): SQL {
  return sql`email_verified_at = coalesce(email_verified_at, ${now.toISOString()}::timestamptz)`;
}
