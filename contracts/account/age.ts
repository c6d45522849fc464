/**
 * A child's age, computed from the date of birth so that it never goes stale. A workshop's age is
 * the child's age at its start (`date`); when a workshop holds several sessions, this is the one
 * function to change (to the first session's start).
 */

const schoolDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day of an instant on the school's clock, `YYYY-MM-DD`. */
export const schoolDayOf = (instant: string | Date): string => schoolDay.format(new Date(instant));

/** Whole years from `dateOfBirth` (`YYYY-MM-DD`) to the calendar day `day` (`YYYY-MM-DD`). */
export function yearsBetween(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** The age on the school's calendar day of `instant`. */
export const ageOn = (dateOfBirth: string, instant: string | Date): number =>
  yearsBetween(dateOfBirth, schoolDayOf(instant));

/** The age a child has at a workshop: at its start, on the school's calendar. */
export const ageAtWorkshop = (dateOfBirth: string, workshop: { date: string }): number =>
  ageOn(dateOfBirth, workshop.date);

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (no February 30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
