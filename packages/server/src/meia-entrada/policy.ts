import type { MeiaEntradaInfo } from '@plateia/core/contracts/catalogue';
import { EVENT_NOT_FOUND } from '@plateia/core/messages/catalogue';
import { MEIA_MESSAGES } from '@plateia/core/messages/meia-entrada';
import { MEIA_FEDERAL_CATEGORIES } from '@plateia/core/rules/meia-entrada';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne } from '../db/sql.ts';
import { requireEventPower } from '../organisations/access.ts';
import { HttpError } from '../plugins/errors.ts';
import { type MeiaPolicy, refreshMeiaQuota } from '../stock/meia-quota.ts';
import { meiaEntradaInfo } from './quota.ts';

/** A published event's meia-entrada offer with its live counter; 404 for anything else. */
export async function meiaEntradaOf(db: Queryable, eventId: number): Promise<MeiaEntradaInfo> {
  const published = await selectOne<{ id: number }>(
    db,
    sql`SELECT id FROM events WHERE id = ${eventId} AND status = 'published'`,
  );
  const info = published ? await meiaEntradaInfo(db, eventId) : null;
  if (!info) throw new HttpError(404, EVENT_NOT_FOUND, 'not_found');
  return info;
}

/**
 * Sets an event's meia policy (its producer only): the share (never below the legal 40%), the
 * extra meias and state categories, then recomputes the quota in the same transaction under
 * the quota's row lock. 409 when the new quota would fall below the meias already taken.
 */
export async function setMeiaPolicy(
  db: Database,
  eventId: number,
  actor: { id: number },
  policy: Partial<MeiaPolicy>,
): Promise<MeiaEntradaInfo> {
  await requireEventPower(db, eventId, actor.id, 'events.edit', {
    notProducer: MEIA_MESSAGES.producerOnly,
    notFound: EVENT_NOT_FOUND,
    forbidden: MEIA_MESSAGES.producerOnly,
  });
  const federal = new Set(MEIA_FEDERAL_CATEGORIES.map((category) => category.id));
  const ids = (policy.stateCategories ?? []).map((category) => category.id);
  // State categories may not shadow a federal one nor repeat.
  if (ids.some((id) => federal.has(id)) || new Set(ids).size !== ids.length) {
    throw new HttpError(400, MEIA_MESSAGES.unknownCategory, 'validation');
  }
  const applied = await db.transaction((tx) => refreshMeiaQuota(tx, eventId, policy));
  if (!applied) throw new HttpError(409, MEIA_MESSAGES.quotaBelowTaken, 'quota_below_taken');
  return (await meiaEntradaInfo(db, eventId))!;
}
