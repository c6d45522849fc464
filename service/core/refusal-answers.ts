import { formatUsd } from '../../contracts/enrollment/money.js';
import type { EnrollmentRefusal, RefusalCode, RefusalOf } from '../../contracts/enrollment/refusals.js';
import type { ErrorCode } from './errors.js';

/** The request field a refusal is about: the answer names it in `issues`, so a form or the roster can point at it. */
type RefusalField =
  'refund' | 'refundTo' | 'workshopId' | 'participant' | 'enrollmentId' | 'collectedBy' | 'amount' | 'session';

interface RefusalAnswer<C extends RefusalCode> {
  /** The error `code` the API answers, which gives the status (STATUS in http-errors.ts). */
  kind: ErrorCode;
  field?: RefusalField;
  /** What the parent or the administrator reads. */
  words(refusal: RefusalOf<C>): string;
  /** What the field's issue says, where it is shorter than the words (the words otherwise). */
  fieldWords?(refusal: RefusalOf<C>): string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const whole = (scope: 'enrollment' | 'participant') => (scope === 'enrollment' ? 'enrollment' : 'booking');

/**
 * How the API answers each refusal of a decision on an enrollment (contracts/enrollment/refusals.ts):
 * one table, at the HTTP edge, so a wording changes here and nowhere else, and the decisions
 * only say why. Answered as `{ "error": <words>, "code": <kind> }`, with `issues` naming the field.
 */
export const REFUSAL_ANSWERS: { [C in RefusalCode]: RefusalAnswer<C> } = {
  enrollment_not_found: {
    kind: 'not_found',
    words: () => 'We could not find that enrollment. Please enroll again from the schedule.',
  },
  already_submitted: { kind: 'conflict', words: () => 'This enrollment was already submitted.' },
  free_enrollment: { kind: 'validation', words: () => 'This enrollment is free: no payment is needed.' },
  already_paid: {
    kind: 'conflict',
    words: () => 'This enrollment is already paid. Check your e-mail for the confirmation.',
  },
  hold_expired: {
    kind: 'conflict',
    words: () => 'Your seat reservation has expired. Please enroll again from the schedule to pick a spot.',
  },
  replaced_by_newer: {
    kind: 'conflict',
    words: () =>
      'You sent the enrollment form again, so this earlier enrollment was replaced by the newer one. Please pay for your newer enrollment, or enroll again from the schedule.',
  },
  not_payable: { kind: 'conflict', words: (r) => `This enrollment is ${r.status} and cannot be paid.` },
  not_confirmable: { kind: 'conflict', words: (r) => `This enrollment cannot be confirmed: it is ${r.status}.` },
  not_cancellable_here: {
    kind: 'conflict',
    words: (r) => `This enrollment is ${r.status} and cannot be cancelled here.`,
  },
  not_refundable_here: {
    kind: 'conflict',
    words: (r) => `Only a paid, unconfirmed enrollment is refunded here; this one is ${r.status}.`,
  },
  no_confirmation_email: { kind: 'conflict', words: () => 'Only a confirmed enrollment gets a confirmation e-mail.' },
  no_confirmation_to_resend: {
    kind: 'conflict',
    words: (r) => `This enrollment is ${r.status}: only a confirmed enrollment has a confirmation to send again.`,
  },
  no_reminder: { kind: 'conflict', words: (r) => `This enrollment is ${r.status}: it gets no reminder.` },
  no_balance_due: { kind: 'conflict', words: () => 'Nothing is left to pay on this booking.' },
  balance_amount: {
    kind: 'validation',
    words: (r) => `The balance of this booking is ${formatUsd(r.dueCents)}. Please reload the page.`,
  },

  already_cancelled: {
    kind: 'conflict',
    words: (r) => `This ${whole(r.scope)} is already cancelled; nothing more was refunded.`,
  },
  expired_unpaid: { kind: 'conflict', words: () => 'This enrollment expired unpaid: there is nothing to cancel.' },
  being_moved: {
    kind: 'conflict',
    words: (r) => `This ${whole(r.scope)} is being moved to another workshop right now. Please try again in a moment.`,
  },
  payment_being_confirmed: {
    kind: 'conflict',
    words: () => 'The payment of this enrollment is being confirmed right now. Please try again in a moment.',
  },
  refund_over_refundable: {
    kind: 'validation',
    field: 'refund',
    words: (r) =>
      r.refundableCents === 0
        ? 'refund: nothing can be refunded on this enrollment (no payment, or all of it is already refunded).'
        : `refund: at most ${formatUsd(r.refundableCents)} can be refunded (paid ${formatUsd(r.paidCents)}, less ${formatUsd(r.paidCents - r.refundableCents)} already refunded).`,
  },
  credit_needs_family: {
    kind: 'validation',
    field: 'refundTo',
    words: () => 'refundTo: only a booking made by a signed-in family can be refunded to its family credit.',
  },
  no_failed_refund: { kind: 'conflict', words: () => 'There is no failed refund to retry on this enrollment.' },
  not_transferable: {
    kind: 'conflict',
    words: (r) =>
      r.scope === 'enrollment'
        ? `Only a confirmed enrollment can be moved to another workshop; this one is ${r.status}.`
        : `Only a confirmed booking can have a participant moved; this one is ${r.status}.`,
  },
  transfer_under_way: {
    kind: 'conflict',
    words: (r) => `A transfer of this ${whole(r.scope)} is already under way.`,
  },
  not_a_workshop_booking: {
    kind: 'conflict',
    words: (r) =>
      r.scope === 'enrollment'
        ? 'Only a workshop enrollment can be moved to another workshop.'
        : 'Only a workshop booking can have a participant moved to another workshop.',
  },
  already_in_workshop: {
    kind: 'validation',
    field: 'workshopId',
    words: (r) => `workshopId: this ${whole(r.scope)} is already in that workshop.`,
  },
  transfer_costs_more: {
    kind: 'conflict',
    words: (r) =>
      `${r.title} costs ${formatUsd(r.amountCents)} for ${plural(r.seats, 'participant')}, ${formatUsd(r.amountCents - r.priceCents)} more than this enrollment's ${formatUsd(r.priceCents)}. A transfer cannot take more money: cancel this enrollment with a refund and have the parent enroll in that date.`,
  },
  participant_not_cancellable: {
    kind: 'conflict',
    words: () => 'Only a confirmed booking can have one participant cancelled.',
  },
  no_such_participant: {
    kind: 'validation',
    field: 'participant',
    words: (r) =>
      r.decision === 'cancel' && r.count === 1
        ? 'participant: this booking has one participant, 0 (counted from 0).'
        : `participant: this booking has participants 0 to ${r.count - 1} (counted from 0).`,
  },
  place_already_cancelled: {
    kind: 'conflict',
    words: (r) => `${r.name}'s place is already cancelled; nothing more was refunded.`,
  },
  participant_gone: { kind: 'conflict', words: (r) => `${r.name} is no longer in this booking.` },
  only_participant_left: {
    kind: 'conflict',
    words: (r) => `${r.name} is the only participant still coming: ${r.decision} the whole booking instead.`,
  },
  place_refund_over_share: {
    kind: 'validation',
    field: 'refund',
    words: (r) =>
      r.mostCents === 0
        ? `refund: nothing can be refunded for ${r.name}'s place.`
        : `refund: at most ${formatUsd(r.mostCents)} can be refunded for ${r.name}'s place (the ${r.staying} still coming pay ${formatUsd(r.amountCents)} of ${formatUsd(r.priceCents)}).`,
  },
  place_transfer_costs_more: {
    kind: 'conflict',
    words: (r) =>
      `${r.title} costs ${formatUsd(r.targetCents)} for one, ${formatUsd(r.targetCents - r.worthCents)} more than ${r.name}'s place is worth here (${formatUsd(r.worthCents)}). A transfer cannot take more money: cancel the place with a refund and have the parent enroll in that date.`,
  },

  correction_cancelled: {
    kind: 'conflict',
    words: () => 'This booking is cancelled: its details can no longer be changed.',
  },
  correction_not_confirmed: {
    kind: 'conflict',
    words: (r) =>
      `This booking is ${r.status === 'expired' ? 'expired' : 'not confirmed yet'}: its details cannot be changed.`,
  },
  correction_workshop_begun: {
    kind: 'conflict',
    words: () => 'The workshop has begun: the details can no longer be changed here. Please call us.',
  },
  correction_participant_count: {
    kind: 'conflict',
    words: () => 'The number of participants cannot be changed here. Please contact us.',
  },

  unknown_enrollment: {
    kind: 'unknown_enrollment',
    field: 'enrollmentId',
    words: () => 'enrollmentId: there is no such enrollment.',
  },
  not_in_workshop: {
    kind: 'not_in_workshop',
    field: 'enrollmentId',
    words: () => 'enrollmentId: this enrollment is not for this workshop.',
  },
  participant_out_of_range: {
    kind: 'participant_out_of_range',
    field: 'participant',
    words: (r) =>
      `participant: this enrollment has ${r.count} ${r.count === 1 ? 'participant' : 'participants'} (0 to ${r.count - 1}).`,
  },
  enrollment_not_active: {
    kind: 'enrollment_not_active',
    field: 'enrollmentId',
    words: (r) => `enrollmentId: this enrollment is ${r.status}; attendance is only kept for booked participants.`,
  },
  participant_left: {
    kind: 'enrollment_not_active',
    field: 'participant',
    words: (r) =>
      `participant: ${r.name}'s place in this booking is cancelled; attendance is only kept for booked participants.`,
  },
  not_on_pickup_list: {
    kind: 'not_on_pickup_list',
    field: 'collectedBy',
    words: (r) =>
      `${r.name} is not on this family's pick-up list. Check their identity and confirm to record it; it is flagged in the history.`,
    fieldWords: (r) => `${r.name} is not on the pick-up list.`,
  },
  session_not_yet: {
    kind: 'session_not_yet',
    field: 'session',
    words: (r) => `This session is on ${r.day}: attendance and pick-up are recorded from that day.`,
  },
};

/** The error code a refusal is answered with (its HTTP status follows from it). */
export const refusalKind = (refusal: EnrollmentRefusal): ErrorCode => REFUSAL_ANSWERS[refusal.code].kind;

/** The words of a refusal, as the API answers them. */
export function refusalSentence(refusal: EnrollmentRefusal): string {
  const answer = REFUSAL_ANSWERS[refusal.code] as RefusalAnswer<RefusalCode>;
  return answer.words(refusal as never);
}

/** The JSON body the API answers a refusal with: `{ error, code }`, and `issues` naming the field it is about. */
export function refusalBody(refusal: EnrollmentRefusal): {
  error: string;
  code: ErrorCode;
  issues?: { path: string; message: string }[];
} {
  const { kind, field, fieldWords } = REFUSAL_ANSWERS[refusal.code] as RefusalAnswer<RefusalCode>;
  const error = refusalSentence(refusal);
  if (!field) return { error, code: kind };
  return { error, code: kind, issues: [{ path: field, message: fieldWords?.(refusal as never) ?? error }] };
}
