import { ADDRESS_ONE_LINE, SCHOOL } from '../../../contracts/core/school.js';
import { foldLine, icsText, icsUtc } from '../../core/ics.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One UID per appointment, kept when it moves (a higher SEQUENCE updates it) and when it is cancelled. */
export const appointmentUid = (appointmentId: string) => `appointment-${appointmentId}@${DOMAIN}`;

/**
 * The appointment as a calendar file (RFC 5545): one VEVENT at its time; `sequence` counts its
 * moves so a calendar updates the one it has; CANCEL takes it out of the calendar.
 */
export function appointmentIcs(input: {
  appointmentId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  instructorName: string;
  stamp: Date;
  sequence?: number;
  method?: 'PUBLISH' | 'CANCEL';
}): string {
  const cancel = input.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SCHOOL.name}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${cancel ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${appointmentUid(input.appointmentId)}`,
    `DTSTAMP:${icsUtc(input.stamp)}`,
    ...(input.sequence ? [`SEQUENCE:${input.sequence}`] : []),
    ...(cancel ? ['STATUS:CANCELLED'] : []),
    `DTSTART:${icsUtc(new Date(input.startsAt))}`,
    `DTEND:${icsUtc(new Date(input.endsAt))}`,
    `SUMMARY:${icsText(`${input.title} with ${input.instructorName}`)}`,
    `LOCATION:${icsText(ADDRESS_ONE_LINE)}`,
    `DESCRIPTION:${icsText('Please arrive 10 minutes early.')}`,
    `ORGANIZER;CN="${SCHOOL.name.replace(/["\u0000-\u001F\u007F]/g, '')}":mailto:${SCHOOL.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

export const appointmentIcsAttachment = (appointmentId: string, ics: string) => ({
  filename: `${SCHOOL.product}-appointment-${appointmentId.slice(0, 12)}.ics`,
  content: ics,
  contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
});
