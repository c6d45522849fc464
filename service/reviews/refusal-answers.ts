import type { ReviewRefusal } from '../../contracts/reviews/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** How the API words the reviews' refusals (contracts/reviews/refusals.ts): their part of the one table. */
export const REVIEW_REFUSAL_ANSWERS: RefusalAnswers<ReviewRefusal> = {
  review_not_asked: {
    words: () =>
      'We could not find a review request for this link. Reviews are asked of families whose children attended, by e-mail after the last session.',
  },
  review_link_expired: {
    words: ({ validUntil }) => `This review link worked until ${validUntil.slice(0, 10)}. Thank you all the same.`,
  },
  review_already_given: { words: () => 'A review has been given with this link already: each link gives one review.' },
  review_withdrawn: { words: () => 'This review was withdrawn.' },
  review_not_given: { words: () => 'No review has been given with this link yet.' },
  review_not_published: {
    words: ({ status }) => `Only a published review can be hidden or replied to; this one is ${status}.`,
  },
  review_reply_exists: { words: () => 'The school has replied to this review already: one public reply per review.' },
};
