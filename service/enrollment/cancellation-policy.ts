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
  /**
   * The start as booked (or as transferred to), when the school has moved the workshop since: the
   * parent keeps the deadline they booked under if it is the later one. Absent or equal: not moved.
   */
  bookedStartsAt?: string | null;
  now: Date;
  /** CANCELLATION_FULL_REFUND_DAYS. */
  fullRefundDays: number;
  isFree: boolean;
  /** What can still go back: paid less every refund already decided. */
  refundableCents: number;
}

/**
 * The last moment of a full refund for a booking the school may have moved: the later of the
 * deadline of the date booked and that of the new date (a move never takes a right away, and one
 * to a later date gives the new date's whole window), but never after the new start.
 */
export function movedRefundDeadline(startsAt: string, bookedStartsAt: string, days: number): Date {
  const later = Math.max(
    fullRefundDeadline(startsAt, days).getTime(),
    fullRefundDeadline(bookedStartsAt, days).getTime(),
  );
  return new Date(Math.min(later, Date.parse(startsAt)));
}

/**
 * The school's cancellation policy, for a booking that stands: a full refund when cancelled at or
 * before the deadline (`fullRefundDeadline`, or `movedRefundDeadline` once the school moved the
 * class), none after it; a free booking cancels at no cost until the start; from the start on,
 * nothing is cancelled here.
 */
export function cancellationTerms(input: PolicyInput): CancellationTerms {
  if (!input.startsAt) return { kind: 'closed', reason: 'This booking has no date: please contact us to cancel it.' };
  const now = input.now.getTime();
  const start = Date.parse(input.startsAt);
  if (now >= start) return { kind: 'closed', reason: 'The workshop has begun, so it can no longer be cancelled.' };
  if (input.isFree) return { kind: 'free', refundCents: 0 };
  const booked = input.bookedStartsAt;
  const moved = booked != null && Date.parse(booked) !== start;
  const deadline = moved
    ? movedRefundDeadline(input.startsAt, booked, input.fullRefundDays)
    : fullRefundDeadline(input.startsAt, input.fullRefundDays);
  const because = moved ? { movedBySchool: true as const } : {};
  if (now <= deadline.getTime())
    return { kind: 'full-refund', refundCents: input.refundableCents, deadline: deadline.toISOString(), ...because };
  return { kind: 'no-refund', refundCents: 0, deadline: deadline.toISOString(), ...because };
}
