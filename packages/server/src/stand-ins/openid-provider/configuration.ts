/**
 * The stand-in's oidc-provider configuration: one client (the API host), PKCE required, the
 * e-mail in the ID token as Google does, and accounts whose subject is the e-mail itself.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Configuration } from 'oidc-provider';

/** The client the stand-in knows; the API host uses these when no Google client is configured. */
export const DEV_CLIENT_ID = 'plateia-dev';
/** Not a secret: the stand-in only runs on a developer's machine. */
export const DEV_CLIENT_SECRET = 'plateia-dev-secret';

// The subject is derived from the e-mail so one address always signs in as one account.
export const subjectOf = (email: string) => Buffer.from(email.trim().toLowerCase()).toString('base64url');
const emailOf = (sub: string) => Buffer.from(sub, 'base64url').toString('utf8');

/** The configuration for a provider whose only client calls back at `redirectUri`. */
export function devConfiguration(redirectUri: string): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: DEV_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Google puts the e-mail in the ID token; do the same so both paths are exercised alike.
    conformIdTokenClaims: false,
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'dev' }] as never,
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const email = emailOf(sub);
      const local = email.split('@')[0] ?? email;
      return {
        accountId: sub,
        async claims() {
          return { sub, email, email_verified: true, name: local, given_name: local };
        },
      };
    },
  };
}
