import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app version, read at start from its one place: the root package.json's "version"
 * (the storefront's build injects the same value into core's version gate,
 * scripts/app-version.mjs). `GET /health` and the OpenAPI document report it.
 */
export const APP_VERSION: string = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8'),
).version;
