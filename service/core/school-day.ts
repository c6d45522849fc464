import { SCHOOL } from '../../contracts/core/school.js';

const day = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The school's calendar day of an instant (America/Chicago), as YYYY-MM-DD. */
export const schoolDay = (at: Date) => day.format(at);

/** YYYY-MM-DD a number of days after another (calendar days, no time zone involved). */
export function addDays(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD names a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
