import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

export const HOUR = 60 * 60 * 1000;

/** A valid CPF (check digits computed) from a 9-digit base. */
export function cpfFrom(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  const check = (weights: number) => {
    let sum = 0;
    for (let i = 0; i < weights - 1; i++) sum += digits[i]! * (weights - i);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  digits.push(check(10));
  digits.push(check(11));
  return digits.join('');
}

/** Marks an event high demand: waiting room open since an hour ago, sale in `saleInMs`. */
export async function makeHighDemand(
  db: Database,
  eventId: number,
  now: Date,
  saleInMs: number,
  capacity: number,
) {
  await db.execute(
    sql`UPDATE events SET high_demand = true, queue_opens_at = ${new Date(now.getTime() - HOUR)},
          queue_sale_starts_at = ${new Date(now.getTime() + saleInMs)}, checkout_capacity = ${capacity}
        WHERE id = ${eventId}`,
  );
}
