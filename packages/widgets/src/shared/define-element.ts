/**
 * Turns a React component into a Plateia custom element: an open shadow root, the
 * element's styles adopted into it, kebab-case attributes mirroring camelCase props, and
 * a guarded registration. Every element (login, buy button, cart bar, checkout, seat
 * picker) goes through here so they behave alike.
 */
import type { ComponentType } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { createRoot, type Root } from 'react-dom/client';
import { styleElements, styleSheets, supportsAdoptedStyleSheets } from './styles.ts';

/** How an attribute's text becomes a prop value. */
export type AttributeType = 'string' | 'number' | 'boolean';

/** Props every element component receives from the wrapper. */
export interface ElementHostProps {
  /** The shadow root the component renders into; `container.host` is the element. */
  container?: ShadowRoot;
}

/** What {@link elementClass} needs to know about one element. */
export interface ElementDefinition<Props extends object> {
  /** The React component rendered inside the shadow root. */
  component: ComponentType<Props & ElementHostProps>;
  /**
   * The props that mirror attributes, camelCase, with their type. `boolean` props follow
   * HTML rules: present (any value) is true, absent is false.
   */
  attributes: { [Key in keyof Props]?: AttributeType };
  /** CSS texts adopted into the shadow root, in order. */
  styles: readonly string[];
}

/** Constructor of a Plateia element before any element-specific members. */
export type PlateiaElementConstructor = new () => HTMLElement;

const toKebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

// The props, keyed by a symbol rather than a private field because the property accessors
// below are defined outside the class body (a static block would need Safari 16.4).
const props = Symbol('props');

/**
 * The base class an element file extends (`class PlateiaLogin extends elementClass(…)`),
 * so each element is a named class the manifest analyzer can read. It renders the
 * component into an open shadow root through `react-dom/client` (Preact, through
 * `react-on-preact.ts`, in the script-tag build) and maps attributes to props the way
 * r2wc 2 did, which it replaces: string and number attributes are read when not empty (a
 * removed string attribute keeps its prop), boolean attributes follow HTML (present is
 * true, absent is false), setting a property writes its attribute, and attribute changes
 * render at once, even before the element is inserted. On the server (no `HTMLElement`)
 * it returns an empty class, so importing is harmless.
 */
export function elementClass<Props extends object>(
  definition: ElementDefinition<Props>,
): PlateiaElementConstructor {
  if (typeof HTMLElement === 'undefined') return class ServerPlaceholder {} as PlateiaElementConstructor;
  const { component, styles } = definition;
  /** Attribute name → [prop, type]. */
  const attributes = new Map(
    (Object.entries(definition.attributes) as [string, AttributeType][]).map(
      ([prop, type]) => [toKebab(prop), [prop, type] as const] as const,
    ),
  );
  // The styles, for every instance of this element: the sheets to adopt, parsed by the
  // first one, or where they cannot be adopted the <style> elements each one renders.
  let sheets: CSSStyleSheet[] | undefined;
  const fallbackStyles = supportsAdoptedStyleSheets ? null : styleElements(styles);

  class PlateiaElement extends HTMLElement {
    static observedAttributes = [...attributes.keys()];

    [props]: Record<string, unknown>;
    #root: Root | undefined;
    #connected = true;

    constructor() {
      super();
      const container = this.attachShadow({ mode: 'open' });
      this[props] = { container };
      // Read before the first render; attributeChangedCallback follows for each one present.
      for (const attribute of attributes.keys()) this.#read(attribute, this.getAttribute(attribute));
      if (supportsAdoptedStyleSheets) container.adoptedStyleSheets = sheets ??= styleSheets(styles);
    }

    /** Stores an attribute's text as its prop; false when it leaves the prop as it was (empty text). */
    #read(attribute: string, text: string | null): boolean {
      const [prop, type] = attributes.get(attribute) as readonly [string, AttributeType];
      if (type === 'boolean') this[props][prop] = text !== null;
      else if (text) this[props][prop] = type === 'number' ? Number.parseFloat(text) : text;
      else return false;
      return true;
    }

    #render(): void {
      if (!this.#connected) return;
      this.#root ??= createRoot(this.shadowRoot as ShadowRoot);
      // The props are copied because React keeps the object it is given as the element's props.
      this.#root.render(
        jsxs(Fragment, { children: [fallbackStyles, jsx(component, { ...this[props] } as Props)] }),
      );
    }

    connectedCallback(): void {
      this.#connected = true;
      this.#render();
    }

    disconnectedCallback(): void {
      this.#connected = false;
      this.#root?.unmount();
      this.#root = undefined;
    }

    attributeChangedCallback(name: string, _old: string | null, text: string | null): void {
      if (this.#read(name, text)) this.#render();
    }
  }

  for (const [attribute, [prop, type]] of attributes) {
    Object.defineProperty(PlateiaElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      // A boolean prop always equals its attribute's presence (#read keeps it so), which
      // makes boolean properties reflect like `dialog.open`.
      get(this: PlateiaElement) {
        return this[props][prop];
      },
      set(this: PlateiaElement, value: unknown) {
        if (type === 'boolean') {
          this.toggleAttribute(attribute, Boolean(value));
          return;
        }
        this[props][prop] = value;
        const text = type === 'number' ? `${value}` : (value as string | null | undefined);
        if (this.getAttribute(attribute) === text) return;
        if (text == null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, text);
      },
    });
  }

  return PlateiaElement;
}

/**
 * Registers an element class once: a second copy of the bundle on the same page, or a
 * second import, finds the tag taken and leaves it alone. Does nothing where there is no
 * `customElements` (server rendering). Returns the class registered under the tag.
 */
export function defineElement(
  tag: string,
  elementConstructor: PlateiaElementConstructor,
): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(tag);
  if (existing) return existing;
  customElements.define(tag, elementConstructor);
  return elementConstructor;
}
