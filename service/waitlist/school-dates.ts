import { SCHOOL } from '../../contracts/core/school.js';

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Saturday, June 7, 2025 at 12:30 PM CDT": an instant as the school states it, in its own zone. */
export const formatLongDateTime = (instant: string | Date) => dateTime.format(new Date(instant));
