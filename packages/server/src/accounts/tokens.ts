import { createHash, randomBytes } from 'node:crypto';

/** A new random secret (256 bits, base64url) for a session, an e-mail link or an OAuth state. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The digest under which a token is stored. Tokens carry 256 random bits, so a plain
 * SHA-256 is enough: a stolen table cannot be turned back into working tokens.
 */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
