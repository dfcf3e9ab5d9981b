import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { md5 } from '@plateia/core/crypto/md5';
import { chatRoomId } from '@plateia/core/rules/chat-room';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/browser.ts';
import { DEMO_CUSTOMER } from '../support/shopping.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (not decoded). */
  body: Buffer;
}

/** A GET that sends exactly the given headers and keeps the body as sent (fetch would decode it). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack().siteUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Text only React's development runtime carries (react-dom-client.development.js). */
const REACT_DEVELOPMENT_MARKER = 'Download the React DevTools for a better development experience';

/**
 * Every script a page can load: the `/_astro/*.js` files its HTML names, then every module
 * those import (statically or lazily), followed to the end.
 */
async function scriptsOf(path: string): Promise<Map<string, string>> {
  const { siteUrl } = stack();
  const html = await (await fetch(`${siteUrl}${path}`)).text();
  const pending = [...html.matchAll(/\/_astro\/[\w.-]+\.js/g)].map((match) => match[0]);
  const bodies = new Map<string, string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (bodies.has(file)) continue;
    const response = await fetch(`${siteUrl}${file}`);
    expect(response.status, file).toBe(200);
    const body = await response.text();
    bodies.set(file, body);
    for (const match of body.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) pending.push(`/_astro/${match[1]}`);
  }
  return bodies;
}

describe('what the storefront ships to browsers', () => {
  it('is a production build whatever NODE_ENV the processes run with', async () => {
    // The stack runs with NODE_ENV=development (demo data and stand-ins).
    const scripts = await scriptsOf('/');
    expect(scripts.size).toBeGreaterThan(0);
    const withReact = [...scripts].filter(([, body]) => body.includes('react.dev/'));
    expect(withReact.length, 'the page hydrates React islands').toBeGreaterThan(0);
    for (const [file, body] of scripts) expect(body.includes(REACT_DEVELOPMENT_MARKER), file).toBe(false);
    // Astro's development island script (with its render-time attributes) is not in the HTML
    // either: the sign-up page hydrates its form at load.
    const html = await (await fetch(`${stack().siteUrl}/cadastro`)).text();
    expect(html).toContain('<astro-island');
    expect(html).not.toContain('server-render-time');
  });
});

describe('how the storefront serves its files', () => {
  /** A hashed Astro script the home page loads, the larger the better (it must be worth compressing). */
  async function astroScript(): Promise<string> {
    const scripts = await scriptsOf('/');
    const [largest] = [...scripts].sort(([, a], [, b]) => b.length - a.length);
    if (!largest) throw new Error('no script on the home page');
    return largest[0];
  }

  it('sends hashed scripts precompressed by Accept-Encoding, immutable for a year', async () => {
    const file = await astroScript();
    const identity = await rawGet(file);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const br = await rawGet(file, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(identity.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);

    const gz = await rawGet(file, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);
  });

  it('serves the embed loader compressed and revalidated, its chunks immutable, to any origin', async () => {
    for (const path of ['/embed/plateia.js', '/embed/v1/plateia.js']) {
      const loader = await rawGet(path, { 'accept-encoding': 'br' });
      expect(loader.status, path).toBe(200);
      expect(loader.headers['content-type']).toMatch(/javascript/);
      expect(loader.headers['access-control-allow-origin']).toBe('*');
      expect(loader.headers.vary).toMatch(/accept-encoding/i);
      expect(loader.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      expect(loader.headers['cache-control']).not.toContain('immutable');
      const etag = String(loader.headers.etag);
      expect(etag).not.toBe('undefined');
      const again = await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    const loader = (await rawGet('/embed/v1/plateia.js')).body.toString('utf8');
    const chunk = loader.match(/chunks\/[\w.-]+\.js/)?.[0] ?? (await firstEmbedChunk());
    const answer = await rawGet(`/embed/v1/${chunk}`, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('revalidates unhashed files (service workers) on every use', async () => {
    const worker = await rawGet('/tickets-sw.js', { 'accept-encoding': 'br' });
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers.etag).toBeDefined();
  });

  it('compresses pages per request, and sends them plain to a client that accepts no encoding', async () => {
    const br = await rawGet('/', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString('utf8')).toContain('<html lang="pt-BR"');
    const gz = await rawGet('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toContain('<html lang="pt-BR"');
    const plain = await rawGet('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('<html lang="pt-BR"');
  });
});

/** Logs in through the API host as the storefront's dialog does (getsalt, then md5(salt + password)). */
async function logIn(email: string, password: string): Promise<{ id: number; token: string }> {
  const { apiUrl } = stack();
  const uuid = randomUUID();
  const address = encodeURIComponent(email);
  const salt = (
    (await (await fetch(`${apiUrl}/getsalt/${address}/${uuid}`, { method: 'POST' })).json()) as {
      msg: string;
    }
  ).msg;
  const answer = await fetch(
    `${apiUrl}/login/${address}/${md5(salt + password)}/${uuid}/${encodeURIComponent(salt)}`,
    { method: 'POST' },
  );
  const { data, token } = (await answer.json()) as { data: { id: number }; token: string };
  return { id: Number(data.id), token };
}

describe('the chat stream through the storefront', () => {
  it('is sent uncompressed, event by event, to a browser that accepts brotli and gzip', async () => {
    // The demo seed makes the demo customer and João friends.
    const me = await logIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const friend = await logIn('joao.pereira@plateia.dev', 'plateia123');
    const url = `${stack().siteUrl}/api/chat/stream?userId=${me.id}&chatRoomId=${chatRoomId(me.id, friend.id)}`;
    const answer = await new Promise<{ headers: Record<string, unknown>; first: string }>(
      (resolve, reject) => {
        const req = request(
          url,
          { headers: { 'accept-encoding': 'br, gzip', authorization: `Bearer ${me.token}` } },
          (res) => {
            expect(res.statusCode).toBe(200);
            // The first event arrives while the stream stays open: nothing held it back.
            res.once('data', (chunk: Buffer) => {
              resolve({ headers: res.headers, first: chunk.toString('utf8') });
              req.destroy();
            });
            res.on('error', () => {});
          },
        );
        req.on('error', (error) => {
          if (!req.destroyed) reject(error);
        });
        req.setTimeout(10_000, () => reject(new Error('no event within 10 s')));
        req.end();
      },
    );
    expect(String(answer.headers['content-type'])).toContain('text/event-stream');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.first).toContain('retry:');
  });
});

/** The first shared chunk the loader's element modules import. */
async function firstEmbedChunk(): Promise<string> {
  const loader = (await rawGet('/embed/v1/plateia.js')).body.toString('utf8');
  const entry = loader.match(/\.\/([\w.-]+\.js)/)?.[1];
  const module = (await rawGet(`/embed/v1/${entry}`)).body.toString('utf8');
  const chunk = module.match(/chunks\/[\w.-]+\.js/)?.[0];
  if (!chunk) throw new Error('no chunk found from the loader');
  return chunk;
}
