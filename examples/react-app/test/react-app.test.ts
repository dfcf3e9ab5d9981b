import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App, FESTIVAL_EVENT_ID, SEATED_EVENT_ID } from '../src/App.tsx';

const source = (path: string) => readFile(new URL(`../${path}`, import.meta.url), 'utf8');

describe('React example', () => {
  it('registers each element it uses from its own ESM entry of @plateia/widgets', async () => {
    const app = await source('src/App.tsx');
    for (const name of ['buy-button', 'cart-bar', 'checkout', 'login', 'seat-picker']) {
      expect(app).toContain(`import '@plateia/widgets/${name}';`);
    }
    // No script tag: the ESM package is the whole integration.
    expect(await source('index.html')).not.toContain('plateia.js');
  });

  it('points the shared core at the API host before rendering', async () => {
    const main = await source('src/main.tsx');
    expect(main.indexOf('configureApi({ baseUrl: __PLATEIA_API__ })')).toBeGreaterThan(-1);
    expect(main.indexOf('configureApi(')).toBeLessThan(main.indexOf('createRoot('));
  });

  it('names the storefront before core and the elements load, so login and card stay on Plateia', async () => {
    const main = await source('src/main.tsx');
    expect(main.split('\n')[0]).toBe("import './plateia-env.ts';");
    expect(await source('src/plateia-env.ts')).toContain('globalThis.PLATEIA_SITE_URL = __PLATEIA_SITE__;');
  });

  it('renders the elements in JSX with their attributes (React 19 custom elements)', () => {
    const html = renderToStaticMarkup(createElement(App));
    expect(html).toContain(
      `<plateia-buy-button event-id="${FESTIVAL_EVENT_ID}" label="Comprar ingressos"></plateia-buy-button>`,
    );
    expect(html).toContain(`<plateia-seat-picker event-id="${SEATED_EVENT_ID}"></plateia-seat-picker>`);
    expect(html).toContain('<plateia-cart-bar checkout-url="#checkout"></plateia-cart-bar>');
    expect(html).toMatch(/<section id="checkout"[^>]*>[\s\S]*<plateia-checkout><\/plateia-checkout>/);
    expect(html).toContain('<plateia-login></plateia-login>');
  });
});
