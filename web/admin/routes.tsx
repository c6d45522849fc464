import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

// The admin area is its own chunk: visitors never download it.
const AdminDashboardPage = lazy(async () => ({ default: (await import('./AdminDashboardPage.js')).AdminDashboardPage }));
const EnrollmentTrackerPage = lazy(async () => ({ default: (await import('./EnrollmentTrackerPage.js')).EnrollmentTrackerPage }));

/** Administrator routes: /admin and /admin/enrollments. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', element: <AdminDashboardPage /> },
  { path: 'admin/enrollments', element: <EnrollmentTrackerPage /> },
];
