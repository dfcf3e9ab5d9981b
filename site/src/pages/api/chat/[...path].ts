import { PAYLOAD_TOO_LARGE_MESSAGE } from '@plateia/core/messages/errors';
import type { APIRoute } from 'astro';
import { getSiteConfig } from '../../../lib/site-config.ts';

/**
 * `/api/chat/*` on the storefront's own origin (docs/social.md: the chat calls use same-origin
 * paths): forwarded as they are (method, query, JSON body, bearer token) to the API host,
 * which owns the chat, and its answer passed back. Nothing else crosses.
 */
const CHAT_PATHS = /^(messages|send|read|stream|unread\/\d{1,10})$/;
const MAX_BODY_BYTES = 64 * 1024;

async function forward({ request, params, url }: Parameters<APIRoute>[0]): Promise<Response> {
  const path = params.path ?? '';
  if (!CHAT_PATHS.test(path)) return problem(404, 'not_found', 'Não encontrado.');
  const target = new URL(`${getSiteConfig().apiUrl}/api/chat/${path}`);
  target.search = url.search;
  const headers = new Headers({ accept: 'application/json' });
  const auth = request.headers.get('authorization');
  if (auth) headers.set('authorization', auth);
  const isStream = path === 'stream';
  const lastEventId = request.headers.get('last-event-id');
  if (isStream && lastEventId) headers.set('last-event-id', lastEventId);
  let body: string | undefined;
  if (request.method === 'POST') {
    body = await request.text();
    if (body.length > MAX_BODY_BYTES) return problem(413, 'too_large', PAYLOAD_TOO_LARGE_MESSAGE);
    headers.set('content-type', 'application/json');
  }
  try {
    const answer = await fetch(target, {
      method: request.method,
      headers,
      ...(body !== undefined ? { body } : {}),
      // A stream lasts as long as the browser keeps it open; a call at most 30 s.
      signal: isStream ? request.signal : AbortSignal.timeout(30_000),
    });
    if (isStream && answer.ok && answer.body) {
      return new Response(answer.body, {
        status: 200,
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
        },
      });
    }
    return new Response(await answer.text(), {
      status: answer.status,
      headers: {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        'cache-control': 'no-store',
      },
    });
  } catch {
    return problem(502, 'upstream', 'Erro ao enviar mensagem');
  }
}

/** Polling, unread counts, and the push stream (Server-Sent Events, passed through as they come). */
export const GET: APIRoute = (context) => forward(context);
/** Send, read marks. */
export const POST: APIRoute = (context) => forward(context);

function problem(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ error, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
