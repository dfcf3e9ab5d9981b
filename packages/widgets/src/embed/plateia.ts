/**
 * Entry of `dist/embed/plateia.js`. The build replaces the two constants below with the
 * package version and the element-to-module map it just produced.
 */
import { findLoaderScript, startLoader } from './loader.ts';

declare const __PLATEIA_VERSION__: string;
declare const __PLATEIA_ELEMENTS__: Record<string, string>;

if (typeof document !== 'undefined') {
  startLoader(
    { version: __PLATEIA_VERSION__, elements: __PLATEIA_ELEMENTS__ },
    { script: findLoaderScript(), importModule: (url) => import(/* @vite-ignore */ url) },
  );
}
