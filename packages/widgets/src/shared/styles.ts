/**
 * Shadow-root styling shared by every Plateia element.
 *
 * Styles are attached with constructable stylesheets (`adoptedStyleSheets`): one parsed
 * `CSSStyleSheet` per element type, shared by every instance on the page, and nothing is
 * added to the host page's own styles. Browsers without constructable stylesheets get a
 * `<style>` element rendered inside the shadow root instead (see {@link ShadowStyles}).
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

// Parsing is the costly part, so one sheet per distinct CSS text is reused by every root.
const sheets = new Map<string, CSSStyleSheet>();

/** The shared constructable sheet for `cssText`, created on first use. */
export function sheetFor(cssText: string): CSSStyleSheet {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  return sheet;
}

/**
 * Gives a new shadow root the shared sheets of the given styles. Where the browser cannot
 * adopt sheets it does nothing, and {@link ShadowStyles} renders the fallback.
 */
export function adoptStyles(root: ShadowRoot, cssTexts: readonly string[]): void {
  if (supportsAdoptedStyleSheets) root.adoptedStyleSheets = cssTexts.map(sheetFor);
}

/**
 * Renders the fallback `<style>` elements when constructable stylesheets are missing,
 * and nothing otherwise. It lives inside the rendered tree (not appended beside it)
 * because React and Preact own every child of the root they render into.
 */
export function ShadowStyles({ cssTexts }: { cssTexts: readonly string[] }): ReactNode {
  if (supportsAdoptedStyleSheets) return null;
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
