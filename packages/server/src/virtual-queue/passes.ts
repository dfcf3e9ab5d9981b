import { randomUUID, type webcrypto } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../db/sql.ts';
import { selectOne } from '../db/sql.ts';

/** How long an admitted buyer has to hold, reserve and pay. */
export const PASS_TTL_SECONDS = 600;

const SETTING = 'virtual_queue.signing_key';
const ALG = 'EdDSA';

interface KeyPair {
  privateKey: webcrypto.CryptoKey;
  publicKey: webcrypto.CryptoKey;
}

// One key pair per database, kept in app_settings so every API process signs and verifies
// with the same one; cached per process once read.
const cache = new WeakMap<object, Promise<KeyPair>>();

async function loadOrCreate(db: Queryable): Promise<KeyPair> {
  let row = await selectOne<{ value: string }>(
    db,
    sql`SELECT value FROM app_settings WHERE key = ${SETTING}`,
  );
  if (!row) {
    const fresh = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
    const jwk = await exportJWK(fresh.privateKey);
    // The first process to store its key wins; the others read the winner's.
    await db.execute(
      sql`INSERT INTO app_settings (key, value) VALUES (${SETTING}, ${JSON.stringify(jwk)}) ON CONFLICT (key) DO NOTHING`,
    );
    row = await selectOne<{ value: string }>(db, sql`SELECT value FROM app_settings WHERE key = ${SETTING}`);
  }
  const jwk = JSON.parse(row!.value) as JWK;
  const privateKey = (await importJWK(jwk, ALG)) as webcrypto.CryptoKey;
  const { d: _secret, ...publicJwk } = jwk;
  const publicKey = (await importJWK(publicJwk, ALG)) as webcrypto.CryptoKey;
  return { privateKey, publicKey };
}

/** The database's signing key pair (created on first use). */
export function signingKeys(db: Queryable): Promise<KeyPair> {
  let keys = cache.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}

/** A new pass id (the JWT's `jti`). */
export function newPassId(): string {
  return randomUUID();
}

/** The claims of an admission pass. */
export interface PassClaims {
  customerId: number;
  eventId: number;
  passId: string;
  expiresAt: Date;
}

/** Signs an admission pass: EdDSA JWT with `sub` (customer), `evt` (event), `jti`, `exp`. */
export async function signPass(db: Queryable, claims: PassClaims): Promise<string> {
  const { privateKey } = await signingKeys(db);
  return new SignJWT({ evt: claims.eventId })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(claims.customerId))
    .setJti(claims.passId)
    .setIssuedAt(Math.floor((claims.expiresAt.getTime() - PASS_TTL_SECONDS * 1000) / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(privateKey);
}

/** Why a pass was refused. */
export type PassRefusal = 'invalid' | 'expired';

/** Verifies a pass's signature and expiry at `now`; the claims, or why not. */
export async function readPass(
  db: Queryable,
  token: string,
  now: Date,
): Promise<
  { ok: true; customerId: number; eventId: number; passId: string } | { ok: false; reason: PassRefusal }
> {
  const { publicKey } = await signingKeys(db);
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [ALG],
      currentDate: now,
      clockTolerance: 0,
    });
    const customerId = Number(payload.sub);
    const eventId = payload.evt;
    if (!Number.isSafeInteger(customerId) || typeof eventId !== 'number' || typeof payload.jti !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, customerId, eventId, passId: payload.jti };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, reason: code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
  }
}
