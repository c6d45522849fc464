import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../core/lazyPage.js';

const BookingPage = lazyPage(() => import('./BookingPage.js'), 'BookingPage');

/** The parent's own booking page, opened from the signed link in every e-mail. */
export const bookingRoutes: RouteObject[] = [{ path: 'booking/:token', element: <BookingPage /> }];
