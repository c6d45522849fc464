import type { appointmentEventSchemas } from '../appointments/booking.js';
import type { appointmentTypeEventSchemas } from '../appointments/appointment-type.js';
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
