import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findLoaderScript, type LoaderManifest, startLoader } from './loader.ts';

const manifest: LoaderManifest = {
  version: '9.8.7',
  elements: { 'plateia-login': './login.js', 'plateia-cart-bar': './cart-bar.js' },
};

// Each "module" registers its element, as the real element chunks do.
const defineOnImport = (url: string): Promise<void> => {
  const tag = `plateia-${url.split('/').pop()?.replace('.js', '')}`;
  if (!customElements.get(tag)) customElements.define(tag, class extends HTMLElement {});
  return Promise.resolve();
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let script: HTMLScriptElement;
let stop: AbortController;

beforeEach(() => {
  stop = new AbortController();
  globalThis.Plateia = undefined;
  globalThis.PLATEIA_API_URL = undefined;
  script = document.createElement('script');
  // Not a JavaScript type, so the test DOM does not try to fetch it.
  script.type = 'text/plain';
  script.src = 'https://cdn.example/embed/v1/plateia.js';
  script.dataset.api = 'https://api.example';
  document.head.append(script);
});

afterEach(() => {
  stop.abort();
  document.head.replaceChildren();
  document.body.replaceChildren();
  globalThis.Plateia = undefined;
  globalThis.PLATEIA_API_URL = undefined;
});

describe('script-tag loader', () => {
  it('finds its own tag and takes the API address from data-api', () => {
    expect(findLoaderScript()).toBe(script);
    const loader = startLoader(manifest, {
      script,
      importModule: vi.fn(defineOnImport),
      signal: stop.signal,
    });
    expect(globalThis.PLATEIA_API_URL).toBe('https://api.example');
    expect(loader?.version).toBe('9.8.7');
    // The storefront that served the loader, for links to its pages (the waiting room).
    expect(loader?.base).toBe('https://cdn.example/embed/v1/plateia.js');
    expect(globalThis.Plateia).toBe(loader);
  });

  it('starts at most once per page', () => {
    const importModule = vi.fn(defineOnImport);
    const first = startLoader(manifest, { script, importModule, signal: stop.signal });
    const second = startLoader(
      { ...manifest, version: '0.0.1' },
      { script, importModule, signal: stop.signal },
    );
    expect(second).toBe(first);
    expect(second?.version).toBe('9.8.7');
  });

  it('fetches an element only when it appears, once, relative to the loader URL', async () => {
    document.body.innerHTML = '<main><plateia-cart-bar></plateia-cart-bar></main>';
    // Nothing gets defined, so only the loader's own bookkeeping prevents a second fetch.
    const importModule = vi.fn(async (_url: string) => undefined);
    startLoader(manifest, { script, importModule, signal: stop.signal });
    expect(importModule.mock.calls.map(([url]) => url)).toEqual(['https://cdn.example/embed/v1/cart-bar.js']);

    const login = document.createElement('plateia-login');
    document.body.append(login);
    await flush();
    expect(importModule).toHaveBeenLastCalledWith('https://cdn.example/embed/v1/login.js');
    document.body.append(document.createElement('plateia-cart-bar'));
    await flush();
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('reports a failed fetch and retries when the element appears again', async () => {
    const errors: string[] = [];
    document.addEventListener('plateia-error', (event) => errors.push(event.detail.message));
    const importModule = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(defineOnImport);
    const loader = startLoader(manifest, { script, importModule, signal: stop.signal });
    document.body.append(document.createElement('plateia-cart-bar'));
    await flush();
    expect(errors).toEqual(['Não foi possível carregar este componente. Tente novamente.']);
    document.body.append(document.createElement('plateia-cart-bar'));
    await flush();
    expect(importModule).toHaveBeenCalledTimes(2);
    expect(customElements.get('plateia-cart-bar')).toBeTruthy();
    await loader?.load('plateia-cart-bar');
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('adds a login dialog when the page asks for one it has not placed', async () => {
    const importModule = vi.fn(async () => undefined);
    startLoader(manifest, { script, importModule, signal: stop.signal });
    document.dispatchEvent(new CustomEvent('plateia-login-open', { detail: {} }));
    const login = document.querySelector('plateia-login');
    expect(login?.hasAttribute('open')).toBe(true);
    await flush();
    expect(importModule).toHaveBeenCalledWith('https://cdn.example/embed/v1/login.js');
  });

  it('rejects tags it does not know', async () => {
    const loader = startLoader(manifest, {
      script,
      importModule: vi.fn(defineOnImport),
      signal: stop.signal,
    });
    await expect(loader?.load('plateia-nope')).rejects.toThrow('Unknown Plateia element <plateia-nope>');
  });
});
