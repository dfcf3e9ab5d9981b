// Generates custom-elements.json from the elements' JSDoc (@tag @attr @fires @csspart
// @cssprop) with @custom-elements-manifest/analyzer.
//   node build/manifest.mjs          writes packages/widgets/custom-elements.json
//   node build/manifest.mjs --check  exits 1 when the committed file is stale (npm test runs this)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { create, ts } from '@custom-elements-manifest/analyzer';

const packageDir = join(import.meta.dirname, '..');
const manifestFile = join(packageDir, 'custom-elements.json');

/** Every `src/elements/<name>/<name>.element.ts`, in a stable order. */
function elementFiles() {
  const elementsDir = join(packageDir, 'src', 'elements');
  return readdirSync(elementsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(elementsDir, entry.name, `${entry.name}.element.ts`))
    .sort();
}

/**
 * Elements extend `elementClass(…)`, a class factory the analyzer would list as a mixin
 * with a nameless superclass; to a consumer they are plain HTMLElements.
 */
function elementBasePlugin() {
  return {
    name: 'plateia-element-base',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (!declaration.customElement) continue;
          declaration.mixins = declaration.mixins?.filter((mixin) => mixin.name !== 'elementClass');
          if (declaration.mixins?.length === 0) delete declaration.mixins;
          declaration.superclass = { name: 'HTMLElement', package: 'global:' };
        }
      }
    },
  };
}

/** The manifest as text, exactly as it is committed. */
export function generateManifest() {
  const modules = elementFiles().map((file) =>
    ts.createSourceFile(relative(packageDir, file), readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true),
  );
  const manifest = create({ modules, plugins: [elementBasePlugin()], context: { dev: false } });
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

const generated = generateManifest();
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(manifestFile, 'utf8');
  } catch {
    // Missing counts as stale.
  }
  if (committed !== generated) {
    console.error(
      '[widgets] custom-elements.json is stale: run `node packages/widgets/build/manifest.mjs` and commit it.',
    );
    process.exit(1);
  }
  console.log('[widgets] custom-elements.json is up to date');
} else {
  writeFileSync(manifestFile, generated);
  console.log(`[widgets] wrote ${relative(process.cwd(), manifestFile)}`);
}
