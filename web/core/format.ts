import { SCHOOL } from '../../contracts/core/school.js';

/**
 * Dates, times and money as the school states them: its own time zone (America/Chicago)
 * whatever the visitor's, US English, dollars without cents.
 */
const TZ = SCHOOL.timeZone;

const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
const longDate = new Intl.DateTimeFormat('en-US', { ...LONG_DATE, timeZone: TZ });
const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: TZ, year: 'numeric', month: 'long', day: 'numeric' });
const time12 = new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit', hour12: true });
const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const zonedLongDates = new Map<string, Intl.DateTimeFormat>();

/** "Saturday, June 7, 2025" for an instant, in the school's zone (or a workshop's location's, issue 41). */
export function formatLongDate(instant: string | Date, timeZone?: string): string {
  if (!timeZone || timeZone === TZ) return longDate.format(new Date(instant));
  let f = zonedLongDates.get(timeZone);
  if (!f) zonedLongDates.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { ...LONG_DATE, timeZone })));
  return f.format(new Date(instant));
}

/** "June 7, 2025" for an instant, in the school's zone (a schedule's dates, where the weekday is noise). */
export function formatDate(instant: string | Date): string {
  return monthDay.format(new Date(instant));
}

/** "12:30 PM" for an instant, in the school's zone. */
export function formatTime(instant: string | Date): string {
  return time12.format(new Date(instant));
}

/** "$225" */
export function formatMoney(amount: number): string {
  return usd.format(amount);
}

/** The school-zone calendar day of an instant, as "YYYY-MM-DD". */
export function dayKeyOf(instant: string | Date): string {
  return dayKeyFormat.format(new Date(instant));
}

const yearFormat = new Intl.DateTimeFormat('en-US', { timeZone: TZ, year: 'numeric' });

/** The year of an instant on the school's calendar. */
export function yearOf(instant: Date): string {
  return yearFormat.format(instant);
}

/** Today in the school's zone, as "YYYY-MM-DD". */
export function todayKey(now: Date = new Date()): string {
  return dayKeyOf(now);
}

/** "Saturday, June 7, 2025" for a calendar day "YYYY-MM-DD" (no zone: a day is a day). */
export function formatDayKey(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  if (!y || !m || !d) return key;
  const noonUtc = new Date(Date.UTC(y, m - 1, d, 12));
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(noonUtc);
}

/** "May 10, 2016" for a date of birth "YYYY-MM-DD" (no weekday, no zone: a day is a day). */
export function formatBirthDate(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  if (!y || !m || !d) return key;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

export function isDayKey(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
