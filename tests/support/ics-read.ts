import { expect } from 'vitest';
import type { MailAttachment } from '../../service/mail/port.js';

/** One VEVENT as a calendar reads it: its properties by name (parameters dropped), values unescaped. */
export interface ReadEvent {
  uid: string;
  sequence: number;
  status: string | null;
  dtstart: string;
  summary: string;
}

export interface ReadCalendar {
  method: string | null;
  events: ReadEvent[];
}

const unescape = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/**
 * An .ics parsed as RFC 5545 says (no library of the project reads calendars): continuation lines
 * unfolded, then each content line `NAME;PARAM=…:value`; only the properties the tests look at.
 */
export function readCalendar(ics: string): ReadCalendar {
  expect(ics.endsWith('\r\n')).toBe(true);
  const lines = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75 * 4);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  const calendar: ReadCalendar = { method: null, events: [] };
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
    const value = unescape(line.slice(colon + 1));
    if (name === 'BEGIN' && value === 'VEVENT') current = {};
    else if (name === 'END' && value === 'VEVENT' && current) {
      calendar.events.push({
        uid: current.UID!,
        sequence: Number(current.SEQUENCE ?? '0'),
        status: current.STATUS ?? null,
        dtstart: current.DTSTART!,
        summary: current.SUMMARY ?? '',
      });
      current = null;
    } else if (current && !(name in current)) current[name] = value;
    else if (!current && name === 'METHOD') calendar.method = value;
  }
  return calendar;
}

/** The calendar files attached to a message, read. */
export const calendarsOf = (attachments: readonly MailAttachment[]) =>
  attachments
    .filter((a) => a.contentType.startsWith('text/calendar'))
    .map((a) => ({
      contentType: a.contentType,
      ...readCalendar(a.content),
    }));
