/**
 * The script-tag loader, `plateia.js` (after stripe-js's loader): a page adds
 * `<script src="…/plateia.js" data-api="https://api…" async>` and every Plateia element
 * works. It stays tiny: it knows every element's tag and fetches an element's code (an
 * ES module beside the loader) only when that tag first appears on the page.
 */

/** Build-time facts the loader carries. */
export interface LoaderManifest {
  /** Version of `@plateia/widgets` this loader belongs to. */
  version: string;
  /** Tag name to element module file, relative to the loader's URL. */
  elements: Readonly<Record<string, string>>;
}

/** The page-global API of a running loader, at `globalThis.Plateia`. */
export interface PlateiaLoader {
  /** The loader's version. */
  readonly version: string;
  /** Tags this loader can register. */
  readonly elements: readonly string[];
  /** Fetches and registers an element now; a failed attempt can be retried. */
  load(tag: string): Promise<void>;
  /**
   * The loader's own URL: the storefront that serves `plateia.js`. Elements resolve the
   * storefront's pages against it (the waiting room `/fila/{eventId}`).
   */
  readonly base?: string;
}

declare global {
  /** Set by the loader; present once per page. */
  var Plateia: PlateiaLoader | undefined;
}

/** What {@link startLoader} needs from its surroundings (tests pass their own). */
export interface LoaderEnvironment {
  /** The loader's own script element, if it can be found. */
  script: HTMLScriptElement | null;
  /** Imports a module URL; the real loader uses dynamic `import()`. */
  importModule: (url: string) => Promise<unknown>;
  /** Stops watching the page when aborted (tests, or a host tearing the page down). */
  signal?: AbortSignal;
}

/** The loader's own `<script>`: `currentScript` while it runs, else a tag whose src names it. */
export function findLoaderScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.src) return current;
  return (
    [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((script) =>
      /\/plateia(\.min)?\.js(\?|#|$)/.test(script.src),
    ) ?? null
  );
}

/**
 * Starts the loader once per page and returns the running one. Does nothing on the
 * server. A second copy of the script on the page finds the first and returns it.
 */
export function startLoader(manifest: LoaderManifest, environment: LoaderEnvironment): PlateiaLoader | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  if (globalThis.Plateia) return globalThis.Plateia;

  const { script, importModule, signal } = environment;
  const base = script?.src || document.baseURI;
  // Core reads this when it first calls the API, so setting it before any element loads is enough.
  const api = script?.dataset.api;
  if (api) globalThis.PLATEIA_API_URL = api;

  const tags = Object.keys(manifest.elements);
  const pending = new Map<string, Promise<void>>();

  const load = (tag: string): Promise<void> => {
    const file = manifest.elements[tag];
    if (!file) return Promise.reject(new Error(`Unknown Plateia element <${tag}>`));
    if (customElements.get(tag)) return Promise.resolve();
    let loading = pending.get(tag);
    if (!loading) {
      loading = importModule(new URL(file, base).href).then(() => undefined);
      pending.set(tag, loading);
      // Forget a failed attempt so the next appearance of the tag (or `load`) tries again.
      loading.catch((error: unknown) => {
        pending.delete(tag);
        document.dispatchEvent(
          new CustomEvent('plateia-error', {
            detail: { message: 'Não foi possível carregar este componente. Tente novamente.', cause: error },
            bubbles: true,
            composed: true,
          }),
        );
      });
    }
    return loading;
  };

  const scan = (root: ParentNode): void => {
    for (const tag of tags) {
      if (!customElements.get(tag) && root.querySelector(tag)) load(tag).catch(() => undefined);
    }
  };

  const onAdded = (node: Node): void => {
    if (!(node instanceof Element)) return;
    const tag = node.localName;
    if (tag in manifest.elements) load(tag).catch(() => undefined);
    if (node.firstElementChild) scan(node);
  };

  scan(document);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(onAdded);
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  signal?.addEventListener('abort', () => observer.disconnect());

  // A page may ask for the login dialog without having placed one: add it for them.
  document.addEventListener(
    'plateia-login-open',
    () => {
      if (document.querySelector('plateia-login') || !('plateia-login' in manifest.elements)) return;
      const login = document.createElement('plateia-login');
      login.setAttribute('open', '');
      document.body.append(login);
    },
    { signal },
  );

  const loader: PlateiaLoader = { version: manifest.version, elements: tags, load, base };
  globalThis.Plateia = loader;
  return loader;
}
