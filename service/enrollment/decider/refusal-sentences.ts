import { formatUsd } from '../../../contracts/enrollment/money.js';
import { EnrollmentRefused, type EnrollmentRefusal } from './refusals.js';

/**
 * What a person reads for each refusal of the enrollment stream: one table, apart from the
 * decisions, so a wording changes here and nowhere else. The API answers these sentences as
 * `{ "error": ..., "code": ... }`.
 */
export function refusalSentence(r: EnrollmentRefusal): string {
  switch (r.code) {
    case 'enrollment_not_found':
      return 'We could not find that enrollment. Please enroll again from the schedule.';
    case 'already_submitted':
      return 'This enrollment was already submitted.';
    case 'free_enrollment':
      return 'This enrollment is free: no payment is needed.';
    case 'already_paid':
      return 'This enrollment is already paid. Check your e-mail for the confirmation.';
    case 'hold_expired':
      return 'Your seat reservation has expired. Please enroll again from the schedule to pick a spot.';
    case 'replaced_by_newer':
      return 'You sent the enrollment form again, so this earlier enrollment was replaced by the newer one. Please pay for your newer enrollment, or enroll again from the schedule.';
    case 'not_payable':
      return `This enrollment is ${r.status} and cannot be paid.`;
    case 'not_confirmable':
      return `This enrollment cannot be confirmed: it is ${r.status}.`;
    case 'not_cancellable_here':
      return `This enrollment is ${r.status} and cannot be cancelled here.`;
    case 'not_refundable_here':
      return `Only a paid, unconfirmed enrollment is refunded here; this one is ${r.status}.`;
    case 'no_confirmation_email':
      return 'Only a confirmed enrollment gets a confirmation e-mail.';
    case 'no_confirmation_to_resend':
      return `This enrollment is ${r.status}: only a confirmed enrollment has a confirmation to send again.`;
    case 'no_reminder':
      return `This enrollment is ${r.status}: it gets no reminder.`;
    case 'no_balance_due':
      return 'Nothing is left to pay on this booking.';
    case 'balance_amount':
      return `The balance of this booking is ${formatUsd(r.dueCents)}. Please reload the page.`;
  }
}

/** The refusal, worded, to throw from a decision. */
export const refuse = (r: EnrollmentRefusal): EnrollmentRefused => new EnrollmentRefused(r, refusalSentence(r));
