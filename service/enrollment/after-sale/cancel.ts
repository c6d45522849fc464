import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { enrollmentDecider, type EnrollmentState } from '../decider/enrollment-decider.js';
import type { RefundChoice } from '../decider/commands.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { freeClientSeats } from '../checkout/held-seats.js';
import { cancellationOf } from '../decider/enrollment-state.js';
import { leftParticipantIndexes, stayingParticipants } from '../decider/participants.js';
import { refundableCents } from '../decider/enrollment-decider.js';
import { cancellationTerms } from './cancellation-policy.js';
import type { CancellationTerms } from '../../../contracts/booking/api.js';

export interface CancelInput {
  by: 'admin' | 'visitor';
  refund: RefundChoice;
  /** The card's part back to the card (default) or into the household's credit. */
  refundTo?: 'card' | 'credit';
  note: string | null;
  notify: boolean;
}

/**
 * Cancels an enrollment after the sale: the enrollment's stream decides (one cancellation, the
 * refund within what is left), recording EnrollmentCancelled and, when money goes back,
 * RefundRequested. The rest follows from those events, each by its reactor: the seats go back
 * (`giveBackCancelledSeats`), the refund is made, the parent is e-mailed. A parent's cancellation
 * under the school's policy is the same command with `by: 'visitor'` and the refund the policy gives.
 */
export async function cancelEnrollment(
  deps: AppDeps,
  enrollmentId: string,
  input: CancelInput,
  metadata: EventMetadata,
): Promise<{ state: EnrollmentState; position: bigint | null }> {
  const at = deps.clock().toISOString();
  const { state, position } = await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    { type: 'CancelBooking', ...input, at },
    metadata,
  );
  deps.log.info('enrollment cancelled', { enrollmentId, by: input.by, refund: input.refund.kind });
  return { state, position };
}

/**
 * What cancelling this booking today gives under the school's policy (the parent's page, an
 * erasure); with `refundable`, what cancelling one place gives (its share).
 */
export function policyTermsOf(deps: AppDeps, state: EnrollmentState, refundable?: number): CancellationTerms {
  return cancellationTerms({
    startsAt: (state.submission && state.item.date) ?? null,
    bookedStartsAt: (state.submission && state.bookedItem.date) ?? null,
    now: deps.clock(),
    fullRefundDays: deps.config.CANCELLATION_FULL_REFUND_DAYS,
    isFree: state.submission?.isFree ?? false,
    refundableCents: refundable ?? refundableCents(state),
  });
}

/**
 * Cancels one participant's place in a booking of several, the others still coming: the
 * enrollment's stream decides (`CancelParticipant`, decider/participant-decisions.ts), recording
 * ParticipantCancelled and, when money goes back, RefundRequested; the seat goes back through the
 * after-sale seats reactor (`giveBackParticipantSeats`) and the waitlist is offered it from there.
 */
export async function cancelParticipantPlace(
  deps: AppDeps,
  enrollmentId: string,
  participant: number,
  input: CancelInput,
  metadata: EventMetadata,
): Promise<{ state: EnrollmentState; position: bigint | null }> {
  const at = deps.clock().toISOString();
  const { state, position } = await deps.commands.handle(
    enrollmentDecider,
    enrollmentStream(enrollmentId),
    { type: 'CancelParticipant', participant, ...input, at },
    metadata,
  );
  deps.log.info('participant cancelled', { enrollmentId, participant, by: input.by, refund: input.refund.kind });
  return { state, position };
}

/**
 * The seats of a cancelled enrollment go back through the seat ledger (SeatsReleased, which the
 * waitlist offers from), held or sold, and an unpaid hold leaves the client's allowance.
 * Idempotent: seats already given back are not given twice.
 */
export async function giveBackCancelledSeats(
  deps: AppDeps,
  enrollmentId: string,
  metadata: EventMetadata,
): Promise<bigint | null> {
  const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
  if (!cancellationOf(state) || !state.submission) return null;
  let position: bigint | null = null;
  if (state.workshopId) {
    const workshopId = state.workshopId;
    const given = await deps.commands.handle(
      workshopDecider,
      workshopStream(workshopId),
      { type: 'GiveBackSeats', workshopId, enrollmentId, reason: 'cancelled' },
      metadata,
    );
    position = given.position;
  }
  await freeClientSeats(deps, state.submission.clientKey, enrollmentId, 'released', metadata);
  return position;
}

/**
 * The seat of a participant who left a booking of several goes back through the seat ledger (a
 * partial SeatsReleased, which the waitlist offers from): the workshop keeps as many seats for the
 * enrollment as it has participants still coming. Idempotent: a second delivery finds the seats
 * already down to that count. A booking cancelled whole since gives all its seats back instead.
 */
export async function giveBackParticipantSeats(
  deps: AppDeps,
  enrollmentId: string,
  metadata: EventMetadata,
): Promise<bigint | null> {
  const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
  if (cancellationOf(state)) return giveBackCancelledSeats(deps, enrollmentId, metadata);
  if (state.status !== 'confirmed' || !state.workshopId) return null;
  const workshopId = state.workshopId;
  const given = await deps.commands.handle(
    workshopDecider,
    workshopStream(workshopId),
    {
      type: 'GiveBackSeats',
      workshopId,
      enrollmentId,
      reason: 'cancelled',
      keep: stayingParticipants(state).length,
      leaving: leftParticipantIndexes(state),
    },
    metadata,
  );
  return given.position;
}
