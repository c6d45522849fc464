/** The phase an enrollment's stream is in, as its decisions see it (and their refusals name it). */
export type EnrollmentStatus = 'none' | 'pending' | 'paid' | 'confirmed' | 'expired' | 'cancelled' | 'refunded';

/** Which decision refused, where one reason is worded for the whole enrollment or for one participant's place. */
export type RefusalScope = 'enrollment' | 'participant';

/** The decision about one participant that was refused: cancelling their place, or moving it. */
export type ParticipantDecision = 'cancel' | 'transfer';

/**
 * Why a decision on an enrollment's stream refuses a command, as data: a typed code and the
 * values its sentence needs. The decisions (service/enrollment/) throw these; the HTTP edge
 * (service/core/refusal-answers.ts) words each one and gives it its status, once, in one table.
 * Amounts are cents.
 */
export type EnrollmentRefusal =
  // The sale: held, paid, confirmed.
  | { code: 'enrollment_not_found' }
  | { code: 'already_submitted' }
  | { code: 'free_enrollment' }
  | { code: 'already_paid' }
  | { code: 'hold_expired' }
  | { code: 'replaced_by_newer' }
  | { code: 'not_payable'; status: EnrollmentStatus }
  | { code: 'not_confirmable'; status: EnrollmentStatus }
  | { code: 'not_cancellable_here'; status: EnrollmentStatus }
  | { code: 'not_refundable_here'; status: EnrollmentStatus }
  | { code: 'no_confirmation_email' }
  | { code: 'no_confirmation_to_resend'; status: EnrollmentStatus }
  | { code: 'no_reminder'; status: EnrollmentStatus }
  // A deposit booking's balance.
  | { code: 'no_balance_due' }
  | { code: 'balance_amount'; dueCents: number }
  // After the sale: cancellation, refunds, transfers, of the whole enrollment or one participant.
  | { code: 'already_cancelled'; scope: RefusalScope }
  | { code: 'expired_unpaid' }
  | { code: 'being_moved'; scope: RefusalScope }
  | { code: 'payment_being_confirmed' }
  | { code: 'refund_over_refundable'; refundableCents: number; paidCents: number }
  | { code: 'credit_needs_family' }
  | { code: 'no_failed_refund' }
  | { code: 'not_transferable'; scope: RefusalScope; status: EnrollmentStatus }
  | { code: 'transfer_under_way'; scope: RefusalScope }
  | { code: 'not_a_workshop_booking'; scope: RefusalScope }
  | { code: 'already_in_workshop'; scope: RefusalScope }
  | { code: 'transfer_costs_more'; title: string; amountCents: number; seats: number; priceCents: number }
  | { code: 'participant_not_cancellable' }
  | { code: 'no_such_participant'; decision: ParticipantDecision; count: number }
  | { code: 'place_already_cancelled'; name: string }
  | { code: 'participant_gone'; name: string }
  | { code: 'only_participant_left'; decision: ParticipantDecision; name: string }
  | {
      code: 'place_refund_over_share';
      name: string;
      mostCents: number;
      staying: number;
      amountCents: number;
      priceCents: number;
    }
  | { code: 'place_transfer_costs_more'; title: string; name: string; targetCents: number; worthCents: number }
  // Corrections of the participants' details.
  | { code: 'correction_cancelled' }
  | { code: 'correction_not_confirmed'; status: EnrollmentStatus }
  | { code: 'correction_workshop_begun' }
  | { code: 'correction_participant_count' }
  // Attendance on the roster.
  | { code: 'unknown_enrollment' }
  | { code: 'not_in_workshop' }
  | { code: 'participant_out_of_range'; count: number }
  | { code: 'enrollment_not_active'; status: EnrollmentStatus }
  | { code: 'participant_left'; name: string }
  // Collection at the end of a session.
  | { code: 'not_on_pickup_list'; name: string }
  // Attendance and collection are recorded from the session's day ("Saturday, July 19, 2025"), not before.
  | { code: 'session_not_yet'; day: string };

export type RefusalCode = EnrollmentRefusal['code'];

/** One refusal by its code, with the values that code carries. */
export type RefusalOf<C extends RefusalCode> = Extract<EnrollmentRefusal, { code: C }>;
