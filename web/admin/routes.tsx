import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../core/lazyPage.js';

// The admin area is its own chunk: visitors never download it.
const AdminDashboardPage = lazyPage(() => import('./AdminDashboardPage.js'), 'AdminDashboardPage');
const EnrollmentTrackerPage = lazyPage(() => import('./EnrollmentTrackerPage.js'), 'EnrollmentTrackerPage');

/** Administrator routes: /admin and /admin/enrollments. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', element: <AdminDashboardPage /> },
  { path: 'admin/enrollments', element: <EnrollmentTrackerPage /> },
];
