import { parseAbsolute } from '@internationalized/date';
import type { CancellationTerms } from '../../contracts/booking/api.js';
import { SCHOOL } from '../../contracts/core/school.js';

/**
 * The last moment a cancellation refunds in full: the start's wall-clock time on the school's clock
 * (America/Chicago), `days` calendar days earlier. Counted in calendar days on that clock, not in
 * 24-hour steps, so a daylight-saving change between the two moves the deadline with the clocks
 * (a 7-day window over the November change is 169 hours, over the March one 167), as /terms says:
 * "Days are counted in Central Time".
 */
export function fullRefundDeadline(startsAt: string, days: number): Date {
  return parseAbsolute(startsAt, SCHOOL.timeZone).subtract({ days }).toDate();
}

export interface PolicyInput {
  /** The workshop's start (ISO instant), or null when the booking has no date (a program). */
  startsAt: string | null;
  now: Date;
  /** CANCELLATION_FULL_REFUND_DAYS. */
  fullRefundDays: number;
  isFree: boolean;
  /** What can still go back: paid less every refund already decided. */
  refundableCents: number;
}

/**
 * The school's cancellation policy, for a booking that stands: a full refund when cancelled at or
 * before the deadline (`fullRefundDeadline`), none after it; a free booking cancels at no cost until
 * the start; from the start on, nothing is cancelled here.
 */
export function cancellationTerms(input: PolicyInput): CancellationTerms {
  if (!input.startsAt) return { kind: 'closed', reason: 'This booking has no date: please contact us to cancel it.' };
  const now = input.now.getTime();
  if (now >= Date.parse(input.startsAt))
    return { kind: 'closed', reason: 'The workshop has begun, so it can no longer be cancelled.' };
  if (input.isFree) return { kind: 'free', refundCents: 0 };
  const deadline = fullRefundDeadline(input.startsAt, input.fullRefundDays);
  if (now <= deadline.getTime())
    return { kind: 'full-refund', refundCents: input.refundableCents, deadline: deadline.toISOString() };
  return { kind: 'no-refund', refundCents: 0, deadline: deadline.toISOString() };
}
