import { SCHOOL } from '../core/school.js';
import type { Session } from './sessions.js';

/** How sessions read to a parent, on the school's clock (America/Chicago) whatever the reader's zone. */

const zone = { timeZone: SCHOOL.timeZone } as const;
const weekdayOf = new Intl.DateTimeFormat('en-US', { ...zone, weekday: 'long' });
const monthDay = new Intl.DateTimeFormat('en-US', { ...zone, month: 'long', day: 'numeric' });
const monthDayYear = new Intl.DateTimeFormat('en-US', { ...zone, year: 'numeric', month: 'long', day: 'numeric' });
const yearOf = new Intl.DateTimeFormat('en-US', { ...zone, year: 'numeric' });
const fullDay = new Intl.DateTimeFormat('en-US', {
  ...zone,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const clock = new Intl.DateTimeFormat('en-US', { ...zone, hour: 'numeric', minute: '2-digit' });

/** "10:00 – 11:30 AM", or "11:00 AM – 1:00 PM" across noon. */
export function timeRangeWords(s: Session): string {
  const from = clock.format(new Date(s.startsAt));
  const to = clock.format(new Date(s.endsAt));
  const [fromTime, fromHalf] = from.split(' ');
  const [, toHalf] = to.split(' ');
  return fromHalf === toHalf ? `${fromTime} – ${to}` : `${from} – ${to}`;
}

/** "Saturday, March 13, 2027": with its year, as a parent reads a date months ahead. */
export const sessionDayWords = (s: Session): string => fullDay.format(new Date(s.startsAt));

/** "Session 2 of 4, Saturday, March 13, 2027" (a one-session workshop: "Saturday, March 13, 2027"). */
export function sessionInWords(sessions: readonly Session[], number: number): string {
  const s = sessions[number - 1];
  if (!s) return `Session ${number}`;
  const day = sessionDayWords(s);
  return sessions.length === 1 ? day : `Session ${number} of ${sessions.length}, ${day}`;
}

const plural = (word: string, n: number) => (n === 1 ? word : `${word}s`);

/**
 * A course's dates in one line: "4 Saturdays, March 6 – March 27, 2027, 10:00 – 11:30 AM" (one
 * weekday), "4 days, June 22 – June 25, 2027, 10:00 – 11:30 AM" (several weekdays), "Saturday,
 * March 6, 2027, 10:00 – 11:30 AM" (one session); across a new year each end has its year. The time
 * is left out when the sessions do not share it.
 */
export function courseDatesInWords(sessions: readonly Session[]): string {
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  if (!first || !last) return '';
  const times = new Set(sessions.map(timeRangeWords));
  const time = times.size === 1 ? `, ${timeRangeWords(first)}` : '';
  if (sessions.length === 1) return `${sessionDayWords(first)}${time}`;
  const weekdays = new Set(sessions.map((s) => weekdayOf.format(new Date(s.startsAt))));
  const count =
    weekdays.size === 1
      ? `${sessions.length} ${plural(weekdayOf.format(new Date(first.startsAt)), sessions.length)}`
      : `${sessions.length} ${plural('day', sessions.length)}`;
  const [from, to] = [new Date(first.startsAt), new Date(last.startsAt)];
  const span =
    yearOf.format(from) === yearOf.format(to)
      ? `${monthDay.format(from)} – ${monthDayYear.format(to)}`
      : `${monthDayYear.format(from)} – ${monthDayYear.format(to)}`;
  return `${count}, ${span}${time}`;
}

/** "4 sessions" */
export const sessionCountWords = (n: number) => `${n} ${plural('session', n)}`;
