import { SCHOOL } from '../core/school.js';
import type { Session } from './sessions.js';
import { zoneLabel } from '../locations/zone-clock.js';

/**
 * How sessions read to a parent, on the school's clock (America/Chicago) whatever the reader's
 * zone, or on the clock of the workshop's location when it names one (issue 41 item 3), its times
 * then saying which ("10:00 – 11:30 AM MT").
 */

const formats = new Map<string, Intl.DateTimeFormat>();
const inZone = (name: string, options: Intl.DateTimeFormatOptions) => (timeZone?: string) => {
  const zone = timeZone || SCHOOL.timeZone;
  const key = `${name}:${zone}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone })));
  return f;
};
const weekdayOf = inZone('weekday', { weekday: 'long' });
const monthDay = inZone('monthDay', { month: 'long', day: 'numeric' });
const monthDayYear = inZone('monthDayYear', { year: 'numeric', month: 'long', day: 'numeric' });
const yearOf = inZone('year', { year: 'numeric' });
const fullDay = inZone('fullDay', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const clock = inZone('clock', { hour: 'numeric', minute: '2-digit' });

/** "10:00 – 11:30 AM", or "11:00 AM – 1:00 PM" across noon; "10:00 – 11:30 AM MT" on another zone's clock. */
export function timeRangeWords(s: Session, timeZone?: string): string {
  const from = clock(timeZone).format(new Date(s.startsAt));
  const to = clock(timeZone).format(new Date(s.endsAt));
  const [fromTime, fromHalf] = from.split(' ');
  const [, toHalf] = to.split(' ');
  const words = fromHalf === toHalf ? `${fromTime} – ${to}` : `${from} – ${to}`;
  const label = zoneLabel(timeZone, s.startsAt);
  return label ? `${words} ${label}` : words;
}

/** "Saturday, March 13, 2027": with its year, as a parent reads a date months ahead. */
export const sessionDayWords = (s: Session, timeZone?: string): string =>
  fullDay(timeZone).format(new Date(s.startsAt));

/** "Session 2 of 4, Saturday, March 13, 2027" (a one-session workshop: "Saturday, March 13, 2027"). */
export function sessionInWords(sessions: readonly Session[], number: number, timeZone?: string): string {
  const s = sessions[number - 1];
  if (!s) return `Session ${number}`;
  const day = sessionDayWords(s, timeZone);
  return sessions.length === 1 ? day : `Session ${number} of ${sessions.length}, ${day}`;
}

const plural = (word: string, n: number) => (n === 1 ? word : `${word}s`);

/**
 * A course's dates in one line: "4 Saturdays, March 6 – March 27, 2027, 10:00 – 11:30 AM" (one
 * weekday), "4 days, June 22 – June 25, 2027, 10:00 – 11:30 AM" (several weekdays), "Saturday,
 * March 6, 2027, 10:00 – 11:30 AM" (one session); across a new year each end has its year. The time
 * is left out when the sessions do not share it.
 */
export function courseDatesInWords(sessions: readonly Session[], timeZone?: string): string {
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  if (!first || !last) return '';
  const range = (s: Session) => timeRangeWords(s, timeZone);
  const times = new Set(sessions.map(range));
  const time = times.size === 1 ? `, ${range(first)}` : '';
  if (sessions.length === 1) return `${sessionDayWords(first, timeZone)}${time}`;
  const weekday = weekdayOf(timeZone);
  const weekdays = new Set(sessions.map((s) => weekday.format(new Date(s.startsAt))));
  const count =
    weekdays.size === 1
      ? `${sessions.length} ${plural(weekday.format(new Date(first.startsAt)), sessions.length)}`
      : `${sessions.length} ${plural('day', sessions.length)}`;
  const [from, to] = [new Date(first.startsAt), new Date(last.startsAt)];
  const [y, md, mdy] = [yearOf(timeZone), monthDay(timeZone), monthDayYear(timeZone)];
  const span =
    y.format(from) === y.format(to)
      ? `${md.format(from)} – ${mdy.format(to)}`
      : `${mdy.format(from)} – ${mdy.format(to)}`;
  return `${count}, ${span}${time}`;
}

/** "4 sessions" */
export const sessionCountWords = (n: number) => `${n} ${plural('session', n)}`;
