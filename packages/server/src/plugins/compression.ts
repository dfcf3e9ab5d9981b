import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers by the client's `Accept-Encoding`: brotli (quality 4, fast enough for
 * answers made per request) before gzip, from 1 KB up, on JSON and text. Server-Sent Events
 * (`text/event-stream`, the chat stream) are never compressed: a compressor buffers, and an
 * event must reach the browser as soon as it is written. Request bodies are not inflated
 * (no client sends them compressed, and inflating would let a small body expand past the
 * body limit's intent).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript(?:;|$)/u,
  });
}
