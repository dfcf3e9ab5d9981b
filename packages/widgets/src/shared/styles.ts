/**
 * Shadow-root styling shared by every Plateia element.
 *
 * Styles are attached with constructable stylesheets (`adoptedStyleSheets`): one parsed
 * `CSSStyleSheet` per element type, shared by every instance on the page, and nothing is
 * added to the host page's own styles. Browsers without constructable stylesheets get a
 * `<style>` element rendered inside the shadow root instead (see {@link styleElements}).
 */
import type { ReactNode } from 'react';
import { jsx } from 'react/jsx-runtime';
import themeCss from './theme.css?inline';
import tokensCss from './tokens.css?inline';

/**
 * Whether this document can adopt constructable stylesheets into shadow roots (engines
 * shipped `adoptedStyleSheets` together with `new CSSStyleSheet()` and `replaceSync`).
 */
export const supportsAdoptedStyleSheets: boolean =
  typeof ShadowRoot !== 'undefined' && 'adoptedStyleSheets' in ShadowRoot.prototype;

/**
 * Constructable sheets holding `cssTexts`. Parsing is the costly part, so an element type
 * makes its sheets once and every one of its shadow roots adopts the same ones.
 */
export function styleSheets(cssTexts: readonly string[]): CSSStyleSheet[] {
  return cssTexts.map((cssText) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    return sheet;
  });
}

/**
 * The fallback `<style>` elements for browsers without constructable stylesheets. They go
 * inside the rendered tree (not appended beside it) because React and Preact own every
 * child of the root they render into.
 */
export function styleElements(cssTexts: readonly string[]): ReactNode {
  return cssTexts.map((cssText, index) => jsx('style', { children: cssText }, index));
}

/**
 * An element's stylesheet preceded by the shared theme (`tokens.css`: the `--plateia-*`
 * tokens and the resets, which the light elements share too; `theme.css`: the controls),
 * as the text of the one sheet its shadow root adopts.
 */
export function withTheme(elementCss: string): string {
  return tokensCss + themeCss + elementCss;
}
