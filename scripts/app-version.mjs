// The app version lives in one place, the root package.json's "version". Builds inject it
// (the storefront's Vite and the test runner define __PLATEIA_APP_VERSION__ for core's
// version gate); the API host reads the same file at start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app version from the root package.json. */
export const appVersion = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'),
).version;

/** The Vite/Vitest `define` entry that puts the app version into core's version gate. */
export const appVersionDefine = { __PLATEIA_APP_VERSION__: JSON.stringify(appVersion) };
