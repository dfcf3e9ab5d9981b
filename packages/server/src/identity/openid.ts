import * as client from 'openid-client';
import type { AuthorizationRequest, ExternalIdentity, IdentityProvider } from './identity-provider.ts';

/** Settings of an OpenID Connect client (docs/security.md: GOOGLE_ISSUER, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET). */
export interface OpenIdSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * An `IdentityProvider` speaking OpenID Connect through openid-client: discovery, the
 * authorization-code flow with PKCE (S256), state and nonce, ID-token validation, and
 * userinfo when the ID token lacks the e-mail. Discovery runs on first use and is retried
 * after a failure, so a provider that is down at start does not need a restart.
 */
export function openIdProvider(settings: OpenIdSettings): IdentityProvider {
  let configuration: Promise<client.Configuration> | undefined;
  const configure = () => {
    const issuer = new URL(settings.issuer);
    configuration ??= client
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        // Plain HTTP only for a loopback stand-in; Google itself is HTTPS.
        issuer.protocol === 'http:'
          ? { execute: [client.allowInsecureRequests], timeout: 10 }
          : { timeout: 10 },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async authorizationUrl(request: AuthorizationRequest) {
      const config = await configure();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async finish(callbackUrl: URL, request: AuthorizationRequest): Promise<ExternalIdentity> {
      const config = await configure();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token in the token response');
      let source: Record<string, unknown> = claims;
      // Some providers (the stand-in among them) put the e-mail in userinfo only.
      if (typeof claims.email !== 'string') {
        // ID-token claims win where both carry a value.
        source = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      }
      return {
        sub: claims.sub,
        email: text(source.email),
        emailVerified: source.email_verified === true || source.email_verified === 'true',
        givenName: text(source.given_name) ?? text(source.name),
        familyName: text(source.family_name),
        picture: text(source.picture),
      };
    },
  };
}
