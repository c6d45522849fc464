import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { adminRoutes } from './admin/routes.js';
import { HomePage } from './catalogue/HomePage.js';
import { enrollmentRoutes } from './enrollment/routes.js';
import { waitlistRoutes } from './waitlist/routes.js';
import { policyRoutes } from './policies/routes.js';
import { bookingRoutes } from './booking/routes.js';
import { lazyPage } from './core/lazyPage.js';
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

export const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'about', element: <AboutPage /> },
  { path: 'programs', element: <ProgramsPage /> },
  { path: 'program/:slug', element: <ProgramDetailPage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'schedule', element: <SchedulePage /> },
  { path: 'scheduling', element: <SchedulePage /> },
  { path: 'events', element: <EventsPage /> },
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
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
