/**
 * Loads the widgets' custom elements (`@plateia/widgets/<name>`) on the pages that use
 * them, each once per page and only in the browser. The element entries are collected at
 * build time with `import.meta.glob`, so a page can name an element whose folder is not in
 * the package (yet): its tag then stays an inert, unknown element and the page still
 * renders and builds. Each entry becomes its own lazily loaded chunk.
 */
import { whenNeeded } from './load-when-needed.ts';

const entries = import.meta.glob<unknown>('../../../packages/widgets/src/elements/*/index.ts');

/** Element names as in `@plateia/widgets/<name>` and `<plateia-<name>>`. */
export type WidgetElementName = 'buy-button' | 'cart-bar' | 'checkout' | 'login' | 'seat-picker';

function entryFor(name: WidgetElementName): (() => Promise<unknown>) | undefined {
  return entries[`../../../packages/widgets/src/elements/${name}/index.ts`];
}

/** Whether this build of the storefront carries the element's code. */
export function hasWidgetElement(name: WidgetElementName): boolean {
  return entryFor(name) !== undefined;
}

const loading = new Map<WidgetElementName, Promise<boolean>>();

/**
 * Loads and registers one element; resolves `true` once defined, `false` when the build has
 * no such element. A failed download is forgotten so the next call retries.
 */
export function loadWidgetElement(name: WidgetElementName): Promise<boolean> {
  const running = loading.get(name);
  if (running) return running;
  const entry = entryFor(name);
  if (!entry) return Promise.resolve(false);
  const load = entry().then(
    () => true,
    (error: unknown) => {
      loading.delete(name);
      throw error;
    },
  );
  loading.set(name, load);
  return load;
}

/** Loads every element whose tag is in the document now (a page script's start-up). */
export function loadElementsInPage(root: ParentNode = document): Promise<boolean[]> {
  const names: WidgetElementName[] = ['buy-button', 'cart-bar', 'checkout', 'seat-picker'];
  return Promise.all(
    names.filter((name) => root.querySelector(`plateia-${name}`)).map((name) => loadWidgetElement(name)),
  );
}

/**
 * Loads the page's elements when they are needed (lib/load-when-needed.ts): once one of
 * their tags comes near the viewport or the visitor starts using the page. An event page's
 * buy buttons and seat map sit below the event's banner: a visit that only reads the top
 * downloads neither them nor the renderer they share.
 */
export function loadElementsWhenNeeded(root: ParentNode = document): void {
  const names: WidgetElementName[] = ['buy-button', 'cart-bar', 'checkout', 'seat-picker'];
  for (const name of names)
    whenNeeded(root.querySelectorAll(`plateia-${name}`), () => void loadWidgetElement(name).catch(() => {}));
}
