/**
 * An organisation's webhook endpoints (docs/integrations.md, "Webhooks"): the only writer of
 * `webhook_endpoints`. The signing secret is shown once, when the endpoint is created.
 */
import { isIP } from 'node:net';
import type { WebhookEndpoint } from '@plateia/core/contracts/integrations';
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event-types.ts';
import { WEBHOOK_MESSAGES } from './messages.ts';
import { newSigningSecret } from './signature.ts';
import { isInternalAddress } from './target.ts';

/** Endpoints an organisation may have. */
export const MAX_ENDPOINTS = 10;

/** An endpoint as listed: never its secret. */
export type WebhookEndpointView = WebhookEndpoint;

interface EndpointRow {
  id: number;
  url: string;
  event_types: string[];
  enabled: boolean;
  created_at: string | Date;
}

const COLUMNS = sql`id, url, event_types, enabled, created_at`;

function view(row: EndpointRow): WebhookEndpointView {
  return {
    id: Number(row.id),
    url: row.url,
    eventTypes: row.event_types as WebhookEventType[],
    enabled: row.enabled,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The endpoint's address checked: https (plain http only where private targets are allowed,
 * for local receivers), no credentials, and no internal IP literal unless allowed. Names are
 * checked again at each delivery, on the address they resolve to (target.ts).
 */
export function checkEndpointUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new HttpError(400, WEBHOOK_MESSAGES.urlInvalid, 'validation');
  }
  const schemeOk = url.protocol === 'https:' || (allowPrivate && url.protocol === 'http:');
  if (!schemeOk || url.username || url.password || url.href.length > 2000) {
    throw new HttpError(400, WEBHOOK_MESSAGES.urlInvalid, 'validation');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const internalName = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal');
  if (!allowPrivate && (internalName || (isIP(host) !== 0 && isInternalAddress(host)))) {
    throw new HttpError(400, WEBHOOK_MESSAGES.urlPrivate, 'validation');
  }
  return url.href;
}

function checkEventTypes(types: string[]): WebhookEventType[] {
  const unique = [...new Set(types)];
  if (
    unique.length === 0 ||
    unique.some((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type))
  ) {
    throw new HttpError(400, WEBHOOK_MESSAGES.eventTypesRequired, 'validation');
  }
  return unique as WebhookEventType[];
}

const textArray = (values: readonly string[]) => `{${values.join(',')}}`;

/** Creates an endpoint; the answer carries its signing secret, the only time it is shown. */
export async function createEndpoint(
  db: Queryable,
  organisationId: number,
  actorId: number | null,
  input: { url: string; eventTypes: string[]; enabled?: boolean },
  options: { allowPrivate: boolean; now: Date },
): Promise<WebhookEndpointView & { secret: string }> {
  const url = checkEndpointUrl(input.url, options.allowPrivate);
  const types = checkEventTypes(input.eventTypes);
  const count = await selectOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE organisation_id = ${organisationId}`,
  );
  if ((count?.n ?? 0) >= MAX_ENDPOINTS) throw new HttpError(409, WEBHOOK_MESSAGES.tooMany, 'too_many');
  const secret = newSigningSecret();
  const row = await selectOne<EndpointRow>(
    db,
    sql`INSERT INTO webhook_endpoints (organisation_id, url, event_types, secret, enabled, created_by, created_at)
        VALUES (${organisationId}, ${url}, ${textArray(types)}::text[], ${secret}, ${input.enabled ?? true},
                ${actorId}, ${options.now.toISOString()}::timestamptz)
        RETURNING ${COLUMNS}`,
  );
  return { ...view(row!), secret };
}

/** The organisation's endpoints, oldest first. */
export async function listEndpoints(db: Queryable, organisationId: number): Promise<WebhookEndpointView[]> {
  const rows = await selectRows<EndpointRow>(
    db,
    sql`SELECT ${COLUMNS} FROM webhook_endpoints WHERE organisation_id = ${organisationId} ORDER BY id`,
  );
  return rows.map(view);
}

/** Changes an endpoint's address, events or switch; 404 for another organisation's. */
export async function updateEndpoint(
  db: Queryable,
  organisationId: number,
  endpointId: number,
  input: { url?: string; eventTypes?: string[]; enabled?: boolean },
  options: { allowPrivate: boolean },
): Promise<WebhookEndpointView> {
  const url = input.url === undefined ? null : checkEndpointUrl(input.url, options.allowPrivate);
  const types = input.eventTypes === undefined ? null : textArray(checkEventTypes(input.eventTypes));
  const row = await selectOne<EndpointRow>(
    db,
    sql`UPDATE webhook_endpoints
           SET url = coalesce(${url}, url),
               event_types = coalesce(${types}::text[], event_types),
               enabled = coalesce(${input.enabled ?? null}::boolean, enabled)
         WHERE id = ${endpointId} AND organisation_id = ${organisationId}
         RETURNING ${COLUMNS}`,
  );
  if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.endpointNotFound, 'not_found');
  return view(row);
}

/** Deletes an endpoint with its delivery log; 404 for another organisation's. */
export async function deleteEndpoint(
  db: Queryable,
  organisationId: number,
  endpointId: number,
): Promise<void> {
  const deleted = await execute(
    db,
    sql`DELETE FROM webhook_endpoints WHERE id = ${endpointId} AND organisation_id = ${organisationId}`,
  );
  if (deleted === 0) throw new HttpError(404, WEBHOOK_MESSAGES.endpointNotFound, 'not_found');
}
