import type { RefusalKinds } from '../core/refusals.js';

/** Why an appointment decision refuses, as data (worded in service/appointments/refusal-answers.ts). */
export type AppointmentRefusal =
  | { code: 'appointment_type_not_found' }
  | { code: 'appointment_type_exists' }
  /** The instructor asked for does not give this type. */
  | { code: 'instructor_not_offered' }
  /** The time is not one of the type's slots: outside the hours, too soon, beyond the horizon. */
  | { code: 'slot_not_offered' }
  | { code: 'appointment_exists' }
  /** No such appointment, or not in a state this step applies to. */
  | { code: 'appointment_not_found' }
  /** Cancelled, expired, refunded: nothing is left to change. */
  | { code: 'appointment_closed' }
  /** Closer to its start than LESSON_FULL_REFUND_HOURS: the office moves it. */
  | { code: 'appointment_too_late_to_move'; hours: number };

export const APPOINTMENT_REFUSAL_KINDS: RefusalKinds<AppointmentRefusal> = {
  appointment_type_not_found: 'not_found',
  appointment_type_exists: 'conflict',
  instructor_not_offered: 'validation',
  slot_not_offered: 'validation',
  appointment_exists: 'conflict',
  appointment_not_found: 'not_found',
  appointment_closed: 'conflict',
  appointment_too_late_to_move: 'conflict',
};
