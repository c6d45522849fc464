import { formatClosingDate } from '../../contracts/catalogue/sales-window.js';
import type { CoursesRefusal } from '../../contracts/courses/refusals.js';
import type { VoidReason } from '../../contracts/courses/events.js';
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
  makeup_credit_voided: {
    words: (r) => `This make-up credit no longer applies: ${VOID_WORDS[r.reason]}. Please contact us if this is wrong.`,
  },
  makeup_credit_changed: {
    words: () => 'This make-up credit changed a moment ago. Please try again.',
  },
};

const VOID_WORDS: Record<VoidReason, string> = {
  'booking-cancelled': 'the booking it came from was cancelled',
  'booking-transferred': 'the booking it came from moved to another class, where every session is booked',
  'place-cancelled': 'this child’s place in the booking was cancelled',
  'place-transferred': 'this child’s place moved to another class, where every session is booked',
};
