import type { EventMetadata } from '../../contracts/core/events.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { reviewStream } from '../../contracts/reviews/events.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { findWorkshop } from '../catalogue/queries.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { reviewRequestOf, type NotAsked } from './eligibility.js';
import { reviewDecider } from './review-decider.js';

/**
 * Asks one booking's family for a review when it may be asked (service/reviews/eligibility.ts):
 * records ReviewRequested once on `review-<enrollmentId>`. The review is the data of the booking's
 * subject (its stream's, or the contact's pseudonym), so the family's erasure takes it too.
 */
export async function askForReview(
  deps: AppDeps,
  enrollmentId: string,
  now: Date,
  metadata: EventMetadata,
): Promise<{ asked: boolean; notAsked?: NotAsked }> {
  const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
  if (state.status === 'none') return { asked: false, notAsked: 'not-sold' };
  const subjectId =
    (await deps.encryption?.subjectOfStream(enrollmentStream(enrollmentId))) ??
    pseudonymsFor(deps.config).email(state.submission.form.email);
  const workshop = state.workshopId ? await findWorkshop(deps.readStore, state.workshopId) : null;
  const answer = reviewRequestOf(state, { enrollmentId, programId: workshop?.programId ?? null, subjectId, now });
  if ('notAsked' in answer) return { asked: false, notAsked: answer.notAsked };
  const { events } = await deps.commands.handle(
    reviewDecider,
    reviewStream(enrollmentId),
    {
      type: 'RequestReview',
      request: answer.request,
    },
    metadata,
  );
  return { asked: events.length > 0 };
}
