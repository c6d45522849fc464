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
  | { code: 'appointment_too_late_to_move'; hours: number }
  /** The type sells no pack of this many lessons. */
  | { code: 'lesson_pack_not_sold'; counts: number[] }
  | { code: 'lesson_pack_ordered_already' }
  /** No paid pack has this code (said alike for an unknown and an unpaid one). */
  | { code: 'lesson_pack_unknown' }
  /** The pack is for another lesson type. */
  | { code: 'lesson_pack_other_type' }
  | { code: 'lesson_pack_expired'; expiresAt: string }
  /** Every lesson of the pack is booked. */
  | { code: 'lesson_pack_used_up'; count: number };

export const APPOINTMENT_REFUSAL_KINDS: RefusalKinds<AppointmentRefusal> = {
  appointment_type_not_found: 'not_found',
  appointment_type_exists: 'conflict',
  instructor_not_offered: 'validation',
  slot_not_offered: 'validation',
  appointment_exists: 'conflict',
  appointment_not_found: 'not_found',
  appointment_closed: 'conflict',
  appointment_too_late_to_move: 'conflict',
  lesson_pack_not_sold: 'validation',
  lesson_pack_ordered_already: 'conflict',
  lesson_pack_unknown: 'validation',
  lesson_pack_other_type: 'validation',
  lesson_pack_expired: 'credit_expired',
  lesson_pack_used_up: 'credit_used',
};
