import type { appointmentEventSchemas } from '../appointments/booking.js';
import type { appointmentTypeEventSchemas } from '../appointments/appointment-type.js';
import type { lessonPackEventSchemas } from '../appointments/lesson-pack.js';
import { NO_PERSONAL_DATA, type PrivacyClasses } from './classes.js';

/** An appointment type is the school's offer: no person in it. */
export const appointmentTypePrivacy = {
  AppointmentTypeAdded: NO_PERSONAL_DATA,
  AppointmentTypeUpdated: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof appointmentTypeEventSchemas>;

/** A booked appointment: the parent, whom it is for and the notes, under the family's key (its e-mail). */
export const appointmentPrivacy = {
  AppointmentRequested: {
    subject: { kind: 'email', path: 'email' },
    identity: ['firstName', 'lastName', 'email', 'phone', 'participantName', 'participantAge', 'notes'],
  },
  AppointmentPaid: NO_PERSONAL_DATA,
  AppointmentConfirmed: NO_PERSONAL_DATA,
  AppointmentExpired: NO_PERSONAL_DATA,
  AppointmentRefunded: NO_PERSONAL_DATA,
  AppointmentCancelled: NO_PERSONAL_DATA,
  AppointmentRescheduled: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof appointmentEventSchemas>;

/** A lesson pack: its purchaser's name and e-mail under their key; the code and its lessons name nobody. */
export const lessonPackPrivacy = {
  LessonPackOrdered: {
    subject: { kind: 'email', path: 'purchaserEmail' },
    identity: ['purchaserName', 'purchaserEmail'],
  },
  LessonPackPaid: NO_PERSONAL_DATA,
  LessonPackEmailSent: NO_PERSONAL_DATA,
  LessonDrawnFromPack: NO_PERSONAL_DATA,
  LessonReturnedToPack: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof lessonPackEventSchemas>;
