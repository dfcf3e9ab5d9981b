// The tag → module map the script-tag build writes into its loader (`plateia.js`), read
// back from the built file, so the benchmarks load and measure what a page really fetches
// for each element (modules are content-hashed under chunks/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Tag → module path relative to the loader (`chunks/seat-picker-Ab12.js`), from `embedDir/plateia.js`. */
export function loaderModules(embedDir: string): Map<string, string> {
  const code = readFileSync(join(embedDir, 'plateia.js'), 'utf8');
  const modules = new Map(
    [...code.matchAll(/["'`](plateia-[a-z-]+)["'`]:["'`]\.\/([^"'`]+)["'`]/g)].map(
      (match) => [match[1] ?? '', match[2] ?? ''] as const,
    ),
  );
  if (modules.size === 0) throw new Error(`No tag → module map found in ${join(embedDir, 'plateia.js')}`);
  return modules;
}
