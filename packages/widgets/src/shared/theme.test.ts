import { describe, expect, it } from 'vitest';
import tokensCss from './tokens.css?inline';

const elementSheets = import.meta.glob('../elements/*/*.css', {
  query: '?inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('theme', () => {
  it('offers a readable accent for text: the accent mixed with the text colour', () => {
    // The storefront's #6d4aff as text on the dark background is 3.5:1, below WCAG AA.
    expect(tokensCss).toMatch(/--_accent-text:\s*color-mix\(in srgb, var\(--_accent\) 60%, var\(--_fg\)\)/);
  });

  it('never writes text in the bare accent colour', () => {
    expect(Object.keys(elementSheets).length).toBeGreaterThan(0);
    for (const [file, css] of Object.entries(elementSheets)) {
      expect(css, file).not.toMatch(/(^|[\s;{])color:\s*var\(--_accent\)/m);
    }
  });
});
