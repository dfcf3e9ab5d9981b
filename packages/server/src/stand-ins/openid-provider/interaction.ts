/**
 * The sign-in interaction (`/interaction/{uid}`): GET shows the form, POST signs in as the
 * e-mail typed, with consent implied, and hands the browser back to the authorization flow.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { DEV_CLIENT_ID, subjectOf } from './configuration.ts';
import { expiredPage, loginForm } from './pages.ts';

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

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.statusCode = status;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(html);
}

/** Signs the browser in as `email` and finishes the interaction. */
async function signIn(provider: Provider, request: IncomingMessage, response: ServerResponse, email: string) {
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
}

/** Answers one request to `/interaction/{uid}`. */
export async function handleInteraction(
  provider: Provider,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  try {
    const details = await provider.interactionDetails(request, response);
    if (request.method !== 'POST') return sendHtml(response, 200, loginForm(details.uid));
    const email = (await readForm(request)).get('email')?.trim() ?? '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return sendHtml(response, 400, loginForm(details.uid, 'Informe um e-mail válido.'));
    }
    await signIn(provider, request, response, email);
  } catch {
    sendHtml(response, 400, expiredPage());
  }
}
