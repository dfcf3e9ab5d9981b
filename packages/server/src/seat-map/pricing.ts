import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';

/** The lots that sell a section's seats, as `GET /seat/sections/{id}/pricing` answers them. */
export interface SectionPricing {
  sectionId: number;
  eventId: number;
  name: string;
  kind: string;
  priceFromCents: number | null;
  ticketTypes: {
    id: number;
    name: string;
    description: string;
    n_number: number;
    priceCents: number;
    perOrderLimit: number;
  }[];
}

/** A section with its active lots (prices in cents) in sale order; null for an unknown section. */
export async function sectionPricing(db: Queryable, sectionId: number): Promise<SectionPricing | null> {
  const section = await selectOne<{ id: number; event_id: number; name: string; kind: string }>(
    db,
    sql`SELECT id, event_id, name, kind FROM seat_sections WHERE id = ${sectionId}`,
  );
  if (!section) return null;
  const types = await selectRows<{
    id: number;
    name: string;
    description: string;
    n_number: number;
    price_cents: number;
    per_order_limit: number;
  }>(
    db,
    sql`SELECT id, name, description, n_number, price_cents, per_order_limit FROM ticket_types
        WHERE section_id = ${section.id} AND status = 'active' ORDER BY sort, id`,
  );
  return {
    sectionId: section.id,
    eventId: section.event_id,
    name: section.name,
    kind: section.kind,
    priceFromCents: types.length > 0 ? Math.min(...types.map((type) => type.price_cents)) : null,
    ticketTypes: types.map((type) => ({
      id: type.id,
      name: type.name,
      description: type.description,
      n_number: type.n_number,
      priceCents: type.price_cents,
      perOrderLimit: type.per_order_limit,
    })),
  };
}
