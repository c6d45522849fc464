import type { RefusalKinds } from '../core/refusals.js';
import type { VoidReason } from './events.js';

/** Why a decision on a make-up credit's stream refuses a command, as data (worded in service/courses/refusal-answers.ts). */
export type CoursesRefusal =
  | { code: 'makeup_credit_not_found' }
  | { code: 'makeup_credit_booked' }
  | { code: 'makeup_credit_expired'; validUntil: string }
  | { code: 'makeup_other_program'; targetTitle: string }
  | { code: 'makeup_begun' }
  /** The place the credit came from was cancelled or moved (issue 36): it no longer applies. */
  | { code: 'makeup_credit_voided'; reason: VoidReason }
  /** The credit changed while a void was decided on an older view of it: decided again. */
  | { code: 'makeup_credit_changed' };

export const COURSES_REFUSAL_KINDS: RefusalKinds<CoursesRefusal> = {
  makeup_credit_not_found: 'not_found',
  makeup_credit_booked: 'credit_used',
  makeup_credit_expired: 'credit_expired',
  makeup_other_program: 'other_program',
  makeup_begun: 'session_over',
  makeup_credit_voided: 'credit_voided',
  makeup_credit_changed: 'conflict',
};
