import { matchRoutes, type RouteObject } from 'react-router-dom';
import { NOT_FOUND_PAGE, PAGES, type Page } from '../contracts/site/pages.js';
import { lazyPage, lazyPageOf } from './core/lazyPage.js';
import { queryKeyOfRead, type RouteHandle } from './core/routeHandle.js';
import { Layout } from './layout/Layout.js';
import { RouteError } from './layout/RouteError.js';

/**
 * The modules pages may live in: a page's component is a file named `…Page.tsx` (or the Not Found
 * view), so the bundler makes each its own chunk, loaded when its page is first shown. Which of
 * them is a page, and where, is the manifest's to say (contracts/site/pages.ts).
 */
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>([
  './**/*Page.tsx',
  './site/NotFound.tsx',
  // The frame the policy pages share, not a page of its own.
  '!./policies/PolicyPage.tsx',
]);

function pageRoute(page: Page): RouteObject {
  const load = PAGE_MODULES[`./${page.module}`];
  if (!load) throw new Error(`The page ${page.path} names ${page.module}, which is no page module (web/**/*Page.tsx).`);
  const Page = lazyPage(page.module, load);
  const handle: RouteHandle = { page };
  // Paths as react-router writes children's: relative (`about`, `program/:slug`), the home page its index.
  return page.path === '/'
    ? { index: true, element: <Page />, handle }
    : { path: page.path.replace(/^\//, ''), element: <Page />, handle };
}

/** The app's routes, one per page of the manifest, in the layout, with Not Found for any other path. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError standalone />,
    children: [{ errorElement: <RouteError />, children: [...PAGES, NOT_FOUND_PAGE].map(pageRoute) }],
  },
];

/**
 * What a location shows, its page loaded (server and client alike, so hydration does not
 * suspend): its manifest entry and parameters, and each read the server loads for it with the
 * query key the app keeps it under.
 */
export async function prepareRoutes(location: string) {
  const matches = matchRoutes(routes, location) ?? [];
  const leaf = matches.at(-1);
  const page = (leaf?.route.handle as RouteHandle | undefined)?.page ?? NOT_FOUND_PAGE;
  const params = leaf?.params ?? {};
  const pages = matches.flatMap((m) => lazyPageOf(m.route.element) ?? []);
  await Promise.all(pages.map((p) => p.preload()));
  return {
    page,
    reads: (page.reads ?? []).map((read) => ({ read, params, key: queryKeyOfRead(read, params) })),
    modules: pages.map((p) => p.module),
  };
}
