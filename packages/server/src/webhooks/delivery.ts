/**
 * Sending one delivery (the `webhooks.deliver` job, docs/integrations.md, "Retries"): the
 * only writer of `webhook_deliveries` and `webhook_attempts` besides emission. Each try is
 * logged with its status code, duration and attempt number; a 2xx answer ends it, anything
 * else throws so pg-boss tries again with exponential back-off, until the last attempt
 * marks it failed.
 */
import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';
import { signWebhook } from './signature.ts';
import { InternalTargetError, isInternalAddress, publicOnlyLookup } from './target.ts';

/** The job that sends one delivery (registered in jobs/registry.ts). */
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';

/** Tries in all before a delivery counts as failed (the job's retry limit is this less one). */
export const WEBHOOK_MAX_ATTEMPTS = 12;

/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How long one sender holds a delivery: longer than a try can take. */
const CLAIM_SECONDS = 60;

/** What a delivery needs from the host. */
export interface DeliveryOptions {
  now: () => Date;
  /** Private and loopback targets allowed (tests and local development only). */
  allowPrivateAddresses: boolean;
}

/** What one try got: a status code, or an error before any answer. */
interface TryResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** POSTs `body` to `url` with `headers`, never following redirects; resolves, never rejects. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<TryResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): TryResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(done(null, 'invalid URL'));
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && host.length > 0 && /^[\d.:a-f]+$/i.test(host) && isInternalAddress(host)) {
      resolve(done(null, new InternalTargetError(`${host} is an internal address`).message));
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        timeout: WEBHOOK_TIMEOUT_MS,
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
      },
      (response) => {
        // The answer's body is not kept: only its status counts.
        response.resume();
        response.on('end', () => resolve(done(response.statusCode ?? null, null)));
        response.on('error', (error) => resolve(done(response.statusCode ?? null, error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS} ms`)));
    request.on('error', (error) => resolve(done(null, error.message.slice(0, 300))));
    request.end(body);
  });
}

interface ClaimedDelivery {
  attempts: number;
  message_id: string;
  payload: unknown;
  url: string;
  secret: string;
  enabled: boolean;
  status: string;
}

/**
 * Sends delivery `deliveryId` once: 'succeeded', 'skipped' (its endpoint was switched off),
 * 'failed' (last attempt, or a manual one, refused) or 'gone' (sent already, or deleted).
 * Throws on a refusal that will be tried again, and while another sender holds it.
 */
export async function deliverWebhook(
  db: Queryable,
  deliveryId: number,
  options: DeliveryOptions & { manual?: boolean },
): Promise<'succeeded' | 'skipped' | 'failed' | 'gone'> {
  const claimed = await selectOne<ClaimedDelivery>(
    db,
    sql`UPDATE webhook_deliveries d
           SET attempts = d.attempts + 1, claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
          FROM webhook_endpoints w, webhook_messages m
         WHERE d.id = ${deliveryId} AND w.id = d.endpoint_id AND m.id = d.message_id
           AND d.status = 'pending' AND (d.claimed_until IS NULL OR d.claimed_until < now())
        RETURNING d.attempts, d.message_id, m.payload, w.url, w.secret, w.enabled, d.status`,
  );
  if (!claimed) {
    const row = await selectOne<{ status: string }>(
      db,
      sql`SELECT status FROM webhook_deliveries WHERE id = ${deliveryId}`,
    );
    if (row?.status === 'pending')
      throw new Error(`webhook delivery ${deliveryId} is being sent by another sender`);
    return 'gone';
  }
  if (!claimed.enabled) {
    await execute(
      db,
      sql`UPDATE webhook_deliveries SET status = 'skipped', claimed_until = NULL, attempts = attempts - 1
           WHERE id = ${deliveryId}`,
    );
    return 'skipped';
  }
  const body = typeof claimed.payload === 'string' ? claimed.payload : JSON.stringify(claimed.payload);
  const timestamp = Math.floor(options.now().getTime() / 1000);
  const result = await post(
    claimed.url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': 'Plateia-Webhooks/1',
      'webhook-id': claimed.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(claimed.secret, claimed.message_id, timestamp, body),
    },
    options.allowPrivateAddresses,
  );
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const last = options.manual === true || claimed.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const status = ok ? 'succeeded' : last ? 'failed' : 'pending';
  await execute(
    db,
    sql`WITH logged AS (
          INSERT INTO webhook_attempts (delivery_id, attempt, manual, status_code, duration_ms, error, attempted_at)
          VALUES (${deliveryId}, ${claimed.attempts}, ${options.manual === true}, ${result.statusCode},
                  ${result.durationMs}, ${result.error}, ${options.now().toISOString()}::timestamptz)
        )
        UPDATE webhook_deliveries SET status = ${status}, claimed_until = NULL WHERE id = ${deliveryId}`,
  );
  if (status === 'pending') {
    throw new Error(
      `webhook delivery ${deliveryId}: ${result.statusCode ?? result.error} (attempt ${claimed.attempts})`,
    );
  }
  return status;
}
