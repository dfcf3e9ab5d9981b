/**
 * Serves the producer page on its own origin, as a producer's web host would: a tiny
 * static server that writes the Plateia addresses into `index.html`.
 *
 *   PORT=5180 PLATEIA_SITE=http://localhost:4321 PLATEIA_API=http://localhost:3000 node serve.mjs
 *
 * | variable                   | default                 | meaning                                      |
 * | -------------------------- | ----------------------- | -------------------------------------------- |
 * | `PORT`                     | `5180`                  | where this page listens                      |
 * | `PLATEIA_SITE`             | `http://localhost:4321` | the storefront serving `/embed/v1/plateia.js` |
 * | `PLATEIA_API`              | `http://localhost:3000` | the API host (the script tag's `data-api`)   |
 * | `FESTIVAL_EVENT_ID`        | `1`                     | the festival sold by the buy button          |
 * | `SEATED_EVENT_ID`          | `2`                     | the seated event of the seat picker          |
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Settings from the environment, without trailing slashes on the addresses.
 * @param {Record<string, string | undefined>} env
 */
export function settingsFrom(env) {
  const trim = (value, fallback) => (value?.trim() || fallback).replace(/\/+$/, '');
  return {
    PLATEIA_SITE: trim(env.PLATEIA_SITE, 'http://localhost:4321'),
    PLATEIA_API: trim(env.PLATEIA_API, 'http://localhost:3000'),
    FESTIVAL_EVENT_ID: trim(env.FESTIVAL_EVENT_ID, '1'),
    SEATED_EVENT_ID: trim(env.SEATED_EVENT_ID, '2'),
  };
}

const escapeAttribute = (value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with its `{{NAME}}` placeholders filled (HTML-escaped: they sit in attributes).
 * @param {string} template
 * @param {Record<string, string>} settings
 */
export function renderPage(template, settings) {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (match, name) =>
    name in settings ? escapeAttribute(settings[name]) : match,
  );
}

/**
 * An HTTP server answering `/` (and `/index.html`) with the page and 404 otherwise.
 * @param {ReturnType<typeof settingsFrom>} settings
 */
export async function createPageServer(settings) {
  const html = renderPage(await readFile(`${here}index.html`, 'utf8'), settings);
  return createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (path !== '/' && path !== '/index.html') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Não encontrado');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : html);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const settings = settingsFrom(process.env);
  const port = Number(process.env.PORT ?? 5180);
  const server = await createPageServer(settings);
  server.listen(port, () => {
    console.log(
      `Producer page: http://localhost:${port}/ (Plateia ${settings.PLATEIA_SITE}, API ${settings.PLATEIA_API})`,
    );
  });
}
