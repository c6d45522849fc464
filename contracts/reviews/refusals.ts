import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on a review's stream refuses a command, as data (worded in service/reviews/refusal-answers.ts). */
export type ReviewRefusal =
  /** No review was asked of this booking: no attendance, no link. */
  | { code: 'review_not_asked' }
  | { code: 'review_link_expired'; validUntil: string }
  /** The link was used: a token reviews once. */
  | { code: 'review_already_given' }
  | { code: 'review_withdrawn' }
  | { code: 'review_not_given' }
  /** Only a review on the school's pages can be hidden. */
  | { code: 'review_not_published'; status: 'private' | 'hidden' | 'withdrawn' }
  | { code: 'review_reply_exists' };

export const REVIEW_REFUSAL_KINDS: RefusalKinds<ReviewRefusal> = {
  review_not_asked: 'not_found',
  review_link_expired: 'gone',
  review_already_given: 'conflict',
  review_withdrawn: 'conflict',
  review_not_given: 'not_found',
  review_not_published: 'conflict',
  review_reply_exists: 'conflict',
};
