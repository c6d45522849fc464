import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../core/lazyPage.js';

// The admin area is its own chunk: visitors never download it.
const AdminDashboardPage = lazyPage(() => import('./AdminDashboardPage.js'), 'AdminDashboardPage');
const EnrollmentTrackerPage = lazyPage(() => import('./EnrollmentTrackerPage.js'), 'EnrollmentTrackerPage');
const EnrollmentDetailPage = lazyPage(() => import('./EnrollmentDetailPage.js'), 'EnrollmentDetailPage');

/** Administrator routes: /admin, /admin/enrollments and one enrollment's page. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', element: <AdminDashboardPage /> },
  { path: 'admin/enrollments', element: <EnrollmentTrackerPage /> },
  { path: 'admin/enrollments/:id', element: <EnrollmentDetailPage /> },
];
