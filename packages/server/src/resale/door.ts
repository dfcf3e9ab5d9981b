import { type SQL, sql } from 'drizzle-orm';

/**
 * A ticket's status as the door and the owner's code see it: a valid ticket with an active
 * resale listing is `listed`, which no scanner admits and for which no code key is given
 * (docs/resale.md, "The seller's code"). The row keeps `valid`: the ticket is still the
 * seller's until it sells. `ticket` is the SQL alias of the `tickets` row.
 */
export function doorStatusSql(ticket: string): SQL {
  const t = sql.raw(ticket);
  return sql`CASE WHEN ${t}.status = 'valid' AND EXISTS (
              SELECT 1 FROM resale_listings listing
              WHERE listing.ticket_id = ${t}.id AND listing.status = 'active')
            THEN 'listed' ELSE ${t}.status END`;
}

/** The status a listed ticket shows at the door (`not_admissible` for the decision table). */
export const LISTED_STATUS = 'listed';
