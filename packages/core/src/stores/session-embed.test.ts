// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const STOREFRONT = 'https://plateia.example';
const TOKEN = 't'.repeat(43);

afterEach(() => {
  delete (globalThis as { Plateia?: unknown }).Plateia;
  globalThis.PLATEIA_SITE_URL = undefined;
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
});

/** The session module as a page loads it, after the loader named the storefront. */
async function loadOnProducerPage() {
  (globalThis as { Plateia?: unknown }).Plateia = { base: `${STOREFRONT}/embed/v1/plateia.js` };
  vi.resetModules();
  return import('./session.ts');
}

describe('the session on a producer page', () => {
  it('removes a full session an older version left in the page storage, and reads none', async () => {
    localStorage.setItem('plateia:token', TOKEN);
    localStorage.setItem('plateia:user', JSON.stringify({ id: 1, user: 'ana@x.dev', cpfnpj: '52998224725' }));
    const session = await loadOnProducerPage();
    expect(session.embeddingStorefront()).toBe(STOREFRONT);
    expect(localStorage.getItem('plateia:token')).toBeNull();
    expect(localStorage.getItem('plateia:user')).toBeNull();
    expect(session.initSession()).toBe('loggedOut');
  });

  it('keeps the embed token and { id, firstName } in memory only, deaf to storage events', async () => {
    const session = await loadOnProducerPage();
    session.initSession();
    const unsubscribe = session.$authState.listen(() => {});
    session.startEmbedSession(TOKEN, { id: 7, firstName: 'Ana' });
    expect(session.$authState.get()).toBe('loggedIn');
    expect(session.$user.get()).toEqual({ id: 7, user: '', namef: 'Ana' });
    expect(session.$sessionToken.get()).toBe(TOKEN);
    expect({ ...localStorage, ...sessionStorage }).toEqual({});
    // A script writing storage (or another tab) does not change who is signed in here.
    localStorage.setItem('plateia:token', 'x'.repeat(43));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'plateia:token',
        newValue: 'x'.repeat(43),
        storageArea: localStorage,
      }),
    );
    expect(session.$sessionToken.get()).toBe(TOKEN);
    unsubscribe();
  });

  it('elements bundled into the page (no loader) are on a producer page when PLATEIA_SITE_URL names the storefront', async () => {
    localStorage.setItem('plateia:token', TOKEN);
    globalThis.PLATEIA_SITE_URL = STOREFRONT;
    vi.resetModules();
    const session = await import('./session.ts');
    expect(session.embeddingStorefront()).toBe(STOREFRONT);
    expect(localStorage.getItem('plateia:token')).toBeNull();
    session.startEmbedSession(TOKEN, { id: 7, firstName: 'Ana' });
    expect({ ...localStorage, ...sessionStorage }).toEqual({});
  });

  it('on the storefront nothing changes: the session is stored as before', async () => {
    vi.resetModules();
    const session = await import('./session.ts');
    expect(session.embeddingStorefront()).toBeNull();
    session.initSession();
    session.$sessionToken.set(TOKEN);
    expect(localStorage.getItem('plateia:token')).toBe(TOKEN);
  });
});
