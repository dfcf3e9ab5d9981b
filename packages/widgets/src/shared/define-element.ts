/**
 * Turns a React component into a Plateia custom element with r2wc
 * (`@r2wc/react-to-web-component`): r2wc renders the component into an open shadow root
 * through `react-dom/client` (Preact's compat layer in the script-tag build), maps
 * kebab-case attributes to camelCase props and writes properties back to attributes. On
 * top of it this adds the element's styles, adopted into the shadow root, HTML boolean
 * attributes and a guarded registration. Every Preact-side element (login, checkout,
 * seat picker) goes through here so they behave alike.
 */
import r2wc from '@r2wc/react-to-web-component';
import { type ComponentType, createElement, Fragment } from 'react';
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

// r2wc keeps an element's props and its render under these registry symbols (`@r2wc/core`).
const props = Symbol.for('r2wc.props');
const render = Symbol.for('r2wc.render');

interface R2wcElement extends HTMLElement {
  [props]: Record<string, unknown>;
  [render](): void;
  attributeChangedCallback(name: string, old: string | null, text: string | null): void;
}

const toKebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The base class an element file extends (`class PlateiaLogin extends elementClass(…)`),
 * so each element is a named class the manifest analyzer can read. It is r2wc's element
 * (`shadow: 'open'`, the string and number attributes as r2wc maps them: read when not
 * empty, a removed one keeps its prop, setting the property writes the attribute,
 * attribute changes render at once, even before the element is inserted), with:
 * - the styles parsed once per element type into constructable sheets adopted by every
 *   instance's shadow root (or, without `adoptedStyleSheets`, `<style>` elements rendered
 *   first inside the component tree);
 * - boolean attributes the HTML way (r2wc reads "true"/"false" texts): present, with any
 *   value, is true; absent is false; the property toggles the attribute, like `dialog.open`.
 * On the server (no `HTMLElement`) it returns an empty class, so importing is harmless.
 */
export function elementClass<Props extends object>(
  definition: ElementDefinition<Props>,
): PlateiaElementConstructor {
  if (typeof HTMLElement === 'undefined') return class ServerPlaceholder {} as PlateiaElementConstructor;
  const { component, styles } = definition;
  const types = Object.entries(definition.attributes) as [string, AttributeType][];
  /** Boolean attribute name → prop. */
  const booleans = new Map(
    types.filter(([, type]) => type === 'boolean').map(([prop]) => [toKebab(prop), prop]),
  );
  // Where sheets cannot be adopted, the <style> elements go first inside the rendered tree
  // (a sibling would be removed by React/Preact, which own the root).
  const fallbackStyles = supportsAdoptedStyleSheets ? null : styleElements(styles);
  const rendered: ComponentType<Props & ElementHostProps> = fallbackStyles
    ? (componentProps) =>
        createElement(Fragment, null, fallbackStyles, createElement(component, componentProps))
    : component;
  const Base = r2wc(rendered as ComponentType<object>, {
    shadow: 'open',
    props: Object.fromEntries(types.map(([prop, type]) => [prop, type === 'boolean' ? 'string' : type])),
  }) as unknown as new () => R2wcElement;
  let sheets: CSSStyleSheet[] | undefined;

  class PlateiaElement extends Base {
    constructor() {
      super();
      for (const [attribute, prop] of booleans) this[props][prop] = this.hasAttribute(attribute);
      if (supportsAdoptedStyleSheets) {
        (this.shadowRoot as ShadowRoot).adoptedStyleSheets = sheets ??= styleSheets(styles);
      }
    }

    override attributeChangedCallback(name: string, old: string | null, text: string | null): void {
      const prop = booleans.get(name);
      if (prop === undefined) {
        super.attributeChangedCallback(name, old, text);
      } else if (this[props][prop] !== (text !== null)) {
        this[props][prop] = text !== null;
        this[render]();
      }
    }
  }

  for (const [attribute, prop] of booleans) {
    Object.defineProperty(PlateiaElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: PlateiaElement) {
        return this[props][prop];
      },
      set(this: PlateiaElement, value: unknown) {
        this.toggleAttribute(attribute, Boolean(value));
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
