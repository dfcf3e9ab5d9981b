import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptStyles, ShadowStyles, sheetFor } from './styles.ts';

afterEach(() => {
  vi.resetModules();
});

describe('shadow-root styles', () => {
  it('parses each CSS text once and shares the sheet across roots', () => {
    const css = ':host { color: rgb(1, 2, 3); }';
    const first = document.createElement('div').attachShadow({ mode: 'open' });
    const second = document.createElement('div').attachShadow({ mode: 'open' });
    adoptStyles(first, [css]);
    adoptStyles(second, [css]);
    expect(first.adoptedStyleSheets).toHaveLength(1);
    expect(first.adoptedStyleSheets[0]).toBe(second.adoptedStyleSheets[0]);
    expect(first.adoptedStyleSheets[0]).toBe(sheetFor(css));
  });

  it('renders nothing into the tree when sheets can be adopted', () => {
    const { container } = render(<ShadowStyles cssTexts={['.a { color: red; }']} />);
    expect(container.querySelector('style')).toBeNull();
  });

  it('falls back to <style> elements where constructable stylesheets are missing', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets');
    // Simulates an engine without constructable stylesheets.
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    try {
      vi.resetModules();
      const styles = await import('./styles.ts');
      expect(styles.supportsAdoptedStyleSheets).toBe(false);
      const root = document.createElement('div').attachShadow({ mode: 'open' });
      // Adopting is then a no-op, and the component renders the fallback.
      expect(() => styles.adoptStyles(root, ['.a { color: red; }'])).not.toThrow();
      const { container } = render(
        <styles.ShadowStyles cssTexts={['.a { color: red; }', '.b { color: blue; }']} />,
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
