import { describe, expect, it } from 'vitest';
import { isCheckoutPath } from './checkout-mode.ts';
import { eventsListingRedirect, isChatPath } from './routes.ts';

describe('isChatPath', () => {
  it('is true only when the third segment under /friends is chat', () => {
    expect(isChatPath('/friends/42/chat')).toBe(true);
    expect(isChatPath('/friends/42/chat/')).toBe(true);
    expect(isChatPath('/friends')).toBe(false);
    expect(isChatPath('/friends/42')).toBe(false);
    expect(isChatPath('/friends/chat')).toBe(false);
    expect(isChatPath('/support/42/chat')).toBe(false);
  });
});

describe('eventsListingRedirect', () => {
  const listing = 'https://eventos.plateia.com.br/';

  it('sends a slug query to the external listing, keeping the slug', () => {
    expect(eventsListingRedirect(new URL('http://localhost:4321/?slug=festival-verao'), listing)).toBe(
      'https://eventos.plateia.com.br/?slug=festival-verao',
    );
  });

  it('encodes the slug and keeps the listing address own query', () => {
    const target = eventsListingRedirect(
      new URL('http://localhost:4321/cadastro?slug=a%20b%26c'),
      'https://x.example/lista?utm=1',
    );
    expect(target).toBe('https://x.example/lista?utm=1&slug=a+b%26c');
  });

  it('does nothing without a slug or with an empty one', () => {
    expect(eventsListingRedirect(new URL('http://localhost:4321/?id=1'), listing)).toBeNull();
    expect(eventsListingRedirect(new URL('http://localhost:4321/?slug='), listing)).toBeNull();
  });

  it('accepts a listing path on the same site', () => {
    expect(eventsListingRedirect(new URL('http://localhost:4321/?slug=x'), '/eventos')).toBe(
      'http://localhost:4321/eventos?slug=x',
    );
  });
});

describe('isCheckoutPath', () => {
  it('matches /checkout and its subpaths only', () => {
    expect(isCheckoutPath('/checkout/12')).toBe(true);
    expect(isCheckoutPath('/checkout')).toBe(true);
    expect(isCheckoutPath('/checkouts')).toBe(false);
    expect(isCheckoutPath('/')).toBe(false);
  });
});
