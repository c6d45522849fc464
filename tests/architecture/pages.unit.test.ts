import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSources } from './imports.js';
import { pagesDeclaredOutsideManifest, type SourceText } from './pages.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const LAYERS = ['contracts', 'platform', 'projections', 'service', 'web'] as const;

describe('pages are declared in the manifest only', () => {
  it('given every source file, then no page is declared outside contracts/site/pages.ts', () => {
    const files = readSources(root, LAYERS).map(({ path }) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(pagesDeclaredOutsideManifest(files)).toEqual([]);
  }, 30_000);
});

describe('the rule itself', () => {
  const file = (path: string, text: string): SourceText => ({ path, text });

  it('given a slice’s routes.tsx declaring a route object, then it is refused, whether or not the manifest has the page', () => {
    const found = pagesDeclaredOutsideManifest([
      file(
        'web/gallery/routes.tsx',
        `import type { RouteObject } from 'react-router-dom';
export const galleryRoutes: RouteObject[] = [
  { path: 'gallery', element: <GalleryPage /> },
  { path: 'about', element: <AboutPage /> },
];`,
      ),
    ]);
    expect(found).toEqual([
      'web/gallery/routes.tsx:3 a route object (web/routes.tsx makes them from contracts/site/pages.ts)',
      'web/gallery/routes.tsx:4 a route object (web/routes.tsx makes them from contracts/site/pages.ts)',
    ]);
  });

  it('given web/routes.tsx writing a path out instead of taking it from the manifest, then it is refused', () => {
    const found = pagesDeclaredOutsideManifest([
      file('web/routes.tsx', `const extra = { path: 'gallery', element: <Gallery />, handle };`),
      file(
        'web/routes.tsx',
        `const derived = PAGES.map((page) => ({ path: page.path.slice(1), element: <P />, handle }));`,
      ),
    ]);
    expect(found).toEqual(["web/routes.tsx:1 a route object with its own path 'gallery'"]);
  });

  it('given a new PAGE_ROUTES-like table in the service or contracts (paths, route objects, a robots list, a URL map), then each is refused', () => {
    const found = pagesDeclaredOutsideManifest([
      file('service/site/ssr-pages.ts', `export const SSR_PATHS = ['/', '/about', '/schedule'];`),
      file(
        'contracts/site/extra.ts',
        `export const PAGE_ROUTES = [{ path: '/events', kind: 'public' }, { path: '/program/:slug' }];`,
      ),
      file('service/site/robots.ts', `const DISALLOW = ['/admin', '/checkout/', '/api/'];`),
      file('service/site/titles.ts', `const TITLES = { '/terms': 'Terms', '/privacy': 'Privacy' };`),
    ]);
    expect(found).toEqual([
      'service/site/ssr-pages.ts:1 a table of pages (/, /about, /schedule)',
      'contracts/site/extra.ts:1 a table of pages (/events, /program/:slug)',
      'service/site/robots.ts:1 a table of pages (/admin, /checkout/)',
      'service/site/titles.ts:1 a table keyed by pages (/terms, /privacy)',
    ]);
  });

  it('given links and API routes (a menu of links, Hono routes, one form’s own page), then nothing is refused', () => {
    expect(
      pagesDeclaredOutsideManifest([
        file('web/layout/Nav.tsx', `const NAV = [{ to: '/', label: 'Home' }, { to: '/about', label: 'About' }];`),
        file('service/catalogue/routes.ts', `app.get('/programs', list); app.get('/workshops', list);`),
        file('service/inquiries/forms.ts', `const FORM = { path: '/contact', sent: '/contact?sent=contact' };`),
        file('contracts/site/pages.ts', `export const PAGES = [{ path: '/' }, { path: '/about' }];`),
      ]),
    ).toEqual([]);
  });
});
