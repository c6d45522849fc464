import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { NOT_FOUND_PAGE, PAGES, matchPage, type Page } from '../../contracts/site/pages.js';
import { lazyPageOf } from '../../web/core/lazyPage.js';
import type { RouteHandle } from '../../web/core/routeHandle.js';
import { prepareRoutes, routes } from '../../web/routes.js';

/** A path that opens the page: its parameters filled in. */
const examplePath = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => `some-${name}`);

/** The manifest entry of the route react-router picks for a path. */
const routedPage = (path: string) => (matchRoutes(routes, path)?.at(-1)?.route.handle as RouteHandle | undefined)?.page;

describe('the app’s routes, derived from the page manifest', () => {
  it('given every page’s path, then react-router opens the same page as the server’s matching', () => {
    for (const page of PAGES as readonly Page[]) {
      const path = examplePath(page.path);
      for (const variant of [path, path.toUpperCase(), `${path}/`.replace('//', '/')]) {
        expect(routedPage(variant), variant).toBe(matchPage(variant)?.route);
      }
    }
  });

  it('given a path the site does not have, then the router opens Not Found where the server finds no page', () => {
    for (const path of ['/nope', '/about/x', '/program', '/program/a/b', '/admin/workshops/1']) {
      expect(matchPage(path), path).toBeNull();
      expect(routedPage(path), path).toBe(NOT_FOUND_PAGE);
    }
  });

  it('given every page, then its module loads and exports its component under the file’s name', async () => {
    const seen = new Set<string>();
    for (const match of matchRoutes(routes, '/')![0]!.route.children![0]!.children!) {
      const lazy = lazyPageOf(match.element)!;
      expect(lazy, String(match.path)).toBeDefined();
      await lazy.preload();
      seen.add(lazy.module);
    }
    expect([...seen].sort()).toEqual([...new Set([...PAGES, NOT_FOUND_PAGE].map((p) => p.module))].sort());
  }, 60_000);

  it('given a location, then its page is loaded and each read the manifest names comes with the query key the app reads it under', async () => {
    expect(await prepareRoutes('/program/manners-and-me')).toMatchObject({
      page: { path: '/program/:slug' },
      reads: [
        { read: 'findProgram', params: { slug: 'manners-and-me' }, key: ['/api/programs/manners-and-me'] },
        // Its upcoming classes.
        { read: 'listWorkshops', key: ['/api/workshops'] },
        // Its published reviews.
        {
          read: 'listProgramReviews',
          params: { slug: 'manners-and-me' },
          key: ['/api/programs/manners-and-me/reviews'],
        },
        // Its classes grouped by location (issue 41).
        { read: 'listLocations', key: ['/api/locations'] },
      ],
      modules: ['catalogue/ProgramDetailPage.tsx'],
    });
    // The schedule's location filter reads the locations (issue 41).
    expect((await prepareRoutes('/schedule')).reads.map((r) => r.key)).toEqual([
      ['/api/workshops'],
      ['/api/programs'],
      ['/api/locations'],
    ]);
    expect((await prepareRoutes('/locations/el-paso')).reads.map((r) => r.key)).toEqual([
      ['/api/locations/el-paso'],
      ['/api/workshops'],
    ]);
    expect((await prepareRoutes('/terms')).reads.map((r) => r.key)).toEqual([['/api/policies']]);
    expect(await prepareRoutes('/no-such-page')).toMatchObject({
      page: NOT_FOUND_PAGE,
      reads: [],
      modules: ['site/NotFound.tsx'],
    });
  });
});
