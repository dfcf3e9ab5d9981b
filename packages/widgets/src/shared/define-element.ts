/**
 * Turns a React component into a Plateia custom element: an open shadow root, the
 * element's styles adopted into it, kebab-case attributes mirroring camelCase props, and
 * a guarded registration. Every element (login, buy button, cart bar, checkout, seat
 * picker) goes through here so they behave alike.
 */
import r2wc from '@r2wc/react-to-web-component';
import { type ComponentType, createElement, Fragment, type ReactNode } from 'react';
import { adoptStyles, ShadowStyles } from './styles.ts';

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

/**
 * The base class an element file extends (`class PlateiaLogin extends elementClass(…)`),
 * so each element is a named class the manifest analyzer can read. r2wc renders the
 * component and maps string and number attributes; boolean attributes are handled here
 * because r2wc reads booleans as the words "true"/"false" and ignores a bare `open`.
 * On the server (no `HTMLElement`) it returns an empty class, so importing is harmless.
 */
export function elementClass<Props extends object>(
  definition: ElementDefinition<Props>,
): PlateiaElementConstructor {
  if (typeof HTMLElement === 'undefined') return class ServerPlaceholder {} as PlateiaElementConstructor;
  const { component, styles } = definition;
  const entries = Object.entries(definition.attributes) as [string, AttributeType][];
  const booleanAttributes = new Map(
    entries.filter(([, type]) => type === 'boolean').map(([prop]) => [toKebab(prop), prop]),
  );

  // The fallback <style> must be part of the rendered tree: React and Preact own every
  // child of their root and would remove a sibling added beside it.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per element type at definition, never per render.
  function Styled(props: Props & ElementHostProps): ReactNode {
    return createElement(
      Fragment,
      null,
      createElement(ShadowStyles, { cssTexts: styles }),
      createElement(component, props),
    );
  }
  Styled.displayName = `Styled(${component.displayName ?? component.name})`;

  const Base = r2wc(Styled, {
    shadow: 'open',
    props: definition.attributes as Partial<
      Record<Exclude<keyof Props, 'container'> & string, AttributeType>
    >,
  }) as unknown as new () => HTMLElement & {
    attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  };

  class PlateiaElement extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, styles);
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      // r2wc skips empty and removed values; hand it the words its boolean parser knows.
      if (booleanAttributes.has(name)) {
        super.attributeChangedCallback(name, old, value === null ? 'false' : 'true');
        return;
      }
      super.attributeChangedCallback(name, old, value);
    }
  }

  // Boolean properties reflect to present/absent attributes, like `dialog.open`.
  for (const [attribute, prop] of booleanAttributes) {
    Object.defineProperty(PlateiaElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.hasAttribute(attribute);
      },
      set(this: HTMLElement, value: unknown) {
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
