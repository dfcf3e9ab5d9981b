import { describe, expect, it } from 'vitest';
import { cardFrameAncestors, cardFrameHeaders } from './card-frame.ts';

describe('card frame headers', () => {
  it('lets any page frame the card fields in development', () => {
    expect(cardFrameAncestors({ NODE_ENV: 'development' })).toBe('*');
  });

  it('fails closed when NODE_ENV is unset or unknown', () => {
    expect(cardFrameAncestors({})).toBe("'self'");
    expect(cardFrameAncestors({ NODE_ENV: 'prod' })).toBe("'self'");
    expect(cardFrameAncestors({ NODE_ENV: 'test' })).toBe("'self'");
    expect(cardFrameAncestors({ NODE_ENV: 'staging', CORS_ORIGINS: 'https://x.com' })).toBe(
      "'self' https://x.com",
    );
  });

  it('lets only the storefront and the configured embedding origins frame it in production', () => {
    expect(
      cardFrameAncestors({
        NODE_ENV: 'production',
        CORS_ORIGINS:
          ' https://produtora.com.br , http://localhost:5180,*,javascript:alert(1),https://a.b/path',
      }),
    ).toBe("'self' https://produtora.com.br http://localhost:5180");
    expect(cardFrameAncestors({ NODE_ENV: 'production' })).toBe("'self'");
  });

  it('sends frame-ancestors and no cache', () => {
    expect(cardFrameHeaders({ NODE_ENV: 'production', CORS_ORIGINS: 'https://x.com' })).toEqual({
      'Content-Security-Policy': "frame-ancestors 'self' https://x.com",
      'Cache-Control': 'no-store',
    });
  });
});
