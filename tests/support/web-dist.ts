import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface WebDist {
  dir: string;
  html: string;
  /** A hashed script with its .br and .gz beside it, as the build writes them. */
  script: { path: string; bytes: Buffer };
  remove(): void;
}

/** A built web folder in small: the HTML shell (over 1 KB, as the real one) and one precompressed asset. */
export function makeWebDist(): WebDist {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const html = `<!doctype html><html lang="en"><head><title>Etiquette</title>${'<meta name="x" content="padding">'.repeat(40)}</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;
  writeFileSync(join(dir, 'index.html'), html);
  const bytes = Buffer.from(
    `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`,
  );
  const file = join(dir, 'assets', 'index-abc123.js');
  writeFileSync(file, bytes);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes));
  writeFileSync(`${file}.gz`, gzipSync(bytes));
  return {
    dir,
    html,
    script: { path: '/assets/index-abc123.js', bytes },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
