import type { AnyRefusalAnswers } from './core/refusal-answers.js';
import { ENROLLMENT_REFUSAL_ANSWERS } from './enrollment/refusal-answers.js';

/**
 * The one table of the API's refusal answers: each slice's words for the refusals its deciders
 * throw (their codes and kinds are in `contracts/<slice>/refusals.ts`), assembled here, at the
 * composition root, and read by the HTTP edge (service/core/http-errors.ts). No two slices share a
 * code (tests/service/core/refusal-answers.unit.test.ts).
 */
export const REFUSAL_PARTS = {
  enrollment: ENROLLMENT_REFUSAL_ANSWERS,
} as const satisfies Record<string, AnyRefusalAnswers>;

export const REFUSAL_ANSWERS: AnyRefusalAnswers = Object.assign({}, ...Object.values(REFUSAL_PARTS));
