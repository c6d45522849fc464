import { formatClosingDate } from '../../contracts/catalogue/sales-window.js';
import type { CoursesRefusal } from '../../contracts/courses/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** How the API words the make-up credits' refusals (contracts/courses/refusals.ts): their part of the one table. */
export const COURSES_REFUSAL_ANSWERS: RefusalAnswers<CoursesRefusal> = {
  makeup_credit_not_found: { words: () => 'We could not find that make-up credit for this booking.' },
  makeup_credit_booked: {
    words: () =>
      'This make-up credit is already booked for another session. Cancel that make-up first to use the credit elsewhere.',
  },
  makeup_credit_expired: {
    words: (r) =>
      `This make-up credit expired on ${formatClosingDate(r.validUntil)}. Please contact us if you need help.`,
  },
  makeup_other_program: {
    words: (r) =>
      `${r.targetTitle} is another program: this make-up credit can only be used in a class of the same program.`,
  },
  makeup_begun: { words: () => 'This make-up session has already begun, so it can no longer be cancelled.' },
};
