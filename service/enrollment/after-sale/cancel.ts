import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { enrollmentDecider, type EnrollmentState } from '../decider/enrollment-decider.js';
import type { RefundChoice } from '../decider/commands.js';
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
 * (the after-sale seats workflow, seats-workflow.ts), the refund is made, the parent is e-mailed. A parent's cancellation
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
 * after-sale seats workflow (seats-workflow.ts) and the waitlist is offered it from there.
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
