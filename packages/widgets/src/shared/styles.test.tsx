import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { styleSheets, supportsAdoptedStyleSheets } from './styles.ts';

afterEach(() => {
  vi.resetModules();
});

describe('shadow-root styles', () => {
  it('parses CSS texts into sheets a shadow root adopts', () => {
    const css = ':host { color: rgb(1, 2, 3); }';
    expect(supportsAdoptedStyleSheets).toBe(true);
    const [sheet] = styleSheets([css]);
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet as CSSStyleSheet];
    expect(root.adoptedStyleSheets[0]?.cssRules[0]?.cssText).toContain('rgb(1, 2, 3)');
  });

  it('falls back to <style> elements where constructable stylesheets are missing', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets');
    // Simulates an engine without constructable stylesheets.
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    try {
      vi.resetModules();
      const styles = await import('./styles.ts');
      expect(styles.supportsAdoptedStyleSheets).toBe(false);
      const { container } = render(
        <div>{styles.styleElements(['.a { color: red; }', '.b { color: blue; }'])}</div>,
      );
      expect([...container.querySelectorAll('style')].map((style) => style.textContent)).toEqual([
        '.a { color: red; }',
        '.b { color: blue; }',
      ]);
    } finally {
      if (descriptor) Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', descriptor);
    }
  });
});
