import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { AppDeps } from '../../core/deps.js';
import { enrollmentDecider, type EnrollmentState } from '../decider/enrollment-decider.js';
import type { RefundChoice } from './after-sale-rules.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { freeClientSeats } from '../sale/held-seats.js';
import { cancellationOf } from '../decider/enrollment-state.js';

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
