import { $authState, $sessionToken, $user, initSession, logout } from '@plateia/core/stores/session';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { embeddingStorefront } from '../../shared/storefront-origin.ts';
import { installFakeApi, uninstallFakeApi } from '../../test/fake-api.ts';
import { embedLoginUrl, readEmbedLogin } from './embed-login.ts';
import { Login, POPUP_BLOCKED_MESSAGE } from './login.tsx';

const STOREFRONT = 'https://plateia.example';
const TOKEN = 'e'.repeat(43);

type Opened = { url: string; popup: Window };

beforeEach(() => {
  installFakeApi();
  (globalThis as { Plateia?: unknown }).Plateia = { base: `${STOREFRONT}/embed/v1/plateia.js` };
});

afterEach(async () => {
  cleanup();
  document.body.replaceChildren();
  await logout();
  delete (globalThis as { Plateia?: unknown }).Plateia;
  vi.restoreAllMocks();
  uninstallFakeApi();
  localStorage.clear();
  sessionStorage.clear();
});

/** Renders the dialog and clicks "Entrar com a Plateia" with window.open recorded. */
function openPopup(): Opened {
  const popup = { closed: false } as unknown as Window;
  const opened: Opened = { url: '', popup };
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.url = String(url);
    return popup;
  });
  render(<Login open />);
  fireEvent.click(screen.getByRole('button', { name: 'Entrar com a Plateia' }));
  return opened;
}

const answer = (nonce: string, extra: Record<string, unknown> = {}) => ({
  type: 'plateia:embed-login',
  nonce,
  token: TOKEN,
  expiresAt: '2030-01-01T00:00:00.000Z',
  user: { id: 7, firstName: 'Ana' },
  ...extra,
});

const post = (data: unknown, origin: string, source: unknown) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  });

describe('<Login> on a producer page (another origin than the storefront)', () => {
  it('knows it is embedded from the loader address, and not on the storefront itself', () => {
    expect(embeddingStorefront()).toBe(STOREFRONT);
    expect(embeddingStorefront(STOREFRONT)).toBeNull();
    expect(embeddingStorefront(location.origin, '')).toBeNull();
  });

  it('asks no password: "Entrar" opens the storefront popup with the page origin and a nonce', () => {
    const { url } = openPopup();
    expect(screen.queryByLabelText('Senha')).toBeNull();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    const target = new URL(url);
    expect(target.origin + target.pathname).toBe(`${STOREFRONT}/conta/conectar`);
    expect(target.searchParams.get('origin')).toBe(location.origin);
    expect(target.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
    expect(url).toBe(embedLoginUrl(STOREFRONT, location.origin, target.searchParams.get('nonce') ?? ''));
  });

  it('accepts only the popup, from the storefront origin, with its nonce; keeps nothing in storage', async () => {
    const { url, popup } = openPopup();
    const nonce = new URL(url).searchParams.get('nonce') ?? '';
    const details: unknown[] = [];
    document.addEventListener('plateia-login', (event) => details.push((event as CustomEvent).detail));
    initSession();

    await post(answer(nonce), 'https://evil.example', popup);
    await post(answer(nonce), STOREFRONT, window);
    await post(answer('0'.repeat(32)), STOREFRONT, popup);
    await post({ ...answer(nonce), token: 'short' }, STOREFRONT, popup);
    expect($sessionToken.get()).toBeNull();
    expect($authState.get()).toBe('loggedOut');

    await post(
      answer(nonce, { user: { id: 7, firstName: 'Ana', cpfnpj: '123', phone: '61' } }),
      STOREFRONT,
      popup,
    );
    expect($sessionToken.get()).toBe(TOKEN);
    expect($user.get()).toEqual({ id: 7, user: '', namef: 'Ana' });
    expect($authState.get()).toBe('loggedIn');
    expect(details).toEqual([{ id: 7, firstName: 'Ana' }]);
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem('plateia:token')).toBeNull();
      expect(storage.getItem('plateia:user')).toBeNull();
      expect(JSON.stringify({ ...storage })).not.toContain(TOKEN);
    }
    // The dialog closed itself.
    expect(screen.queryByRole('button', { name: 'Entrar com a Plateia' })).toBeNull();
  });

  it('says so when the browser blocks the popup', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(<Login open />);
    fireEvent.click(screen.getByRole('button', { name: 'Entrar com a Plateia' }));
    expect(screen.getByRole('alert').textContent).toBe(POPUP_BLOCKED_MESSAGE);
  });

  it('readEmbedLogin passes on only the token, expiry, id and first name', () => {
    const popup = {} as Window;
    const read = readEmbedLogin(
      {
        origin: STOREFRONT,
        source: popup,
        data: answer('a'.repeat(32), { email: 'ana@x', user: { id: 1, firstName: 'A', cpf: '1' } }),
      },
      { storefront: STOREFRONT, popup, nonce: 'a'.repeat(32) },
    );
    expect(read).toEqual({
      type: 'plateia:embed-login',
      nonce: 'a'.repeat(32),
      token: TOKEN,
      expiresAt: '2030-01-01T00:00:00.000Z',
      user: { id: 1, firstName: 'A' },
    });
    expect(
      readEmbedLogin(
        { origin: STOREFRONT, source: null, data: answer('a') },
        { storefront: STOREFRONT, popup: null, nonce: 'a' },
      ),
    ).toBeNull();
  });
});
