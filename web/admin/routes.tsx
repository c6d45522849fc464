import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../core/lazyPage.js';

// The admin area is its own chunk: visitors never download it.
const AdminDashboardPage = lazyPage(() => import('./AdminDashboardPage.js'), 'AdminDashboardPage');
const EnrollmentTrackerPage = lazyPage(() => import('./EnrollmentTrackerPage.js'), 'EnrollmentTrackerPage');
const RosterPage = lazyPage(() => import('./RosterPage.js'), 'RosterPage');
const EnrollmentDetailPage = lazyPage(() => import('./EnrollmentDetailPage.js'), 'EnrollmentDetailPage');

/** Administrator routes: /admin, the tracker, one enrollment's page and each workshop's roster. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', element: <AdminDashboardPage /> },
  { path: 'admin/enrollments', element: <EnrollmentTrackerPage /> },
  { path: 'admin/enrollments/:id', element: <EnrollmentDetailPage /> },
  { path: 'admin/workshops/:id/roster', element: <RosterPage /> },
];
