import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createEvent } from '../../src/catalogue/create.ts';
import { execute } from '../../src/db/sql.ts';
import { settleOrder } from '../../src/orders/fulfilment.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import type { TestCustomer } from '../support/accounts.ts';
import type { TestApp } from '../support/app.ts';
import { call } from './team.ts';

/** A published event of the organisation; answers its id and its lots. */
export async function organisationEvent(t: TestApp, organisationId: number, slug: string) {
  const event = await createEvent(t.database.db, { ...festivalInput(slug), organisationId });
  return { id: event.id, lotIds: event.lotIds };
}

/**
 * A buyer's order for `quantity` tickets of `lotId`, reserved through the API and paid the way
 * every payment path pays one: `settleOrder` in a transaction (payments tests cover what
 * comes before it).
 */
export async function paidOrder(
  t: TestApp,
  buyer: TestCustomer,
  eventId: number,
  lotId: number,
  quantity = 1,
): Promise<number> {
  const reserved = await call(t.app, 'POST', '/cart/reserve', buyer, {
    user: buyer.id,
    event_id: eventId,
    products: [],
    tickets: [{ tk_id: lotId, tk_qtd: quantity }],
    sessionId: `session-${randomUUID()}`,
  });
  if (reserved.statusCode !== 200) throw new Error(reserved.body);
  const orderId = Number(reserved.json().order.id);
  const outcome = await t.database.db.transaction((tx) => settleOrder(tx, orderId, new Date()));
  if (outcome?.kind !== 'paid') throw new Error(`order ${orderId} not paid: ${outcome?.kind}`);
  return orderId;
}

/** Gives a test buyer a CPF (the account flow that stores one is tested in accounts/). */
export async function giveCpf(t: TestApp, customer: TestCustomer, cpf: string): Promise<void> {
  await execute(t.database.db, sql`UPDATE customers SET cpfnpj = ${cpf} WHERE id = ${customer.id}`);
}
