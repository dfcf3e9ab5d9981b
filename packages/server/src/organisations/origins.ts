/**
 * The sites each organisation embeds Plateia's elements on (docs/producers.md, "Embedding").
 * The API's CORS and the embed-token grant ask `EmbeddingOrigins.allows`, which keeps every
 * organisation's origins in memory and drops them when any process changes a list (a
 * PostgreSQL notification), so a site added in the producer area works at once on every
 * API process.
 */
import { ORGANISATION_MESSAGES } from '@plateia/core/messages/organisations';
import { exactOrigin } from '@plateia/core/rules/origin';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { notificationFanOut } from '../db/notifications.ts';
import { type Queryable, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireMember, requirePower } from './access.ts';

/** Sites one organisation may list. */
export const MAX_ORIGINS = 20;

/** The channel that tells every process an organisation's sites changed. */
const CHANNEL = 'embedding_origins';

/** How long a process trusts its copy if a notification was missed (a dropped connection). */
const CACHE_MS = 60_000;

/** An origin an organisation may list: exact, https (http only for a developer's own machine). */
function listable(value: string): string | null {
  const origin = exactOrigin(value.trim().replace(/\/$/, '').toLowerCase());
  if (!origin) return null;
  const { protocol, hostname } = new URL(origin);
  if (protocol === 'https:') return origin;
  return hostname === 'localhost' || hostname === '127.0.0.1' ? origin : null;
}

/** The organisation's sites, for any member. */
export async function listOrigins(db: Queryable, organisationId: number, actorId: number): Promise<string[]> {
  await requireMember(db, organisationId, actorId);
  const rows = await selectRows<{ origin: string }>(
    db,
    sql`SELECT origin FROM organisation_origins WHERE organisation_id = ${organisationId} ORDER BY origin`,
  );
  return rows.map((row) => row.origin);
}

/** Replaces the organisation's sites (owners only) and tells every process. */
export async function setOrigins(
  db: Database,
  organisationId: number,
  actorId: number,
  values: string[],
  now: Date,
): Promise<string[]> {
  await requirePower(db, organisationId, actorId, 'organisation.edit');
  const origins = [...new Set(values.map(listable))];
  if (origins.some((origin) => origin === null)) {
    throw new HttpError(400, ORGANISATION_MESSAGES.originInvalid, 'validation');
  }
  if (origins.length > MAX_ORIGINS)
    throw new HttpError(400, ORGANISATION_MESSAGES.tooManyOrigins, 'validation');
  const list = (origins as string[]).sort();
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM organisation_origins WHERE organisation_id = ${organisationId}`);
    for (const origin of list) {
      await tx.execute(
        sql`INSERT INTO organisation_origins (organisation_id, origin, added_by, created_at)
            VALUES (${organisationId}, ${origin}, ${actorId}, ${now.toISOString()}::timestamptz)`,
      );
    }
    // Delivered at commit, to every process listening (this one included).
    await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${String(organisationId)})`);
  });
  return list;
}

/** Whether a page's origin may call the API with credentials and ask for an embed token. */
export interface EmbeddingOrigins {
  allows(origin: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The operator's `CORS_ORIGINS` (or any origin when it is `true`, in development) plus every
 * organisation's sites, read once and kept until a change is announced or `CACHE_MS` passes.
 */
export function embeddingOrigins(
  db: Database,
  configured: string[] | true,
  log: { warn(details: object, message: string): void },
): EmbeddingOrigins {
  const operator = configured === true ? null : new Set(configured);
  const changes = notificationFanOut<'all', null>(db, CHANNEL, () => ({ key: 'all', value: null }));
  let listening: Promise<unknown> | null = null;
  let cached: { origins: Promise<Set<string>>; at: number } | null = null;
  const load = async () => {
    const rows = await selectRows<{ origin: string }>(
      db,
      sql`SELECT DISTINCT origin FROM organisation_origins`,
    );
    return new Set(rows.map((row) => row.origin));
  };
  return {
    async allows(origin) {
      if (!operator || operator.has(origin)) return true;
      listening ??= changes
        .subscribe('all', () => {
          cached = null;
        })
        .catch((error: unknown) => {
          // Without notifications the copy still expires after CACHE_MS.
          log.warn({ err: error }, 'embedding origins: cannot listen for changes');
        });
      await listening;
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        const origins = load();
        cached = { origins, at: Date.now() };
        origins.catch(() => {
          cached = null;
        });
      }
      return (await cached.origins).has(origin);
    },
    close: () => changes.close(),
  };
}
