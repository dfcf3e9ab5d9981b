import { describe, expect, it } from 'vitest';
import { cardFrameAncestors, cardFrameHeaders, listedEmbeddingOrigin } from './card-frame.ts';

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

describe("an organisation's listed site framing the card fields", () => {
  const API = 'http://api.test';
  const answering = (allowed: boolean) => {
    const calls: string[] = [];
    const fetchFn = (async (input: string) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ allowed }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { calls, fetchFn };
  };

  it('adds the framing page when the API host says its organisation listed it', async () => {
    const { calls, fetchFn } = answering(true);
    const listed = await listedEmbeddingOrigin('https://loja.produtora.example', API, fetchFn, 1_000);
    expect(listed).toBe('https://loja.produtora.example');
    expect(calls).toEqual([
      `${API}/embedding-origins/check?origin=${encodeURIComponent('https://loja.produtora.example')}`,
    ]);
    expect(cardFrameHeaders({ NODE_ENV: 'production' }, listed)['Content-Security-Policy']).toBe(
      "frame-ancestors 'self' https://loja.produtora.example",
    );
    // The answer is kept for 30 seconds, then asked again.
    await listedEmbeddingOrigin('https://loja.produtora.example', API, fetchFn, 20_000);
    expect(calls).toHaveLength(1);
    await listedEmbeddingOrigin('https://loja.produtora.example', API, fetchFn, 40_000);
    expect(calls).toHaveLength(2);
  });

  it('never adds an unlisted page, a non-origin, or anything when the API host does not answer', async () => {
    expect(await listedEmbeddingOrigin('https://golpe.example', API, answering(false).fetchFn)).toBeNull();
    const { calls, fetchFn } = answering(true);
    for (const bad of [
      null,
      '',
      'https://x.example/path',
      'javascript:alert(1)',
      "https://x.example 'unsafe-inline'",
    ]) {
      expect(await listedEmbeddingOrigin(bad, API, fetchFn)).toBeNull();
    }
    expect(calls).toEqual([]);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await listedEmbeddingOrigin('https://outra.example', API, down)).toBeNull();
  });
});
