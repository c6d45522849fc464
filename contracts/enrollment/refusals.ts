import type { RefusalKinds, RefusalOf as RefusalByCode } from '../core/refusals.js';

/** The phase an enrollment's stream is in, as its decisions see it (and their refusals name it). */
export type EnrollmentStatus = 'none' | 'pending' | 'paid' | 'confirmed' | 'expired' | 'cancelled' | 'refunded';

/** Which decision refused, where one reason is worded for the whole enrollment or for one participant's place. */
export type RefusalScope = 'enrollment' | 'participant';

/** The decision about one participant that was refused: cancelling their place, or moving it. */
export type ParticipantDecision = 'cancel' | 'transfer';

/**
 * Why a decision on an enrollment's stream refuses a command, as data: a typed code and the
 * values its sentence needs. The decisions (service/enrollment/decider/) throw these, each with
 * the kind of answer ENROLLMENT_REFUSAL_KINDS gives its code (hence its status); the HTTP edge
 * words each one (service/enrollment/refusal-answers.ts, in the one table of service/refusals.ts).
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
  // Paid in instalments on a saved card (issue 43): the rest is charged on its dates.
  | { code: 'paid_by_installments' }
  // One instalment paid by hand from the booking page: only one the saved card failed to pay.
  | { code: 'no_such_installment'; n: number; count: number }
  | { code: 'installment_not_declined'; n: number; paid: boolean }
  // The office's "charge now" and "waive" of one instalment.
  | { code: 'installment_paid'; n: number }
  | { code: 'installment_waived'; n: number }
  | { code: 'installment_charging'; n: number }
  // The saved card of a plan, removed by the parent.
  | { code: 'no_saved_card' }
  | { code: 'card_removed'; n: number }
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
  | { code: 'session_not_yet'; day: string }
  // The unpaid seats one client address may hold (stream client-holds-<clientKey>).
  | { code: 'unpaid_seats_over_max'; max: number }
  | { code: 'unpaid_seats_capped'; held: number; max: number; retryAfterSeconds: number };

export type RefusalCode = EnrollmentRefusal['code'];

/** One refusal by its code, with the values that code carries. */
export type RefusalOf<C extends RefusalCode> = RefusalByCode<EnrollmentRefusal, C>;

/** The kind of answer each refusal gets (its status follows from it): decided here, with its code. */
export const ENROLLMENT_REFUSAL_KINDS: RefusalKinds<EnrollmentRefusal> = {
  enrollment_not_found: 'not_found',
  already_submitted: 'conflict',
  free_enrollment: 'validation',
  already_paid: 'conflict',
  hold_expired: 'conflict',
  replaced_by_newer: 'conflict',
  not_payable: 'conflict',
  not_confirmable: 'conflict',
  not_cancellable_here: 'conflict',
  not_refundable_here: 'conflict',
  no_confirmation_email: 'conflict',
  no_confirmation_to_resend: 'conflict',
  no_reminder: 'conflict',
  no_balance_due: 'conflict',
  balance_amount: 'validation',
  paid_by_installments: 'conflict',
  no_such_installment: 'not_found',
  installment_not_declined: 'conflict',
  installment_paid: 'conflict',
  installment_waived: 'conflict',
  installment_charging: 'conflict',
  no_saved_card: 'not_found',
  card_removed: 'conflict',
  already_cancelled: 'conflict',
  expired_unpaid: 'conflict',
  being_moved: 'conflict',
  payment_being_confirmed: 'conflict',
  refund_over_refundable: 'validation',
  credit_needs_family: 'validation',
  no_failed_refund: 'conflict',
  not_transferable: 'conflict',
  transfer_under_way: 'conflict',
  not_a_workshop_booking: 'conflict',
  already_in_workshop: 'validation',
  transfer_costs_more: 'conflict',
  participant_not_cancellable: 'conflict',
  no_such_participant: 'validation',
  place_already_cancelled: 'conflict',
  participant_gone: 'conflict',
  only_participant_left: 'conflict',
  place_refund_over_share: 'validation',
  place_transfer_costs_more: 'conflict',
  correction_cancelled: 'conflict',
  correction_not_confirmed: 'conflict',
  correction_workshop_begun: 'conflict',
  correction_participant_count: 'conflict',
  unknown_enrollment: 'unknown_enrollment',
  not_in_workshop: 'not_in_workshop',
  participant_out_of_range: 'participant_out_of_range',
  enrollment_not_active: 'enrollment_not_active',
  participant_left: 'enrollment_not_active',
  not_on_pickup_list: 'not_on_pickup_list',
  session_not_yet: 'session_not_yet',
  unpaid_seats_over_max: 'validation',
  unpaid_seats_capped: 'rate_limited',
};
