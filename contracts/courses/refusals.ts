import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on a make-up credit's stream refuses a command, as data (worded in service/courses/refusal-answers.ts). */
export type CoursesRefusal =
  | { code: 'makeup_credit_not_found' }
  | { code: 'makeup_credit_booked' }
  | { code: 'makeup_credit_expired'; validUntil: string }
  | { code: 'makeup_other_program'; targetTitle: string }
  | { code: 'makeup_begun' };

export const COURSES_REFUSAL_KINDS: RefusalKinds<CoursesRefusal> = {
  makeup_credit_not_found: 'not_found',
  makeup_credit_booked: 'credit_used',
  makeup_credit_expired: 'credit_expired',
  makeup_other_program: 'other_program',
  makeup_begun: 'session_over',
};
