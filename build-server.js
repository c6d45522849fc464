// @ts-check
/**
 * Compiles the service and what it imports (contracts/, platform/, projections/, service/) to
 * JavaScript in build/, one .js file per source file at the same relative path, so `node
 * build/service/main.js` runs without a compiler. Run by `npm run build`, after the web build.
 *
 * esbuild, because it is the transform the service ran under through tsx until now (same output,
 * only ahead of time) and takes about a second; types are checked by `tsc --noEmit` in `npm test`.
 * Not bundled: each file stays a module, so the adapters compose.ts imports on demand (KurrentDB,
 * MongoDB) are still loaded only when configured, and a stack trace names the source file.
 * build/, not dist/: dist/ is the web root the API serves, and the server's code is not for browsers.
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

// Another folder may be named (`node build-server.js .tmp/x`; tests do); it must sit inside the
// project so that the output finds node_modules and package.json's "type": "module".
const OUT_DIR = process.argv[2] ?? 'build';
const SOURCES = ['contracts', 'platform', 'projections', 'service'];

// A file removed or moved in the source must not linger in the output.
rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: SOURCES.flatMap((folder) => [`${folder}/**/*.ts`, `${folder}/**/*.tsx`]),
  outdir: OUT_DIR,
  outbase: '.',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
  logOverride: { 'empty-glob': 'silent' },
});
