/**
 * `loadPlateia()`: for apps that add the script-tag build at run time rather than in
 * their HTML (after stripe-js's `loadStripe`). It reuses a loader already on the page or
 * a `<script>` already pointing at it, adds the tag only when there is none, resolves
 * `null` on the server, and after a failed load removes the tag so a later call retries.
 */
import type { PlateiaLoader } from './loader.ts';

/** Where the loader lives and which API host the elements should call. */
export interface LoadPlateiaOptions {
  /** URL of `plateia.js`, e.g. `https://loja.example/embed/v1/plateia.js`. */
  src: string;
  /** API host origin, passed as the tag's `data-api`. */
  api?: string;
}

let loading: Promise<PlateiaLoader | null> | null = null;

function existingScript(src: string): HTMLScriptElement | undefined {
  const wanted = new URL(src, document.baseURI).href;
  return [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find(
    (script) => script.src === wanted,
  );
}

/** Loads the script-tag build once and resolves with the running loader. */
export function loadPlateia({ src, api }: LoadPlateiaOptions): Promise<PlateiaLoader | null> {
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve(null);
  if (globalThis.Plateia) return Promise.resolve(globalThis.Plateia);
  if (loading) return loading;
  loading = new Promise<PlateiaLoader | null>((resolve, reject) => {
    let script = existingScript(src);
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      if (api) script.dataset.api = api;
      document.head.append(script);
    }
    const added = script;
    added.addEventListener('load', () => {
      // From here on the page-global loader is the single source of truth.
      loading = null;
      if (globalThis.Plateia) resolve(globalThis.Plateia);
      else fail(new Error('plateia.js loaded but did not start'));
    });
    added.addEventListener('error', () => fail(new Error(`Could not load ${src}`)));
    function fail(error: Error): void {
      // Forget this attempt entirely so the next call adds a fresh tag.
      loading = null;
      added.remove();
      reject(error);
    }
  });
  return loading;
}
