import { hashDigest, newSalt, passwordDigest } from '../../src/accounts/passwords.ts';
import { openSession } from '../../src/accounts/sessions.ts';
import type { Database } from '../../src/db/client.ts';
import { customers } from '../../src/db/schema/accounts.ts';

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
export async function createCustomer(db: Database, input: TestCustomerInput): Promise<TestCustomer> {
  const password = input.password ?? 'senha-secreta';
  const salt = newSalt();
  const [row] = await db
    .insert(customers)
    .values({
      email: input.email,
      salt,
      passwordHash: await hashDigest(passwordDigest(salt, password)),
      namef: input.namef ?? 'Teste',
      isadmin: input.isadmin ?? '0',
      emailVerifiedAt: input.verified === false ? null : new Date(),
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('customer not inserted');
  const token = await openSession(db, row.id, new Date());
  return { id: row.id, email: input.email, password, salt, token };
}

/** The header that authenticates as a customer. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
