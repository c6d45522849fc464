import { formatUsd } from '../../contracts/enrollment/money.js';
import type { EnrollmentRefusal } from '../../contracts/enrollment/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const whole = (scope: 'enrollment' | 'participant') => (scope === 'enrollment' ? 'enrollment' : 'booking');

/**
 * How the API words each refusal of a decision on an enrollment (contracts/enrollment/refusals.ts):
 * the enrollment slice's part of the one table (service/refusals.ts), at the HTTP edge, so a
 * wording changes here and nowhere else, and the decisions only say why. Answered as
 * `{ "error": <words>, "code": <kind> }`, with `issues` naming the field.
 */
export const ENROLLMENT_REFUSAL_ANSWERS: RefusalAnswers<EnrollmentRefusal> = {
  enrollment_not_found: { words: () => 'We could not find that enrollment. Please enroll again from the schedule.' },
  already_submitted: { words: () => 'This enrollment was already submitted.' },
  free_enrollment: { words: () => 'This enrollment is free: no payment is needed.' },
  already_paid: { words: () => 'This enrollment is already paid. Check your e-mail for the confirmation.' },
  hold_expired: {
    words: () => 'Your seat reservation has expired. Please enroll again from the schedule to pick a spot.',
  },
  replaced_by_newer: {
    words: () =>
      'You sent the enrollment form again, so this earlier enrollment was replaced by the newer one. Please pay for your newer enrollment, or enroll again from the schedule.',
  },
  not_payable: { words: (r) => `This enrollment is ${r.status} and cannot be paid.` },
  not_confirmable: { words: (r) => `This enrollment cannot be confirmed: it is ${r.status}.` },
  not_cancellable_here: { words: (r) => `This enrollment is ${r.status} and cannot be cancelled here.` },
  not_refundable_here: {
    words: (r) => `Only a paid, unconfirmed enrollment is refunded here; this one is ${r.status}.`,
  },
  no_confirmation_email: { words: () => 'Only a confirmed enrollment gets a confirmation e-mail.' },
  no_confirmation_to_resend: {
    words: (r) => `This enrollment is ${r.status}: only a confirmed enrollment has a confirmation to send again.`,
  },
  no_reminder: { words: (r) => `This enrollment is ${r.status}: it gets no reminder.` },
  no_balance_due: { words: () => 'Nothing is left to pay on this booking.' },
  balance_amount: { words: (r) => `The balance of this booking is ${formatUsd(r.dueCents)}. Please reload the page.` },
  paid_by_installments: {
    words: () =>
      'This booking is paid in instalments: each is charged to the saved card on its date, so nothing is paid here now.',
  },
  no_such_installment: {
    words: (r) =>
      r.count === 0
        ? 'This booking is not paid in instalments.'
        : `This booking has no instalment ${r.n}: it is paid in ${r.count}.`,
  },
  installment_not_declined: {
    words: (r) =>
      r.paid
        ? `Instalment ${r.n} is already paid.`
        : `Instalment ${r.n} is charged to the saved card on its date: only one the card failed to pay is paid here.`,
  },
  installment_paid: { words: (r) => `Instalment ${r.n} is already paid.` },
  installment_waived: { words: (r) => `Instalment ${r.n} was waived: it is not charged.` },
  no_saved_card: {
    words: () => 'This booking has no saved card: each instalment left is paid from the booking page.',
  },
  card_removed: {
    words: (r) =>
      `The family removed the saved card: instalment ${r.n} cannot be charged to it. They pay it from their booking page.`,
  },
  installment_charging: {
    words: (r) => `Instalment ${r.n} is being charged right now. Please reload in a moment to see how it went.`,
  },

  already_cancelled: { words: (r) => `This ${whole(r.scope)} is already cancelled; nothing more was refunded.` },
  expired_unpaid: { words: () => 'This enrollment expired unpaid: there is nothing to cancel.' },
  being_moved: {
    words: (r) => `This ${whole(r.scope)} is being moved to another workshop right now. Please try again in a moment.`,
  },
  payment_being_confirmed: {
    words: () => 'The payment of this enrollment is being confirmed right now. Please try again in a moment.',
  },
  refund_over_refundable: {
    field: 'refund',
    words: (r) =>
      r.refundableCents === 0
        ? 'refund: nothing can be refunded on this enrollment (no payment, or all of it is already refunded).'
        : `refund: at most ${formatUsd(r.refundableCents)} can be refunded (paid ${formatUsd(r.paidCents)}, less ${formatUsd(r.paidCents - r.refundableCents)} already refunded).`,
  },
  credit_needs_family: {
    field: 'refundTo',
    words: () => 'refundTo: only a booking made by a signed-in family can be refunded to its family credit.',
  },
  no_failed_refund: { words: () => 'There is no failed refund to retry on this enrollment.' },
  not_transferable: {
    words: (r) =>
      r.scope === 'enrollment'
        ? `Only a confirmed enrollment can be moved to another workshop; this one is ${r.status}.`
        : `Only a confirmed booking can have a participant moved; this one is ${r.status}.`,
  },
  transfer_under_way: { words: (r) => `A transfer of this ${whole(r.scope)} is already under way.` },
  not_a_workshop_booking: {
    words: (r) =>
      r.scope === 'enrollment'
        ? 'Only a workshop enrollment can be moved to another workshop.'
        : 'Only a workshop booking can have a participant moved to another workshop.',
  },
  already_in_workshop: {
    field: 'workshopId',
    words: (r) => `workshopId: this ${whole(r.scope)} is already in that workshop.`,
  },
  transfer_costs_more: {
    words: (r) =>
      `${r.title} costs ${formatUsd(r.amountCents)} for ${plural(r.seats, 'participant')}, ${formatUsd(r.amountCents - r.priceCents)} more than this enrollment's ${formatUsd(r.priceCents)}. A transfer cannot take more money: cancel this enrollment with a refund and have the parent enroll in that date.`,
  },
  participant_not_cancellable: { words: () => 'Only a confirmed booking can have one participant cancelled.' },
  no_such_participant: {
    field: 'participant',
    words: (r) =>
      r.decision === 'cancel' && r.count === 1
        ? 'participant: this booking has one participant, 0 (counted from 0).'
        : `participant: this booking has participants 0 to ${r.count - 1} (counted from 0).`,
  },
  place_already_cancelled: { words: (r) => `${r.name}'s place is already cancelled; nothing more was refunded.` },
  participant_gone: { words: (r) => `${r.name} is no longer in this booking.` },
  only_participant_left: {
    words: (r) => `${r.name} is the only participant still coming: ${r.decision} the whole booking instead.`,
  },
  place_refund_over_share: {
    field: 'refund',
    words: (r) =>
      r.mostCents === 0
        ? `refund: nothing can be refunded for ${r.name}'s place.`
        : `refund: at most ${formatUsd(r.mostCents)} can be refunded for ${r.name}'s place (the ${r.staying} still coming pay ${formatUsd(r.amountCents)} of ${formatUsd(r.priceCents)}).`,
  },
  place_transfer_costs_more: {
    words: (r) =>
      `${r.title} costs ${formatUsd(r.targetCents)} for one, ${formatUsd(r.targetCents - r.worthCents)} more than ${r.name}'s place is worth here (${formatUsd(r.worthCents)}). A transfer cannot take more money: cancel the place with a refund and have the parent enroll in that date.`,
  },

  correction_cancelled: { words: () => 'This booking is cancelled: its details can no longer be changed.' },
  correction_not_confirmed: {
    words: (r) =>
      `This booking is ${r.status === 'expired' ? 'expired' : 'not confirmed yet'}: its details cannot be changed.`,
  },
  correction_workshop_begun: {
    words: () => 'The workshop has begun: the details can no longer be changed here. Please call us.',
  },
  correction_participant_count: {
    words: () => 'The number of participants cannot be changed here. Please contact us.',
  },

  unknown_enrollment: { field: 'enrollmentId', words: () => 'enrollmentId: there is no such enrollment.' },
  not_in_workshop: { field: 'enrollmentId', words: () => 'enrollmentId: this enrollment is not for this workshop.' },
  participant_out_of_range: {
    field: 'participant',
    words: (r) =>
      `participant: this enrollment has ${r.count} ${r.count === 1 ? 'participant' : 'participants'} (0 to ${r.count - 1}).`,
  },
  enrollment_not_active: {
    field: 'enrollmentId',
    words: (r) => `enrollmentId: this enrollment is ${r.status}; attendance is only kept for booked participants.`,
  },
  participant_left: {
    field: 'participant',
    words: (r) =>
      `participant: ${r.name}'s place in this booking is cancelled; attendance is only kept for booked participants.`,
  },
  not_on_pickup_list: {
    field: 'collectedBy',
    words: (r) =>
      `${r.name} is not on this family's pick-up list. Check their identity and confirm to record it; it is flagged in the history.`,
    fieldWords: (r) => `${r.name} is not on the pick-up list.`,
  },
  session_not_yet: {
    field: 'session',
    words: (r) => `This session is on ${r.day}: attendance and pick-up are recorded from that day.`,
  },

  unpaid_seats_over_max: {
    field: 'participants',
    words: (r) => `At most ${r.max} seats can be reserved at a time. Please enroll fewer participants at once.`,
    fieldWords: (r) => `At most ${r.max}.`,
  },
  unpaid_seats_capped: {
    words: ({ held, max, retryAfterSeconds }) => {
      const wait = minutes(retryAfterSeconds * 1000);
      return (
        `You already have ${held} ${held === 1 ? 'seat' : 'seats'} reserved and not yet paid, and at most ${max} can be held at a time. ` +
        `Please complete the payment for your reserved seats, or try again in about ${wait} ${wait === 1 ? 'minute' : 'minutes'}, when the earliest reservation ends.`
      );
    },
    retryAfterSeconds: (r) => r.retryAfterSeconds,
  },
};
