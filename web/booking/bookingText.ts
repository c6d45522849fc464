import type { BookingRefund } from '../../contracts/booking/api.js';

const onSchoolClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A deadline as the school's clock reads it, e.g. "Saturday, June 7, 2025 at 6:00 PM CDT". */
export const deadlineText = (instant: string) => onSchoolClock.format(new Date(instant));

export const REFUND_STATUS_TEXT: Record<BookingRefund['status'], string> = {
  pending: 'on its way',
  issued: 'issued',
  failed: 'delayed: we are on it',
};
