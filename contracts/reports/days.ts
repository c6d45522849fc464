import { SCHOOL } from '../core/school.js';

const day = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The school's calendar day (America/Chicago) of an instant with its offset, as YYYY-MM-DD: the day a report counts it on. */
export const schoolDayOf = (instant: string): string => day.format(new Date(instant));

/** Whether a YYYY-MM-DD names a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
