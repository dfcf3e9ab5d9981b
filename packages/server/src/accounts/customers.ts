import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema/accounts.ts';

/** A customer row as drizzle reads it. */
export type CustomerRow = typeof customers.$inferSelect;

/** Which stored document a customer uploaded (spec §7 `documentType`). */
export type DocumentType = 'document' | 'address_proof';

/**
 * The user record the browser stores after login (spec §3): id, user (the e-mail), avatar,
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

/** The customer with this e-mail, compared without regard to case. */
export async function findCustomerByEmail(db: Database, email: string): Promise<CustomerRow | null> {
  const rows = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email.trim()})`)
    .limit(1);
  return rows[0] ?? null;
}

/** The customer with this id. */
export async function findCustomerById(db: Database, id: number): Promise<CustomerRow | null> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0] ?? null;
}
