import { REVIEW_REFUSAL_KINDS, type ReviewRefusal } from '../../contracts/reviews/refusals.js';
import { refuser } from '../core/errors.js';

/** How the review's decisions refuse: a typed code and its values (contracts/reviews/refusals.ts). */
export const refuse = refuser<ReviewRefusal>(REVIEW_REFUSAL_KINDS);
