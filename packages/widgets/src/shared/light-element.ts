/**
 * The base of the light elements (`<plateia-buy-button>`, `<plateia-cart-bar>`): plain
 * DOM in an open shadow root, styles adopted as one constructable stylesheet per element
 * type, and subscriptions that live while the element is connected. No React or Preact:
 * these are the elements a producer's page shows first, so their script stays small.
 * (React elements go through `define-element.ts` instead; its styles module
 * imports React, which is why the few lines of adoption are repeated here.)
 */

import lightCss from './light-element.css?inline';
import tokensCss from './tokens.css?inline';

// On the server there is no HTMLElement; an empty base keeps importing the module safe.
const ServerSafeElement: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

const sheets = new Map<string, CSSStyleSheet>();

/** One constructable sheet per stylesheet text, shared by every element that adopts it. */
function sheetFor(cssText: string): CSSStyleSheet {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  return sheet;
}

/**
 * Gives a new shadow root its stylesheets, in order: shared constructable sheets, else
 * (older browsers) `<style>` elements. Every browser with `adoptedStyleSheets` constructs
 * sheets.
 */
function adoptCss(root: ShadowRoot, ...cssTexts: string[]): void {
  if ('adoptedStyleSheets' in root) {
    root.adoptedStyleSheets = cssTexts.map(sheetFor);
  } else {
    // The DOM types assume `adoptedStyleSheets` everywhere, hence the cast.
    (root as ShadowRoot).prepend(...cssTexts.map((cssText) => h('style', {}, cssText)));
  }
}

/**
 * Creates an element with attributes (`part`, `class`, aria-*) and children. The sheets
 * style a part by the class of the same name, so `class` defaults to `part`.
 */
export function h<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Readonly<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  if (attributes.part) element.className = attributes.part;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** Sets an attribute, or removes it for `null`: the setter of an optional attribute's property. */
export function setOrRemove(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/**
 * A custom element with an open shadow root and its styles. Subclasses build their DOM
 * in {@link LightElement.mount}, tie page listeners to {@link LightElement.signal} and
 * register other teardown with {@link LightElement.keep}; all of it is undone when the
 * element leaves the page, and `mount` runs again if it comes back.
 */
export abstract class LightElement extends ServerSafeElement {
  /** The element's open shadow root. */
  protected readonly root: ShadowRoot;
  /** The current connection, aborted when the element leaves the page; `null` meanwhile. */
  #connection: AbortController | null = null;

  /** `cssText`: the element's own styles, adopted after the shared tokens.css and light-element.css. */
  constructor(cssText: string) {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    adoptCss(this.root, tokensCss, lightCss, cssText);
  }

  /** Builds the DOM and starts subscriptions; runs on every connection. */
  protected abstract mount(): void;

  /**
   * Aborted when the element leaves the page: the `signal` of listeners `mount` adds to
   * the page, and what work finishing later checks. Outside a connection it is aborted.
   */
  protected get signal(): AbortSignal {
    return this.#connection?.signal ?? AbortSignal.abort();
  }

  /** Registers a teardown (an unsubscribe) for when the element leaves the page; call it while mounted. */
  protected keep(teardown: () => void): void {
    this.signal.addEventListener('abort', teardown);
  }

  /** Custom-element lifecycle: the element entered the page. */
  connectedCallback(): void {
    if (this.#connection) return;
    this.#connection = new AbortController();
    this.mount();
  }

  /** Custom-element lifecycle: the element left the page. */
  disconnectedCallback(): void {
    this.#connection?.abort();
    this.#connection = null;
    // The fallback <style> (no constructable sheets) stays for the next connection.
    for (const child of [...this.root.children]) if (child.localName !== 'style') child.remove();
  }

  /**
   * Custom-element lifecycle: an observed attribute changed; a mounted element rebuilds.
   * (An upgrade reports every attribute before `connectedCallback`, while already in the
   * page: that first build is left to `connectedCallback`.)
   */
  attributeChangedCallback(_name: string, old: string | null, value: string | null): void {
    if (old === value || !this.#connection) return;
    this.disconnectedCallback();
    this.connectedCallback();
  }
}

/** Registers a light element once; a no-op on the server or when the tag is taken. */
export function defineLightElement(tag: string, elementClass: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, elementClass);
}
