/**
 * Shadow-root styling shared by every Plateia element.
 *
 * Styles are attached with constructable stylesheets (`adoptedStyleSheets`): one parsed
 * `CSSStyleSheet` per element type, shared by every instance on the page, and nothing is
 * added to the host page's own styles. Browsers without constructable stylesheets get a
 * `<style>` element rendered inside the shadow root instead (see {@link ShadowStyles}).
 */
import { createElement, type ReactNode } from 'react';
import themeCss from './theme.css?inline';

/** Whether this document can adopt constructable stylesheets into shadow roots. */
export const supportsAdoptedStyleSheets: boolean =
  typeof ShadowRoot !== 'undefined' &&
  'adoptedStyleSheets' in ShadowRoot.prototype &&
  typeof CSSStyleSheet !== 'undefined' &&
  'replaceSync' in CSSStyleSheet.prototype;

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
 * Adds the given styles to a shadow root, keeping any sheets already adopted there.
 * Returns false when the browser cannot adopt sheets, so the caller renders a fallback.
 */
export function adoptStyles(root: ShadowRoot, cssTexts: readonly string[]): boolean {
  if (!supportsAdoptedStyleSheets) return false;
  const wanted = cssTexts.map(sheetFor).filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (wanted.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...wanted];
  return true;
}

/**
 * Renders the fallback `<style>` elements when constructable stylesheets are missing,
 * and nothing otherwise. It lives inside the rendered tree (not appended beside it)
 * because React and Preact own every child of the root they render into.
 */
export function ShadowStyles({ cssTexts }: { cssTexts: readonly string[] }): ReactNode {
  if (supportsAdoptedStyleSheets) return null;
  return cssTexts.map((cssText, index) => createElement('style', { key: index }, cssText));
}

/**
 * An element's stylesheet preceded by the shared theme (`theme.css`: the `--plateia-*`
 * tokens and the resets), as the text of the one sheet its shadow root adopts.
 */
export function withTheme(elementCss: string): string {
  return themeCss + elementCss;
}
