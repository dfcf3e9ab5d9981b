import { ERROR_REPORT_MESSAGES } from '@plateia/core/messages/errors';
import type { APIRoute } from 'astro';
import { formatErrorLogLine, MAX_ERROR_REPORT_BYTES, parseErrorReport } from '../../lib/error-report.ts';

/**
 * `POST /api/errors`: browsers report unexpected errors here (core's error log). A valid
 * entry becomes one JSON line on stdout and the answer is 204; anything else is 400
 * (413 when the body is too large), with a pt-BR message like the API host's errors.
 */
export const POST: APIRoute = async ({ request }) => {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_ERROR_REPORT_BYTES)
    return problem(413, 'payload_too_large', ERROR_REPORT_MESSAGES.tooLarge);
  const body = await readLimited(request, MAX_ERROR_REPORT_BYTES);
  if (body === null) return problem(413, 'payload_too_large', ERROR_REPORT_MESSAGES.tooLarge);
  const result = parseErrorReport(body);
  if (!result.ok) return problem(400, 'invalid_error_report', ERROR_REPORT_MESSAGES.invalid);
  console.log(formatErrorLogLine(result.entry, new Date()));
  return new Response(null, { status: 204 });
};

/** Any other method on this path. */
export const ALL: APIRoute = () =>
  new Response(
    JSON.stringify({ error: 'method_not_allowed', message: ERROR_REPORT_MESSAGES.methodNotAllowed }),
    {
      status: 405,
      headers: { 'content-type': 'application/json; charset=utf-8', allow: 'POST' },
    },
  );

function problem(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ error, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Reads the body as text, giving up (null) as soon as it passes `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
