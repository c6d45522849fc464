import { defineProjector, type RecordedEventOf } from '../../platform/processor/projector.js';
import { enrollmentIdOf, sessionsAttended, type EnrollmentEvent } from '../../contracts/enrollment/events.js';
import type { ProgramEvent, WorkshopEvent } from '../../contracts/catalogue/events.js';
import { schoolDayOf } from '../../contracts/reports/days.js';
import { activityDayRollups } from './activity-days.js';
import type { ActivityDoc, BookingActivityDoc } from './activity-docs.js';

export type {
  ActivityMark,
  BookingActivityDoc,
  WorkshopActivityDoc,
  ProgramActivityDoc,
  ActivityDoc,
} from './activity-docs.js';

export const BOOKING_ACTIVITY = 'booking-activity';

type Event = RecordedEventOf<EnrollmentEvent | ProgramEvent | WorkshopEvent>;

const firstDay = (item: Parameters<typeof sessionsAttended>[0]) => {
  const first = sessionsAttended(item)[0];
  return first ? schoolDayOf(first.session.startsAt) : null;
};

function projectBooking(doc: BookingActivityDoc | null, e: Event): BookingActivityDoc | null | undefined {
  if (e.type === 'EnrollmentSubmitted') {
    const d = e.data;
    // Test-page orders are no booking of the school's.
    if (d.test) return null;
    return {
      kind: 'booking',
      workshopId: d.workshopId,
      programId: d.programId,
      householdId: d.householdId ?? null,
      split: d.splitFrom !== undefined,
      startedDay: schoolDayOf(d.submittedAt),
      classDay: firstDay(d.item),
      paidDay: null,
      lapsedDay: null,
      cancelledDay: null,
      marks: {},
    };
  }
  if (!doc) return undefined;
  switch (e.type) {
    case 'EnrollmentConfirmed':
      return doc.paidDay ? undefined : { ...doc, paidDay: schoolDayOf(e.data.confirmedAt) };
    case 'EnrollmentExpired':
      return { ...doc, lapsedDay: schoolDayOf(e.data.expiredAt) };
    case 'EnrollmentCancelled':
      // The event carries no time of its own: the day it was recorded.
      return { ...doc, cancelledDay: schoolDayOf(e.metadata.at) };
    case 'EnrollmentTransferred':
      return { ...doc, workshopId: e.data.toWorkshopId, classDay: firstDay(e.data.item) };
    case 'BookingRescheduled':
      return { ...doc, workshopId: e.data.workshopId, classDay: firstDay(e.data.item) };
    case 'AttendanceMarked': {
      const { workshopId, session, participant, present, makeup, undone, markedAt } = e.data;
      const key = `${workshopId}:${session}:${participant}`;
      const marks = { ...doc.marks };
      if (undone) delete marks[key];
      else marks[key] = { day: schoolDayOf(markedAt), present, makeup: makeup === true, workshopId };
      return { ...doc, marks };
    }
    default:
      return undefined;
  }
}

const BOOKING_TYPES = [
  'EnrollmentSubmitted',
  'EnrollmentConfirmed',
  'EnrollmentExpired',
  'EnrollmentCancelled',
  'EnrollmentTransferred',
  'BookingRescheduled',
  'AttendanceMarked',
] as const;

/**
 * The read model of the funnel, attendance, retention and instructors' reports (issue 42, record
 * 110): each booking's days (started, paid, lapsed, cancelled, its class) and attendance marks, and
 * each workshop's program, instructor and session days. Each booking also counts in its start
 * day's funnel (`day-<YYYY-MM-DD>`, record 140), which the funnel reads.
 */
export const bookingActivityProjector = defineProjector<EnrollmentEvent | ProgramEvent | WorkshopEvent, ActivityDoc>({
  name: BOOKING_ACTIVITY,
  collection: BOOKING_ACTIVITY,
  indexes: [[{ field: 'kind' }]],
  eventTypes: [
    ...BOOKING_TYPES,
    'ProgramPublished',
    'ProgramUpdated',
    'WorkshopScheduled',
    'WorkshopUpdated',
    'WorkshopRemoved',
  ],
  rollups: activityDayRollups,
  keys(e) {
    if (e.type === 'ProgramPublished' || e.type === 'ProgramUpdated') return [`program-${e.data.program.id}`];
    if (e.type === 'WorkshopScheduled' || e.type === 'WorkshopUpdated') return [`workshop-${e.data.workshop.id}`];
    if (e.type === 'WorkshopRemoved') return [`workshop-${e.data.workshopId}`];
    return [`booking-${enrollmentIdOf(e)}`];
  },
  project(current, e) {
    switch (e.type) {
      case 'ProgramPublished':
      case 'ProgramUpdated':
        return { kind: 'program', title: e.data.program.title };
      case 'WorkshopScheduled':
      case 'WorkshopUpdated': {
        const w = e.data.workshop;
        return {
          kind: 'workshop',
          title: w.title,
          programId: w.programId ?? null,
          instructorId: w.instructorId ?? null,
          instructor: w.instructor,
          sessions: w.sessions.map((s) => ({
            day: schoolDayOf(s.startsAt),
            minutes: Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 60_000),
          })),
          removed: false,
          ...(w.locationId ? { locationId: w.locationId } : {}),
        };
      }
      case 'WorkshopRemoved':
        return current?.kind === 'workshop' ? { ...current, removed: true } : undefined;
      default:
        return projectBooking(current?.kind === 'booking' ? current : null, e);
    }
  },
});
