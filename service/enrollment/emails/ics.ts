import { ADDRESS_ONE_LINE, SCHOOL } from '../../../contracts/core/school.js';
import { sessionsAttended, type PurchasedItem } from '../../../contracts/enrollment/events.js';

import { foldLine, icsText, icsUtc as utc } from '../../core/ics.js';

export { foldLine, icsText };

/**
 * The end of the first session: the end time of "12:30 PM - 2:00 PM" on the start's day and UTC
 * offset; two hours after the start when the text cannot be read.
 */
export function sessionEnd(startIso: string, time: string): Date {
  const start = new Date(startIso);
  const m = /-\s*(\d{1,2}):(\d{2})\s*(AM|PM)/i.exec(time);
  const day = /^(\d{4}-\d{2}-\d{2})T/.exec(startIso)?.[1];
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(startIso)?.[1];
  if (m && day && offset) {
    const hour = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0);
    const end = new Date(`${day}T${String(hour).padStart(2, '0')}:${m[2]}:00${offset}`);
    if (end > start) return end;
  }
  return new Date(start.getTime() + 2 * 3_600_000);
}

/** The UID of session `n` of a course: the booking's own for the first (or only), `<local>-s<n>@<domain>` for the others. */
export const sessionUid = (uid: string, n: number) => (n === 1 ? uid : uid.replace(/@/, `-s${n}@`));

/** What one booking's (or one make-up's) calendar entries are made of. */
export interface WorkshopEventsInput {
  uid: string;
  item: PurchasedItem;
  orderId: string;
  stamp: Date;
  /** Revision of the event (RFC 5545 SEQUENCE): a moved workshop keeps its UID with a higher one, so calendars update it. */
  sequence?: number;
  /** Sessions of a course the family no longer attends (every child reported missing them): left out, or, with `method` CANCEL, the only ones written. */
  missed?: readonly number[];
  /** PUBLISH (default): what the family attends; CANCEL: the `missed` sessions, cancelled (RFC 5546 3.2.5). */
  method?: 'PUBLISH' | 'CANCEL';
}

/**
 * A calendar invitation for the workshop: one VEVENT per session the booking attends, each with
 * its own stable UID and the booking's SEQUENCE, so a calendar updates each one when they move. An
 * item bought before courses (no sessions) keeps its one event, repeated daily when it ran several days.
 */
export function workshopIcs(input: WorkshopEventsInput): string | null {
  return calendarFile(input.method ?? 'PUBLISH', workshopEvents(input));
}

/** A calendar file of the events given (their VEVENT lines), or null when there are none. */
export function calendarFile(method: 'PUBLISH' | 'CANCEL', events: readonly string[]): string | null {
  if (events.length === 0) return null;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SCHOOL.name}//Enrollment//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The VEVENT lines of workshopIcs, to be put in a calendar file beside others (a booking's make-ups). */
export function workshopEvents(input: WorkshopEventsInput): string[] {
  const { item } = input;
  if (!item.date) return [];
  const cancel = input.method === 'CANCEL';
  const missed = new Set(input.missed ?? []);
  const legacyDays = item.sessions ? 1 : Number(/(\d+)\s*days?/i.exec(item.duration)?.[1] ?? '1');
  const events = item.sessions
    ? sessionsAttended(item)
        .filter(({ number }) => missed.has(number) === cancel)
        .map(({ number, session }) => ({
          uid: sessionUid(input.uid, number),
          start: new Date(session.startsAt),
          end: new Date(session.endsAt),
          name:
            item.sessions!.length > 1 ? `${item.title} (session ${number} of ${item.sessions!.length})` : item.title,
        }))
    : cancel !== missed.has(1)
      ? []
      : [{ uid: input.uid, start: new Date(item.date), end: sessionEnd(item.date, item.time), name: item.title }];
  const vevent = (e: (typeof events)[number]) => [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utc(input.stamp)}`,
    ...(input.sequence ? [`SEQUENCE:${input.sequence}`] : []),
    ...(cancel ? ['STATUS:CANCELLED'] : []),
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    ...(legacyDays > 1 ? [`RRULE:FREQ=DAILY;COUNT=${legacyDays}`] : []),
    `SUMMARY:${icsText(e.name)}`,
    `LOCATION:${icsText(item.location || ADDRESS_ONE_LINE)}`,
    `DESCRIPTION:${icsText(`Order ${input.orderId}. ${item.attire ? `Attire: ${item.attire}. ` : ''}Please arrive 15 minutes early.`)}`,
    // A parameter value is quoted, not escaped (RFC 5545 3.2); DQUOTE cannot appear inside.
    `ORGANIZER;CN="${SCHOOL.name.replace(/["\u0000-\u001F\u007F]/g, '')}":mailto:${SCHOOL.email}`,
    'BEGIN:VALARM',
    'TRIGGER:-PT24H',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText(`${e.name} tomorrow`)}`,
    'END:VALARM',
    'END:VEVENT',
  ];
  return events.flatMap(vevent);
}
