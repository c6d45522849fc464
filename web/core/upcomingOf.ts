import { UPCOMING_BOOKINGS_CODE, type UpcomingBooking } from '../../contracts/privacy/api.js';
import { isApiError } from './api.js';

/** The paid classes ahead an erasure's 409 named, or null when the refusal was something else. */
export function upcomingOf(err: unknown): UpcomingBooking[] | null {
  if (!isApiError(err, 409)) return null;
  try {
    const body = JSON.parse(err.bodyText) as { code?: string; upcoming?: UpcomingBooking[] };
    return body.code === UPCOMING_BOOKINGS_CODE && body.upcoming ? body.upcoming : null;
  } catch {
    return null;
  }
}
