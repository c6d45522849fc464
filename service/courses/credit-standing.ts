import type { VoidReason } from '../../contracts/courses/events.js';
import { fullName } from '../../contracts/core/erased.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { participantDetailsOf, participantName } from '../../contracts/enrollment/participants.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { enrollmentDecider, type EnrollmentState } from '../enrollment/decider/enrollment-decider.js';
import { hasSale } from '../enrollment/decider/enrollment-state.js';

/**
 * Why a credit of one child of a booking stands for nothing any more, as the booking is now: the
 * booking was cancelled, the child's place in it cancelled or moved, or the booking moved to
 * another class (it is no longer in the workshop the credit was granted in). Null: it stands.
 * A credit is a seat the family paid for and will miss; once the place is refunded or moved, there
 * is no such seat.
 */
export function voidReasonOf(
  booking: EnrollmentState,
  credit: { workshopId: string; participant: number },
): VoidReason | null {
  if (booking.status === 'cancelled') return 'booking-cancelled';
  const left = hasSale(booking) ? booking.participantsLeft[credit.participant] : undefined;
  if (left) return left.how === 'transferred' ? 'place-transferred' : 'place-cancelled';
  if (booking.status === 'confirmed' && booking.workshopId !== null && booking.workshopId !== credit.workshopId)
    return 'booking-transferred';
  return null;
}

/** `voidReasonOf` for the booking as its stream has it now. */
export async function voidReasonNow(
  deps: AppDeps,
  enrollmentId: string,
  credit: { workshopId: string; participant: number },
): Promise<VoidReason | null> {
  return voidReasonOf(await bookingNow(deps, enrollmentId), credit);
}

export const bookingNow = (deps: AppDeps, enrollmentId: string) =>
  deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));

/** The name of participant `participant` of a booking, as its pages show it (for a refusal's words; never recorded). */
export function childNameOf(booking: EnrollmentState, participant: number): string | undefined {
  const form = booking.submission?.form;
  const detail = form ? participantDetailsOf(form)[participant] : undefined;
  return form && detail ? participantName(detail, participant, fullName(form.firstName, form.lastName)) : undefined;
}

const NO_PLACE: Record<VoidReason, string> = {
  'booking-cancelled': 'This booking was cancelled',
  'booking-transferred': 'This booking moved to another class',
  'place-cancelled': 'This child’s place in the booking was cancelled',
  'place-transferred': 'This child’s place moved to another class, as a booking of its own',
};

/** The 409 an absence or a credit for a place that is gone answers. */
export const placeGone = (reason: VoidReason) =>
  new AppError(
    'conflict',
    `${NO_PLACE[reason]}, so it has no sessions to miss or make up. Please contact us if this is wrong.`,
  );
