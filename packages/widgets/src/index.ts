/**
 * `@plateia/widgets`: every Plateia element. Importing this entry registers all of them;
 * import a single element's entry (`@plateia/widgets/login`) to register only that one.
 */

export * from './elements/login/index.ts';
export { type LoadPlateiaOptions, loadPlateia } from './embed/load-plateia.ts';
export type { PlateiaLoader } from './embed/loader.ts';
export {
  type AttributeType,
  defineElement,
  type ElementDefinition,
  type ElementHostProps,
  elementClass,
} from './shared/define-element.ts';
export * from './shared/events.ts';
