import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../core/lazyPage.js';

const LeaveWaitlistPage = lazyPage(() => import('./LeaveWaitlistPage.js'), 'LeaveWaitlistPage');

/** The waitlist's own page: leaving it from the e-mail's link. */
export const waitlistRoutes: RouteObject[] = [{ path: 'waitlist/leave', element: <LeaveWaitlistPage /> }];
