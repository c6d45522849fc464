import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const DIST = resolve('dist');
const OUTPUTS = [
  join(DIST, 'index.html'),
  join(DIST, '.vite', 'manifest.json'),
  join(DIST, 'server', 'entry-server.js'),
];

function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The real web build (the browser's and the server renderer's), for tests of the rendered pages:
 * `npm run build` is run first when dist/ is missing or older than web/ or contracts/.
 */
export function builtWeb(): string {
  const built = OUTPUTS.every((f) => existsSync(f)) ? Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs)) : 0;
  const sources = Math.max(newestSource(resolve('web')), newestSource(resolve('contracts')));
  if (built < sources) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  return DIST;
}
