import { CalendarDateTime, fromDate, parseDate, getDayOfWeek, toZoned } from '@internationalized/date';
import { SCHOOL } from '../core/school.js';

/**
 * The school's clock (America/Chicago), for hours given as wall-clock times: a day's "09:00" is
 * an instant whose offset depends on the date (-06:00 in winter, -05:00 in summer), and on the day
 * the clocks change an hour is missing or repeated. Every conversion goes through the time zone
 * database (@internationalized/date), never through a fixed offset.
 */
const TZ = SCHOOL.timeZone;

/** The instant of `wall` ("09:00") on `date` ("2025-03-09") on the school's clock; a time the clocks skip reads as the one after the change. */
export function wallInstant(date: string, wall: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = wall.split(':').map(Number) as [number, number];
  return toZoned(new CalendarDateTime(y, m, d, h, min), TZ, 'later')
    .toDate()
    .getTime();
}

/** An instant as the API writes it: with the school's offset that day, "2025-03-10T09:00:00-05:00". */
export function schoolInstant(ms: number): string {
  return fromDate(new Date(ms), TZ)
    .toString()
    .replace(/\[.*\]$/, '')
    .replace(/\.000(?=[+-])/, '');
}

/** The school's calendar day of an instant, "2025-03-09". */
export function schoolDateOf(ms: number): string {
  const z = fromDate(new Date(ms), TZ);
  return `${z.year}-${String(z.month).padStart(2, '0')}-${String(z.day).padStart(2, '0')}`;
}

/** 1 (Monday) to 7 (Sunday) of a calendar day. */
export const weekdayOf = (date: string): number => {
  const day = getDayOfWeek(parseDate(date), 'en-GB');
  return day + 1;
};

/** The calendar day `days` after `date`. */
export const addSchoolDays = (date: string, days: number): string => parseDate(date).add({ days }).toString();

const TEXT = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const TIME = new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "Mon, Jun 9, 2025, 10:00 AM" on the school's clock. */
export const schoolTimeText = (instant: string | number) => TEXT.format(new Date(instant));
/** "10:00 AM" */
export const schoolClockText = (instant: string | number) => TIME.format(new Date(instant));
/** "Monday, June 9, 2025" */
export const schoolDayText = (instant: string | number) => DAY.format(new Date(instant));
