// `npm run bench`: runs every benchmark script (`packages/*/bench/*.bench.ts`, `e2e/bench/*.bench.ts`)
// one after another, each printing its own figures and checking them against budgets.json.
// A benchmark exits non-zero when a budget it checks is exceeded.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const only = process.argv[2];
const dirs = [
  ...readdirSync(join(root, 'packages')).map((name) => join('packages', name, 'bench')),
  join('e2e', 'bench'),
];
const scripts = dirs
  .filter((dir) => existsSync(join(root, dir)))
  .flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((file) => file.endsWith('.bench.ts') || file.endsWith('.bench.mjs'))
      .map((file) => join(dir, file)),
  )
  .filter((file) => !only || file.includes(only));

let failures = 0;
for (const script of scripts) {
  console.log(`\n[bench] ${script}`);
  const result = spawnSync(process.execPath, [join(root, script)], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) failures++;
}
console.log(`\n[bench] ${scripts.length - failures} of ${scripts.length} benchmarks within budget`);
process.exit(failures === 0 ? 0 : 1);
