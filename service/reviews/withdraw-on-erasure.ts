import type { EventMetadata } from '../../contracts/core/events.js';
import { reviewStream } from '../../contracts/reviews/events.js';
import type { AppDeps } from '../core/deps.js';
import { reviewDecider } from './review-decider.js';

/**
 * A family's erasure withdraws the reviews of its bookings (issue 40), answered or not: each
 * records ReviewWithdrawn by `erasure`, which takes a review on the pages off the figures, and an
 * unanswered link then answers nothing. A booking never asked records nothing; erasing again
 * records nothing more. Answers how many were withdrawn.
 */
export async function withdrawReviewsOnErasure(
  deps: Pick<AppDeps, 'commands'>,
  enrollmentIds: readonly string[],
  at: Date,
  metadata: EventMetadata,
): Promise<number> {
  let withdrawn = 0;
  for (const enrollmentId of enrollmentIds) {
    const { events } = await deps.commands.handle(
      reviewDecider,
      reviewStream(enrollmentId),
      { type: 'WithdrawReview', by: 'erasure', at: at.toISOString() },
      metadata,
    );
    withdrawn += events.length;
  }
  return withdrawn;
}
