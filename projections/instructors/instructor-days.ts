import { defineProjector } from '../../platform/processor/projector.js';
import type { BusyEntry, CalendarEvent } from '../../contracts/instructors/calendar.js';
import { CALENDAR_STREAM_PREFIX } from '../../contracts/instructors/calendar.js';
import { schoolDateOf } from '../../contracts/instructors/school-clock.js';

export const INSTRUCTOR_DAYS = 'instructor-days';

/** What keeps one instructor's time on one school day: lessons, parties (held or booked) and classes. */
export interface InstructorDayDoc {
  [field: string]: unknown;
  id: string;
  instructorId: string;
  /** The school's calendar day, YYYY-MM-DD. */
  day: string;
  entries: BusyEntry[];
}

export const instructorDayId = (instructorId: string, day: string) => `${instructorId}:${day}`;
const dayOf = (instant: string) => schoolDateOf(Date.parse(instant));
const dayIdOf = (instructorId: string, instant: string) => instructorDayId(instructorId, dayOf(instant));

type DayEvent = Exclude<CalendarEvent, { type: 'InstructorNotified' }>;

/** The days an event changes: each span's day, before and after. */
function daysOf(e: DayEvent): string[] {
  const i = e.data.instructorId;
  switch (e.type) {
    case 'AppointmentSlotHeld':
    case 'AppointmentSlotBooked':
    case 'AppointmentSlotReleased':
      return [dayIdOf(i, e.data.startsAt)];
    case 'AppointmentSlotMoved':
      return [...new Set([dayIdOf(i, e.data.from.startsAt), dayIdOf(i, e.data.startsAt)])];
    case 'ClassTimeBlocked':
      return [...new Set([...e.data.replaced, ...e.data.sessions].map((s) => dayIdOf(i, s.startsAt)))];
    case 'ClassTimeFreed':
      return [...new Set(e.data.sessions.map((s) => dayIdOf(i, s.startsAt)))];
  }
}

const sorted = (entries: BusyEntry[]) => [...entries].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

/**
 * `instructor-days`: one document per instructor and school day (`<instructorId>:<YYYY-MM-DD>`)
 * with what keeps their time that day, straight from their calendar stream: the slot query reads a
 * month as some thirty documents, and the office's day view one. A day left empty is deleted.
 */
export const instructorDaysProjector = defineProjector<DayEvent, InstructorDayDoc>({
  name: INSTRUCTOR_DAYS,
  collection: INSTRUCTOR_DAYS,
  eventTypes: [
    'AppointmentSlotHeld',
    'AppointmentSlotBooked',
    'AppointmentSlotReleased',
    'AppointmentSlotMoved',
    'ClassTimeBlocked',
    'ClassTimeFreed',
  ],
  keys: daysOf,
  project(doc, e, id) {
    const instructorId = e.data.instructorId;
    const day = id.slice(instructorId.length + 1);
    if (!e.streamId.startsWith(CALENDAR_STREAM_PREFIX)) return undefined;
    let entries = doc?.entries ?? [];
    const here = (instant: string) => dayOf(instant) === day;
    switch (e.type) {
      case 'AppointmentSlotHeld': {
        const d = e.data;
        entries = [
          ...entries.filter((x) => x.id !== d.appointmentId),
          {
            id: d.appointmentId,
            kind: d.kind,
            typeId: d.typeId,
            startsAt: d.startsAt,
            endsAt: d.endsAt,
            bufferMinutes: d.bufferMinutes,
            status: 'held',
            expiresAt: d.expiresAt,
          },
        ];
        break;
      }
      case 'AppointmentSlotBooked': {
        // A hold released when it lapsed and taken again when paid comes back here.
        const d = e.data;
        entries = [
          ...entries.filter((x) => x.id !== d.appointmentId),
          {
            id: d.appointmentId,
            kind: d.kind,
            typeId: d.typeId,
            startsAt: d.startsAt,
            endsAt: d.endsAt,
            bufferMinutes: d.bufferMinutes,
            status: 'booked',
            expiresAt: null,
          },
        ];
        break;
      }
      case 'AppointmentSlotReleased':
        entries = entries.filter((x) => x.id !== e.data.appointmentId);
        break;
      case 'AppointmentSlotMoved': {
        const d = e.data;
        entries = entries.filter((x) => x.id !== d.appointmentId);
        if (here(d.startsAt))
          entries.push({
            id: d.appointmentId,
            kind: d.kind,
            typeId: d.typeId,
            startsAt: d.startsAt,
            endsAt: d.endsAt,
            bufferMinutes: d.bufferMinutes,
            status: d.status,
            expiresAt: d.expiresAt,
          });
        break;
      }
      case 'ClassTimeBlocked': {
        const d = e.data;
        const ours = (x: BusyEntry) => x.kind === 'class' && x.id === d.workshopId;
        entries = [
          ...entries.filter((x) => !ours(x)),
          ...d.sessions
            .filter((s) => here(s.startsAt))
            .map((s): BusyEntry => ({
              id: d.workshopId,
              kind: 'class',
              startsAt: s.startsAt,
              endsAt: s.endsAt,
              bufferMinutes: 0,
              status: 'booked',
              expiresAt: null,
            })),
        ];
        break;
      }
      case 'ClassTimeFreed':
        entries = entries.filter((x) => !(x.kind === 'class' && x.id === e.data.workshopId));
        break;
    }
    if (entries.length === 0) return doc ? null : undefined;
    return { id, instructorId, day, entries: sorted(entries) };
  },
});
