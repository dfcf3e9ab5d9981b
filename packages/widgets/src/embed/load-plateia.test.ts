import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPlateia } from './load-plateia.ts';
import type { PlateiaLoader } from './loader.ts';

const src = 'https://loja.example/embed/v1/plateia.js';
const running: PlateiaLoader = { version: '1.2.3', elements: ['plateia-login'], load: async () => undefined };

// Keeps added scripts out of the document, so the test DOM never tries to fetch them.
const captureAppends = () => {
  const added: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    added.push(...(nodes as HTMLScriptElement[]));
  });
  return added;
};

beforeEach(() => {
  globalThis.Plateia = undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
  document.head.replaceChildren();
  globalThis.Plateia = undefined;
});

describe('loadPlateia', () => {
  it('resolves with a loader already running, adding nothing', async () => {
    globalThis.Plateia = running;
    const added = captureAppends();
    await expect(loadPlateia({ src })).resolves.toBe(running);
    expect(added).toHaveLength(0);
  });

  it('reuses a script tag already on the page', async () => {
    const existing = document.createElement('script');
    existing.type = 'text/plain';
    existing.src = src;
    document.head.appendChild(existing);
    const added = captureAppends();
    const loaded = loadPlateia({ src });
    expect(loadPlateia({ src })).toBe(loaded);
    globalThis.Plateia = running;
    existing.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBe(running);
    expect(added).toHaveLength(0);
  });

  it('adds one async tag with data-api, and retries with a fresh tag after a failure', async () => {
    const added = captureAppends();
    const first = loadPlateia({ src, api: 'https://api.example' });
    expect(added).toHaveLength(1);
    expect(added[0]?.async).toBe(true);
    expect(added[0]?.dataset.api).toBe('https://api.example');
    added[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(`Could not load ${src}`);

    const second = loadPlateia({ src });
    expect(added).toHaveLength(2);
    globalThis.Plateia = running;
    added[1]?.dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe(running);
  });
});
