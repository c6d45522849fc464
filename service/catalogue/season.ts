import { parseAbsolute } from '@internationalized/date';
import { sameDayAt, type Session } from '../../contracts/catalogue/sessions.js';
import { SCHOOL } from '../../contracts/core/school.js';

/** `weeks` later on the school's clock: same weekday and wall-clock time, offset recomputed (CDT/CST). */
export function shiftByWeeks(instant: string, weeks: number): string {
  if (weeks === 0) return instant;
  return parseAbsolute(instant, SCHOOL.timeZone)
    .add({ weeks })
    .toString()
    .replace(/\[.*\]$/, '');
}

/** A season's year in whole weeks: 364 days, so a Saturday stays a Saturday. */
export const SEASON_WEEKS = 52;

/**
 * The whole weeks, a multiple of 52, that move the earliest of `dates` to `now` or later (0 when
 * none is before `now`). Whole 52-week steps keep each workshop's weekday, its wall-clock time and
 * its time of year (a summer camp stays in summer, one or two days earlier each year); the gaps
 * between workshops are kept because every one moves by the same weeks. Weeks are added on the
 * school's clock, so a daylight-saving change moves the instant by an hour: the count is found by
 * stepping up from just under the plain division.
 */
export function seasonShiftWeeks(dates: readonly string[], now: Date): number {
  if (dates.length === 0) return 0;
  const first = dates.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
  const behind = now.getTime() - Date.parse(first);
  if (behind <= 0) return 0;
  let seasons = Math.max(0, Math.floor(behind / (SEASON_WEEKS * 7 * 86_400_000)) - 1);
  while (Date.parse(shiftByWeeks(first, seasons * SEASON_WEEKS)) < now.getTime()) seasons++;
  return seasons * SEASON_WEEKS;
}

const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL.timeZone, month: 'long', day: 'numeric' });

/** "June 23-26", or "June 30-July 3" across a month's end: `days` consecutive days from `instant`, school clock. */
export function dayRange(instant: string, days: number): string {
  const start = parseAbsolute(instant, SCHOOL.timeZone);
  const end = start.add({ days: days - 1 });
  const last = end.month === start.month ? String(end.day) : monthDay.format(end.toDate());
  return `${monthDay.format(start.toDate())}-${last}`;
}

/**
 * `count` sessions from `first`, `everyDays` apart on the school's clock (the wall-clock time kept
 * across daylight saving), each ending at `endWall` ("11:30") on its day.
 */
export function repeatedSessions(first: string, count: number, everyDays: number, endWall: string): Session[] {
  const start = parseAbsolute(first, SCHOOL.timeZone);
  return Array.from({ length: count }, (_, i) => {
    const startsAt = start
      .add({ days: i * everyDays })
      .toString()
      .replace(/\[.*\]$/, '');
    return { startsAt, endsAt: sameDayAt(startsAt, endWall) };
  });
}
