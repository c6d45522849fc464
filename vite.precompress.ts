import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Files below this are served as they are: compressing them saves less than a header costs. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file of the build, once,
 * so the server sends them by content negotiation without compressing per request. Kept here
 * (a few lines of node:zlib) rather than a plugin: the maintained ones pull in far more.
 */
export function precompress(outDir: string): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      for await (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
        const bytes = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipAsync(bytes, { level: 9 }),
        ]);
        // A compressed form no smaller than the file is of no use.
        if (br.length < bytes.length) await writeFile(`${path}.br`, br);
        if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz);
      }
    },
  };
}
