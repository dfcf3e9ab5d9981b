/**
 * Every file a doc names exists. The README and `docs/` are the contract a newcomer reads
 * first; a page that points at a moved or deleted file sends them nowhere. This test reads
 * the README and every page under `docs/`, collects each relative Markdown link and each
 * path written in backticks, and fails on those that name nothing in the repository.
 *
 * A link resolves from its page's folder. A path in backticks is often written from its
 * package (`rules/cart.ts` on the core's page, `src/jobs/runner.ts` on the API host's), so
 * it counts as found when the repository has a file or folder ending with it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const SKIPPED = new Set(['node_modules', '.git', 'dist', '.astro', '.tools', '.data']);
/** What builds and the first start write (ignored by git): a doc may name it, no clone holds it. */
const GENERATED = /^(?:\.\/)?(?:dist|\.data|\.tools|node_modules|\.astro)\//;

function repositoryPaths(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    const rel = relative(ROOT, path).split('\\').join('/');
    if (entry.isDirectory()) {
      into.push(`${rel}/`);
      repositoryPaths(path, into);
    } else {
      into.push(rel);
    }
  }
  return into;
}

const FILE_EXTENSIONS = 'ts|tsx|mts|mjs|cjs|js|json|md|astro|css|sql|html|yml|yaml|sh|svg|png|txt';
/** A relative path in backticks: folders and a file with a known extension, no globs or placeholders. */
const PATH_IN_BACKTICKS = new RegExp(
  `^(?:\\.{1,2}/)?[\\w@.\\-\\[\\]]+(?:/[\\w@.\\-\\[\\]]+)*(?:\\.(?:${FILE_EXTENSIONS})|/)$`,
);

function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name));
  return [join(ROOT, 'README.md'), ...docs];
}

/** Text outside fenced code blocks: examples in them are shell and host pages, not the repository. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

function linksOf(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

function backtickedPathsOf(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.includes('/') && !text.startsWith('/') && PATH_IN_BACKTICKS.test(text));
}

describe('the docs name files that exist', () => {
  const paths = repositoryPaths(ROOT);
  const existsAnywhere = (written: string): boolean => {
    const suffix = written.replace(/^(\.{1,2}\/)+/, '');
    return paths.some((path) => path === suffix || path.endsWith(`/${suffix}`));
  };

  for (const page of pages()) {
    const name = relative(ROOT, page);
    it(name, () => {
      const text = prose(readFileSync(page, 'utf8'));
      const broken = [
        ...linksOf(text)
          .filter((target) => !existsSync(resolve(dirname(page), decodeURI(target))))
          .map((target) => `link ${target}`),
        ...backtickedPathsOf(text)
          .filter((written) => !GENERATED.test(written) && !existsAnywhere(written))
          .map((written) => `path \`${written}\``),
      ];
      expect([...new Set(broken)]).toEqual([]);
    });
  }
});

describe('the code points at docs pages that exist', () => {
  const SOURCE = /\.(?:ts|tsx|mjs|astro|css)$/;
  it('every `docs/<page>.md` named in a source file or test', () => {
    const named = repositoryPaths(ROOT)
      .filter((path) => SOURCE.test(path))
      .flatMap((path) =>
        [...readFileSync(join(ROOT, path), 'utf8').matchAll(/\bdocs\/([\w-]+\.md)/g)].map(
          (match) => `${path}: docs/${match[1]}`,
        ),
      );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((entry) => !existsSync(join(ROOT, entry.split(': ')[1] ?? '')))).toEqual([]);
  });
});
