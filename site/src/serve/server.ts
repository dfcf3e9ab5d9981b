/**
 * The storefront's HTTP server (`node src/serve/server.ts [dist folder]`, what `npm start`
 * runs): static files of the build straight from disk, precompressed (brotli or gzip by
 * `Accept-Encoding`, `Vary: Accept-Encoding`, ETag, cache rules per kind from
 * static-assets.ts) through `sirv`; everything else to Astro's Node adapter (middleware
 * mode), its HTML and JSON compressed per request through `compression`, except
 * Server-Sent Events, which must reach the browser as they are written.
 * Reads PORT (4321) and HOST (localhost), like the adapter's standalone server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { EMBED_HEADERS, staticCacheControl } from './static-assets.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const distDir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', '..', 'dist'));
const { handler: astro } = (await import(pathToFileURL(join(distDir, 'server', 'entry.mjs')).href)) as {
  handler: Handler;
};

const statics = sirv(join(distDir, 'client'), {
  dev: false,
  etag: true,
  brotli: true,
  gzip: true,
  // Only real files: pages are Astro's.
  extensions: [],
  setHeaders(res, pathname) {
    res.setHeader('Cache-Control', staticCacheControl(pathname));
    if (pathname.startsWith('/embed/'))
      for (const [name, value] of Object.entries(EMBED_HEADERS)) res.setHeader(name, value);
  },
});

const compress = compression({
  filter: (req, res) => {
    const type = String(res.getHeader('Content-Type') ?? '');
    if (type.startsWith('text/event-stream')) return false;
    return compression.filter(req, res);
  },
}) as unknown as (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function render(req: IncomingMessage, res: ServerResponse): void {
  compress(req, res, (error) => {
    if (error) {
      res.statusCode = 500;
      res.end();
      return;
    }
    void astro(req, res);
  });
}

const server = createServer((req, res) => {
  try {
    decodeURI(req.url ?? '/');
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Requisição inválida.');
    return;
  }
  if (req.method === 'GET' || req.method === 'HEAD') statics(req, res, () => render(req, res));
  else render(req, res);
});

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';
server.listen(port, host, () => console.log(`[storefront] listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
