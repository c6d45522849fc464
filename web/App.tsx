import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { adminRoutes } from './admin/routes.js';
import { HomePage } from './catalogue/HomePage.js';
import { enrollmentRoutes } from './enrollment/routes.js';
import { waitlistRoutes } from './waitlist/routes.js';
import { policyRoutes } from './policies/routes.js';
import { lazyPage, lazyPageOf } from './core/lazyPage.js';
import { queryKeys } from './core/queryKeys.js';
import type { RouteHandle } from './core/routeHandle.js';
import { SchoolLocale } from './core/SchoolLocale.js';
import { SiteProvider, type SiteInfo } from './core/site.js';
import { bookingRoutes } from './booking/routes.js';
import { Layout } from './layout/Layout.js';
import { RouteError } from './layout/RouteError.js';

const AboutPage = lazyPage(() => import('./site/AboutPage.js'), 'AboutPage');
const ProgramsPage = lazyPage(() => import('./catalogue/ProgramsPage.js'), 'ProgramsPage');
const ProgramDetailPage = lazyPage(() => import('./catalogue/ProgramDetailPage.js'), 'ProgramDetailPage');
// The schedule carries the calendar and @internationalized/date; nothing else should load them.
const SchedulePage = lazyPage(() => import('./catalogue/SchedulePage.js'), 'SchedulePage');
const EventsPage = lazyPage(() => import('./catalogue/EventsPage.js'), 'EventsPage');
const ContactPage = lazyPage(() => import('./inquiries/ContactPage.js'), 'ContactPage');
const NotFound = lazyPage(() => import('./site/NotFound.js'), 'NotFound');

const workshopsData: RouteHandle = { prefetch: () => [queryKeys.workshops()], islands: true };
const asIslands: RouteHandle = { islands: true };

export const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: asIslands },
  { path: 'about', element: <AboutPage /> },
  { path: 'programs', element: <ProgramsPage />, handle: { prefetch: () => [queryKeys.programs()], islands: true } },
  {
    path: 'program/:slug',
    element: <ProgramDetailPage />,
    handle: { prefetch: ({ slug = '' }) => [queryKeys.program(slug)], islands: true } satisfies RouteHandle,
  },
  { path: 'contact', element: <ContactPage /> },
  { path: 'schedule', element: <SchedulePage />, handle: workshopsData },
  { path: 'scheduling', element: <SchedulePage />, handle: workshopsData },
  { path: 'events', element: <EventsPage />, handle: workshopsData },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          ...enrollmentRoutes,
          ...waitlistRoutes,
          ...policyRoutes,
          ...bookingRoutes,
          ...adminRoutes,
          { path: '*', element: <NotFound />, handle: asIslands },
        ],
      },
    ],
  },
];

/** The routes a location opens: the reads they need, and their lazy pages loaded (server and client alike). */
export async function prepareRoutes(location: string) {
  const matches = matchRoutes(routes, location) ?? [];
  const handles = matches.map((m) => m.route.handle as RouteHandle | undefined);
  const prefetch = matches.flatMap((m, i) => handles[i]?.prefetch?.(m.params) ?? []);
  const pages = matches.flatMap((m) => lazyPageOf(m.route.element) ?? []);
  await Promise.all(pages.map((p) => p.preload()));
  return { prefetch, pages: pages.map((p) => p.pageName), islands: handles.at(-1)?.islands === true };
}

/**
 * The providers every page renders in, the same on the server and in the browser (so the trees,
 * and the ids `useId` gives, match when the client hydrates), in the school's locale.
 */
export function App({ router, queryClient, site }: { router: ReactNode; queryClient: QueryClient; site: SiteInfo }) {
  return (
    <SchoolLocale>
      <QueryClientProvider client={queryClient}>
        <SiteProvider value={site}>{router}</SiteProvider>
      </QueryClientProvider>
    </SchoolLocale>
  );
}
