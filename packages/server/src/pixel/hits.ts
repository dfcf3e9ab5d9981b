import { sql } from 'drizzle-orm';
import { execute, type Queryable } from '../db/sql.ts';

/** One hit of an event's tracking pixel, as the storefront's beacon reports it. */
export interface PixelHit {
  hash: string;
  ismobile: boolean | number;
  /** The event id; an unknown one is recorded without an event. */
  evtid: number;
  /** What happened on the page (3 = checkout start). */
  tipo: number;
}

/** Records a pixel hit. An unknown event is recorded without one rather than failing the page's beacon. */
export async function recordPixelHit(db: Queryable, hit: PixelHit): Promise<void> {
  await execute(
    db,
    sql`
    INSERT INTO pixel_events (hash, ismobile, event_id, tipo)
    VALUES (${hit.hash}, ${hit.ismobile === true || hit.ismobile === 1}, (SELECT id FROM events WHERE id = ${hit.evtid}), ${hit.tipo})`,
  );
}
