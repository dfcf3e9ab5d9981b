/**
 * Finishes the storefront's client build for serving: puts the widgets' script-tag build
 * under `/embed/` (and `/embed/v1/`) as plain static files, and writes a brotli (`.br`,
 * quality 11) and a gzip (`.gz`, level 9) copy beside every compressible file, so the
 * server picks one by `Accept-Encoding` without compressing anything per request.
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { EMBED_MAJOR_PATH } from '../lib/embed-assets.ts';
import { COMPRESSIBLE, MIN_COMPRESS_BYTES } from './static-assets.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Copies the widgets' `dist/embed` to `<client>/embed` and `<client>/embed/v1`; false when it is not built. */
export function copyEmbedBundle(clientDir: string, embedDir: string): boolean {
  if (!existsSync(embedDir)) return false;
  cpSync(embedDir, join(clientDir, 'embed'), { recursive: true });
  cpSync(embedDir, join(clientDir, 'embed', EMBED_MAJOR_PATH), { recursive: true });
  return true;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`, when smaller; returns how many files. */
export async function precompress(dir: string): Promise<number> {
  const files = filesUnder(dir).filter(
    (file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_COMPRESS_BYTES,
  );
  await Promise.all(
    files.map(async (file) => {
      const body = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      if (br.length < body.length) writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    }),
  );
  return files.length;
}
