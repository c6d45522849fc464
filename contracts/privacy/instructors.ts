import type { instructorEventSchemas } from '../instructors/events.js';
import type { calendarEventSchemas } from '../instructors/calendar.js';
import { NO_PERSONAL_DATA, type PrivacyClasses } from './classes.js';

/**
 * Instructors are staff: the name the school publishes stays in clear (it is on the schedule, like
 * a workshop's instructor), the e-mail and the bio under the instructor's own e-mail subject, as an
 * administrator's. Their hours are the school's.
 */
export const instructorPrivacy = {
  InstructorAdded: { subject: { kind: 'email', path: 'email' }, identity: ['email', 'bio'] },
  InstructorUpdated: { subject: { kind: 'email', path: 'email' }, identity: ['email', 'bio'] },
  InstructorAvailabilitySet: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof instructorEventSchemas>;

/** An instructor's calendar: ids, times, buffers and statuses; whom a lesson is for stays on its booking. */
export const calendarPrivacy = {
  AppointmentSlotHeld: NO_PERSONAL_DATA,
  AppointmentSlotBooked: NO_PERSONAL_DATA,
  AppointmentSlotReleased: NO_PERSONAL_DATA,
  AppointmentSlotMoved: NO_PERSONAL_DATA,
  ClassTimeBlocked: NO_PERSONAL_DATA,
  ClassTimeFreed: NO_PERSONAL_DATA,
  InstructorNotified: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof calendarEventSchemas>;
