import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import type { PurchasedItem } from '../../contracts/enrollment/events.js';

/** RFC 5545 text escaping. */
const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 3.1). */
function fold(l: string): string {
  const parts: string[] = [];
  let rest = l;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

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

/** A calendar invitation for the workshop (daily sessions when it runs several days). */
export function workshopIcs(input: { uid: string; item: PurchasedItem; orderId: string; stamp: Date }): string | null {
  const { item } = input;
  if (!item.date) return null;
  const start = new Date(item.date);
  const days = Number(/(\d+)\s*days?/i.exec(item.duration)?.[1] ?? '1');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SCHOOL.name}//Enrollment//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `DTSTAMP:${utc(input.stamp)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(sessionEnd(item.date, item.time))}`,
    ...(days > 1 ? [`RRULE:FREQ=DAILY;COUNT=${days}`] : []),
    `SUMMARY:${esc(item.title)}`,
    `LOCATION:${esc(item.location || ADDRESS_ONE_LINE)}`,
    `DESCRIPTION:${esc(`Order ${input.orderId}. ${item.attire ? `Attire: ${item.attire}. ` : ''}Please arrive 15 minutes early.`)}`,
    `ORGANIZER;CN=${esc(SCHOOL.name)}:mailto:${SCHOOL.email}`,
    'BEGIN:VALARM',
    'TRIGGER:-PT24H',
    'ACTION:DISPLAY',
    `DESCRIPTION:${esc(`${item.title} tomorrow`)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
