import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the example, typed by its JSDoc only.
import { createPageServer, renderPage, settingsFrom } from '../serve.mjs';

const template = await readFile(new URL('../index.html', import.meta.url), 'utf8');
const settings = settingsFrom({
  PLATEIA_SITE: 'https://loja.example/',
  PLATEIA_API: 'https://api.example',
  FESTIVAL_EVENT_ID: '1',
  SEATED_EVENT_ID: '2',
});
const page = renderPage(template, settings) as string;

describe('producer page', () => {
  it('loads Plateia through the one versioned script tag, async, with data-api', () => {
    const scripts = [...page.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toEqual([
      '<script src="https://loja.example/embed/v1/plateia.js" data-api="https://api.example" async>',
    ]);
    // Nothing else is imported: no module scripts, no bundles, no stylesheets from Plateia.
    expect(page).not.toMatch(/type="module"|<link\b[^>]*stylesheet/);
  });

  it('places the festival buy button, the seated event picker, the checkout and the cart bar', () => {
    expect(page).toContain('<plateia-buy-button event-id="1" label="Comprar ingresso"></plateia-buy-button>');
    expect(page).toContain('<plateia-seat-picker event-id="2"></plateia-seat-picker>');
    expect(page).toMatch(
      /<section id="finalizar-compra"[\s\S]*<plateia-checkout\b[^>]*><\/plateia-checkout>/,
    );
    expect(page).toContain('<plateia-cart-bar checkout-url="#finalizar-compra"></plateia-cart-bar>');
  });

  it('leaves no placeholder unfilled and escapes what it writes', () => {
    expect(page).not.toContain('{{');
    const hostile = renderPage('<x a="{{PLATEIA_API}}">', { PLATEIA_API: '"><script>' }) as string;
    expect(hostile).toBe('<x a="&quot;&gt;&lt;script&gt;">');
  });

  it('defaults to the local storefront and API host', () => {
    expect(settingsFrom({})).toEqual({
      PLATEIA_SITE: 'http://localhost:4321',
      PLATEIA_API: 'http://localhost:3000',
      FESTIVAL_EVENT_ID: '1',
      SEATED_EVENT_ID: '2',
    });
  });
});

describe('serve.mjs', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('serves the filled page at / and 404 elsewhere', async () => {
    const server = await createPageServer(settings);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toBe(page);
    expect((await fetch(`http://127.0.0.1:${port}/serve.mjs`)).status).toBe(404);
  });
});
