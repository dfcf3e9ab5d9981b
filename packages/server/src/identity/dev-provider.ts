import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { escapeHtml } from '../mail/templates.ts';

/** The client the stand-in knows; the API host uses these when no Google client is configured. */
export const DEV_CLIENT_ID = 'plateia-dev';
/** Not a secret: the stand-in only runs on a developer's machine. */
export const DEV_CLIENT_SECRET = 'plateia-dev-secret';

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

// The subject is derived from the e-mail so one address always signs in as one account.
const subjectOf = (email: string) => Buffer.from(email.trim().toLowerCase()).toString('base64url');
const emailOf = (sub: string) => Buffer.from(sub, 'base64url').toString('utf8');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f0f14;color:#ececf1;font-family:system-ui,sans-serif}
form{background:#1b1b24;padding:32px;border-radius:12px;width:min(360px,90vw)}h1{font-size:20px;margin:0 0 8px}p{color:#a0a0ab;font-size:14px}
label{display:block;margin:16px 0 6px}input{width:100%;box-sizing:border-box;padding:10px;border-radius:8px;border:1px solid #3a3a48;background:#0f0f14;color:#ececf1}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#7c5cff;color:#fff;font-weight:600;cursor:pointer}.erro{color:#ff6b6b}</style></head>
<body>${body}</body></html>`;
}

function loginForm(uid: string, error?: string): string {
  return page(
    'Entrar com Google (simulado)',
    `<form method="post" action="/interaction/${escapeHtml(uid)}">
<h1>Entrar com Google (simulado)</h1>
<p>Ambiente de desenvolvimento: informe qualquer e-mail para entrar. Ele será tratado como verificado.</p>
${error ? `<p class="erro" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus>
<button type="submit">Continuar</button>
</form>`,
  );
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 10_000) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts a local OpenID Connect provider (oidc-provider) that stands in for Google in
 * development: a pt-BR form asks for an e-mail and signs in as that address with
 * `email_verified: true`. It speaks the real protocol (discovery, PKCE, signed ID tokens),
 * so the API host runs the same code path it runs against Google.
 */
export async function startDevOidcProvider(options: DevOidcOptions): Promise<DevOidcProvider> {
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
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

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: DEV_CLIENT_SECRET,
        redirect_uris: [options.redirectUri],
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
  const provider = new Provider(issuer, configuration);
  const oidc = provider.callback();

  handler = (request, response) => {
    // Google's sign-in pages announce `Cross-Origin-Opener-Policy: same-origin` (report-only
    // today) and other providers enforce it: a window that visits them loses its opener. The
    // stand-in enforces it, so the storefront is tested against the stricter case (the
    // producer-page login popup must never send itself through the provider).
    response.setHeader('cross-origin-opener-policy', 'same-origin');
    const match = /^\/interaction\/([\w-]+)$/.exec((request.url ?? '').split('?')[0] ?? '');
    if (!match) return void oidc(request, response);
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        if (request.method !== 'POST') {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(loginForm(details.uid));
          return;
        }
        const email = (await readForm(request)).get('email')?.trim() ?? '';
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
          response.statusCode = 400;
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(loginForm(details.uid, 'Informe um e-mail válido.'));
          return;
        }
        const accountId = subjectOf(email);
        // Consent is implied: the stand-in grants what the API host asked for.
        const grant = new provider.Grant({ accountId, clientId: DEV_CLIENT_ID });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch {
        response.statusCode = 400;
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          page(
            'Erro',
            '<form><h1>Sessão de login expirada</h1><p>Volte à loja e tente novamente.</p></form>',
          ),
        );
      }
    })();
  };

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
