import { sessionsAttended } from '../../../contracts/enrollment/events.js';
import { sessionDayWords, timeRangeWords } from '../../../contracts/catalogue/session-words.js';
import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import type { PurchasedItem } from '../../../contracts/enrollment/events.js';

const formats = new Map<string, Intl.DateTimeFormat>();
/** A format on the school's clock, or on a workshop's location's (issue 41) when it names one. */
const inZone = (options: Intl.DateTimeFormatOptions) => (timeZone?: string) => {
  const zone = timeZone || SCHOOL.timeZone;
  const key = `${JSON.stringify(options)}:${zone}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone })));
  return f;
};
const longDate = inZone({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const shortDate = inZone({ weekday: 'long', month: 'long', day: 'numeric' });
const stamp = inZone({ month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })();

/** "Saturday, July 19, 2025", in the school's time zone (or the one named: a workshop's location's). */
export const formatLongDate = (iso: string, timeZone?: string) => longDate(timeZone).format(new Date(iso));
/** "Saturday, July 19", for subjects. */
export const formatShortDate = (iso: string, timeZone?: string) => shortDate(timeZone).format(new Date(iso));
/** "July 19, 2025 at 7:00 PM", for deadlines. */
export const formatStamp = (iso: string) => stamp.format(new Date(iso));

/** What an e-mail says about a workshop or program: the purchased item, frozen at enrollment. */
export type MailItem = Pick<PurchasedItem, 'kind' | 'title' | 'date' | 'time' | 'location' | 'attire' | 'instructor'> &
  Partial<Pick<PurchasedItem, 'sessions' | 'fromSession' | 'timeZone'>>;

/** "Session 2: Saturday, August 9, 10:00 – 11:30 AM" for each session a course's booking attends. */
export const sessionLines = (item: MailItem): string[] =>
  item.sessions && item.sessions.length > 1
    ? sessionsAttended({
        date: item.date,
        time: item.time,
        sessions: item.sessions,
        fromSession: item.fromSession,
      }).map(
        ({ number, session }) =>
          `Session ${number}: ${sessionDayWords(session, item.timeZone)}, ${timeRangeWords(session, item.timeZone)}`,
      )
    : [];

/** Label and value pairs for the workshop's facts, each value on one line; empty ones left out. */
export function itemFacts(item: MailItem, attendees: readonly string[] = []): [string, string][] {
  const facts: [string, string][] = [];
  const sessions = sessionLines(item);
  if (sessions.length > 0) facts.push(['Sessions', sessions.join('; ')]);
  else if (item.date) facts.push(['Date', formatLongDate(item.date, item.timeZone)]);
  if (item.time && sessions.length === 0) facts.push(['Time', toOneLine(item.time)]);
  if (item.location) facts.push(['Address', toOneLine(item.location)]);
  if (item.attire) facts.push(['Attire', toOneLine(item.attire)]);
  if (item.instructor) facts.push(['Instructor', toOneLine(item.instructor)]);
  if (attendees.length > 0) facts.push(['Attending', attendees.map(toOneLine).join(', ')]);
  return facts;
}

/** The facts as aligned text lines, for the plain-text part. */
export const factLines = (facts: readonly [string, string][]) =>
  facts.map(([label, value]) => `${`${label}:`.padEnd(Math.max(12, label.length + 2))}${value}`);

/** A base URL without its trailing slash, or null. */
export const baseUrl = (publicUrl: string | null | undefined) => (publicUrl ? publicUrl.replace(/\/$/, '') : null);
