/** Who the identity provider says signed in. */
export interface ExternalIdentity {
  /** The provider's stable subject id (Google's `sub`). */
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  picture: string | undefined;
}

/** What one authorization request carries (kept server-side between the two legs). */
export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** An OpenID Connect provider (Google, or the local stand-in in development and tests). */
export interface IdentityProvider {
  /** Where to send the browser to sign in. */
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Exchanges the callback's code (checking state, nonce and PKCE) for the identity. */
  finish(callbackUrl: URL, request: AuthorizationRequest): Promise<ExternalIdentity>;
}
