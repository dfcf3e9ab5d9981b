import { insertCustomer } from '../../src/accounts/customers.ts';
import { hashDigest, newSalt, passwordDigest } from '../../src/accounts/passwords.ts';
import { openSession } from '../../src/accounts/sessions.ts';
import type { Queryable } from '../../src/db/sql.ts';

/** What a test customer is created with. */
export interface TestCustomerInput {
  email: string;
  password?: string;
  verified?: boolean;
  isadmin?: '0' | '1';
  namef?: string;
}

/** A customer in the database plus what a test needs to act as them. */
export interface TestCustomer {
  id: number;
  email: string;
  password: string;
  salt: string;
  /** A session token for `Authorization: Bearer`. */
  token: string;
}

/** Inserts a customer (verified unless told otherwise) and opens a session for them. */
export async function createCustomer(db: Queryable, input: TestCustomerInput): Promise<TestCustomer> {
  const password = input.password ?? 'senha-secreta';
  const salt = newSalt();
  const row = await insertCustomer(db, {
    email: input.email,
    salt,
    password_hash: await hashDigest(passwordDigest(salt, password)),
    namef: input.namef ?? 'Teste',
    isadmin: input.isadmin ?? '0',
    email_verified_at: input.verified === false ? null : new Date(),
  });
  const token = await openSession(db, row.id, new Date());
  return { id: row.id, email: input.email, password, salt, token };
}

/** The header that authenticates as a customer. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
