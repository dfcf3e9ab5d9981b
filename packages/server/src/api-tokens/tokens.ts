/**
 * Organisation API tokens (docs/integrations.md, "API tokens"): the only writer of
 * `api_tokens`. A token is `plateia_org_` and 32 random bytes (base64url); only its SHA-256 is
 * stored, so the table cannot be turned back into working tokens, and it is shown once.
 */
import { randomBytes } from 'node:crypto';
import type { ApiToken } from '@plateia/core/contracts/integrations';
import { sql } from 'drizzle-orm';
import { tokenDigest } from '../accounts/tokens.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { API_TOKEN_MESSAGES } from './messages.ts';
import { API_TOKEN_SCOPES, type ApiTokenScope } from './scopes.ts';

/**
 * What every organisation token starts with. Session tokens are bare base64url, so the
 * underscore-separated prefix tells them apart at a glance (and in secret scanners).
 */
export const API_TOKEN_PREFIX = 'plateia_org_';

/** Active tokens an organisation may hold at once. */
export const MAX_ACTIVE_TOKENS = 20;

/** A token as listed: never its secret. */
export type ApiTokenView = ApiToken;

interface TokenRow {
  id: number;
  name: string;
  scopes: string[];
  token_start: string;
  created_at: string | Date;
  last_used_at: string | Date | null;
  revoked_at: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function view(row: TokenRow): ApiTokenView {
  return {
    id: Number(row.id),
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    tokenStart: row.token_start,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

/** Whether `raw` looks like an organisation token (checked before any lookup). */
export function isApiToken(raw: string): boolean {
  return raw.startsWith(API_TOKEN_PREFIX);
}

/** Creates a token for the organisation; the answer is the only time its secret is seen. */
export async function createApiToken(
  db: Queryable,
  organisationId: number,
  actorId: number,
  input: { name: string; scopes: string[] },
  now: Date,
): Promise<ApiTokenView & { token: string }> {
  const name = input.name.trim();
  if (!name || name.length > 80) throw new HttpError(400, API_TOKEN_MESSAGES.nameRequired, 'validation');
  const scopes = [...new Set(input.scopes)].filter((scope): scope is ApiTokenScope =>
    (API_TOKEN_SCOPES as readonly string[]).includes(scope),
  );
  if (scopes.length === 0 || scopes.length !== new Set(input.scopes).size) {
    throw new HttpError(400, API_TOKEN_MESSAGES.scopesRequired, 'validation');
  }
  const active = await selectOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM api_tokens WHERE organisation_id = ${organisationId} AND revoked_at IS NULL`,
  );
  if ((active?.n ?? 0) >= MAX_ACTIVE_TOKENS) throw new HttpError(409, API_TOKEN_MESSAGES.tooMany, 'too_many');
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await selectOne<TokenRow>(
    db,
    sql`INSERT INTO api_tokens (organisation_id, name, scopes, token_hash, token_start, created_by, created_at)
        VALUES (${organisationId}, ${name}, ${`{${scopes.join(',')}}`}::text[], ${tokenDigest(token)}, ${token.slice(0, API_TOKEN_PREFIX.length + 6)},
                ${actorId}, ${now.toISOString()}::timestamptz)
        RETURNING id, name, scopes, token_start, created_at, last_used_at, revoked_at`,
  );
  return { ...view(row!), token };
}

/** The organisation's tokens, newest first, revoked ones included (without secrets). */
export async function listApiTokens(db: Queryable, organisationId: number): Promise<ApiTokenView[]> {
  const rows = await selectRows<TokenRow>(
    db,
    sql`SELECT id, name, scopes, token_start, created_at, last_used_at, revoked_at
          FROM api_tokens WHERE organisation_id = ${organisationId}
         ORDER BY id DESC LIMIT 200`,
  );
  return rows.map(view);
}

/** Revokes a token of the organisation: its next request answers 401. 404 for another's. */
export async function revokeApiToken(
  db: Queryable,
  organisationId: number,
  tokenId: number,
  now: Date,
): Promise<void> {
  const found = await selectOne(
    db,
    sql`SELECT id FROM api_tokens WHERE id = ${tokenId} AND organisation_id = ${organisationId}`,
  );
  if (!found) throw new HttpError(404, API_TOKEN_MESSAGES.notFound, 'not_found');
  await execute(
    db,
    sql`UPDATE api_tokens SET revoked_at = coalesce(revoked_at, ${now.toISOString()}::timestamptz)
        WHERE id = ${tokenId}`,
  );
}

/** The organisation and scopes behind a live token, or null (unknown or revoked). */
export async function findApiToken(
  db: Queryable,
  raw: string,
  now: Date,
): Promise<{ id: number; organisationId: number; scopes: ApiTokenScope[] } | null> {
  if (!isApiToken(raw)) return null;
  const row = await selectOne<{ id: number; organisation_id: number; scopes: string[] }>(
    db,
    sql`SELECT id, organisation_id, scopes FROM api_tokens
         WHERE token_hash = ${tokenDigest(raw)} AND revoked_at IS NULL`,
  );
  if (!row) return null;
  // Written at most once a minute per token, so a busy integration does not write on every call.
  await execute(
    db,
    sql`UPDATE api_tokens SET last_used_at = ${now.toISOString()}::timestamptz
         WHERE id = ${row.id}
           AND (last_used_at IS NULL OR last_used_at < ${now.toISOString()}::timestamptz - interval '1 minute')`,
  );
  return {
    id: Number(row.id),
    organisationId: Number(row.organisation_id),
    scopes: row.scopes as ApiTokenScope[],
  };
}
