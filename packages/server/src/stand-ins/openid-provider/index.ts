/**
 * A local OpenID Connect provider (oidc-provider) that stands in for Google in development:
 * a pt-BR form asks for an e-mail and signs in as that address with `email_verified: true`.
 * It speaks the real protocol (discovery, PKCE, signed ID tokens), so the API host runs the
 * same code path it runs against Google.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, devConfiguration } from './configuration.ts';
import { handleInteraction } from './interaction.ts';

export { DEV_CLIENT_ID, DEV_CLIENT_SECRET } from './configuration.ts';

/** A running local OpenID provider. */
export interface DevOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** Options for the stand-in. */
export interface DevOidcOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** The API host's callback, `${PUBLIC_API_URL}/auth/google/callback`. */
  redirectUri: string;
  /** Host name in the issuer URL (default `localhost`, what a browser on the machine uses). */
  hostname?: string;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Routes a request: the sign-in interaction is ours, the rest is the provider's protocol. */
function handlerFor(provider: Provider): Handler {
  const oidc = provider.callback();
  return (request, response) => {
    // Google's sign-in pages announce `Cross-Origin-Opener-Policy: same-origin` (report-only
    // today) and other providers enforce it: a window that visits them loses its opener. The
    // stand-in enforces it, so the storefront is tested against the stricter case (the
    // producer-page login popup must never send itself through the provider).
    response.setHeader('cross-origin-opener-policy', 'same-origin');
    const match = /^\/interaction\/([\w-]+)$/.exec((request.url ?? '').split('?')[0] ?? '');
    if (!match) return void oidc(request, response);
    void handleInteraction(provider, request, response);
  };
}

/** Starts the stand-in on `options.port` and resolves once it listens. */
export async function startDevOidcProvider(options: DevOidcOptions): Promise<DevOidcProvider> {
  // The issuer names the port, so the server listens before the provider exists.
  let handler: Handler = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.hostname ?? 'localhost'}:${port}`;
  handler = handlerFor(new Provider(issuer, devConfiguration(options.redirectUri)));
  return {
    issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret: DEV_CLIENT_SECRET,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
