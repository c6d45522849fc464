import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../../contracts/site/routes.js';

/** Every `path: '...'` the web app's router declares (App.tsx and the slices' route files). */
function webRoutePaths(): string[] {
  const files = ['web/App.tsx'];
  for (const slice of readdirSync('web', { withFileTypes: true }))
    if (slice.isDirectory())
      for (const f of readdirSync(join('web', slice.name)))
        if (f === 'routes.tsx' || f === 'routes.ts') files.push(join('web', slice.name, f));
  const paths = new Set<string>();
  for (const f of files)
    for (const m of readFileSync(f, 'utf8').matchAll(/path: '([^']+)'/g)) if (m[1] !== '*') paths.add(`/${m[1]}`);
  return [...paths].sort();
}

describe('page route table', () => {
  it('given the web app’s routes, then each one is in the server’s table, so none of them answers 404', () => {
    const known = new Set(PAGE_ROUTES.map((r) => r.path));
    const paths = webRoutePaths();
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !known.has(p))).toEqual([]);
  });
});
