import { itemSessions } from '../../contracts/enrollment/events.js';
import type { ReviewRequested } from '../../contracts/reviews/events.js';
import type { EnrollmentState } from '../enrollment/decider/enrollment-state.js';

/** How long a review link answers after it is sent (issue 40). */
export const REVIEW_LINK_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a booking is not asked for a review (yet, or ever). */
export type NotAsked = 'not-sold' | 'no-sessions' | 'not-ended' | 'nobody-attended';

/**
 * Whether the family of a booking may be asked for a review at `now`, and what it is asked about:
 * the booking stands (confirmed), its last session has ended, and at least one of its children was
 * marked present in some session (a make-up, marked in another workshop, counts). Nobody else is
 * asked, and without the ask there is no link, so no review.
 */
export function reviewRequestOf(
  state: EnrollmentState,
  o: { enrollmentId: string; programId: string | null; subjectId: string; now: Date },
): { request: ReviewRequested } | { notAsked: NotAsked } {
  if (state.status !== 'confirmed' || !state.workshopId) return { notAsked: 'not-sold' };
  const sessions = itemSessions(state.item);
  const last = sessions.at(-1);
  if (!last) return { notAsked: 'no-sessions' };
  if (Date.parse(last.endsAt) > o.now.getTime()) return { notAsked: 'not-ended' };
  if (!Object.values(state.attendance).some((present) => present)) return { notAsked: 'nobody-attended' };
  return {
    request: {
      enrollmentId: o.enrollmentId,
      workshopId: state.workshopId,
      programId: o.programId,
      workshopTitle: state.item.title,
      instructor: state.item.instructor,
      sessions,
      subjectId: o.subjectId,
      lastSessionEndedAt: last.endsAt,
      requestedAt: o.now.toISOString(),
      validUntil: new Date(o.now.getTime() + REVIEW_LINK_DAYS * DAY_MS).toISOString(),
    },
  };
}
