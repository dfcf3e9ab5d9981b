import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSameSitePath, navigate, setNavigator } from './navigation.ts';

afterEach(() => {
  setNavigator(null);
});

describe('navigation', () => {
  it('goes through the navigator that was set', () => {
    const navigator = vi.fn();
    setNavigator(navigator);
    navigate('/mytickets');
    expect(navigator).toHaveBeenCalledWith('/mytickets');
  });

  it('does nothing without a page to leave (server rendering)', () => {
    expect(() => navigate('/')).not.toThrow();
  });

  it('accepts only paths on this site', () => {
    expect(isSameSitePath('/checkout/12?from=cart')).toBe(true);
    expect(isSameSitePath('/')).toBe(true);
    expect(isSameSitePath('//evil.example/x')).toBe(false);
    expect(isSameSitePath('/\\evil.example')).toBe(false);
    expect(isSameSitePath('https://evil.example')).toBe(false);
    expect(isSameSitePath('javascript:alert(1)')).toBe(false);
    expect(isSameSitePath('mytickets')).toBe(false);
    expect(isSameSitePath(null)).toBe(false);
    // The URL parser drops tab, CR and LF and reads a backslash as a slash.
    for (const sneaky of ['/\t/evil.example', '/\r/evil.example', '/\n/evil.example', '/\\/evil.example']) {
      expect(isSameSitePath(sneaky)).toBe(false);
      expect(new URL(sneaky, 'https://plateia.com.br').origin).toBe('https://evil.example');
    }
    expect(isSameSitePath('/%09/evil.example')).toBe(true);
    expect(new URL('/%09/evil.example', 'https://plateia.com.br').origin).toBe('https://plateia.com.br');
  });
});
