import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../core/lazyPage.js';

const LeaveWaitlistPage = lazyPage(() => import('./LeaveWaitlistPage.js'), 'LeaveWaitlistPage');
const ConfirmWaitlistPage = lazyPage(() => import('./ConfirmWaitlistPage.js'), 'ConfirmWaitlistPage');

/** The waitlist's own pages, opened from the e-mails' links: confirming a place, leaving the list. */
export const waitlistRoutes: RouteObject[] = [
  { path: 'waitlist/leave', element: <LeaveWaitlistPage /> },
  { path: 'waitlist/confirm', element: <ConfirmWaitlistPage /> },
];
