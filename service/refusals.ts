import type { AnyRefusalAnswers } from './core/refusal-answers.js';
import { ACCOUNT_REFUSAL_ANSWERS } from './account/refusal-answers.js';
import { ADMIN_REFUSAL_ANSWERS } from './admin/refusal-answers.js';
import { CATALOGUE_REFUSAL_ANSWERS } from './catalogue/refusal-answers.js';
import { COURSES_REFUSAL_ANSWERS } from './courses/refusal-answers.js';
import { ENROLLMENT_REFUSAL_ANSWERS } from './enrollment/refusal-answers.js';
import { GIFT_CARD_REFUSAL_ANSWERS } from './gift-cards/refusal-answers.js';
import { APPOINTMENT_REFUSAL_ANSWERS } from './appointments/refusal-answers.js';
import { INSTRUCTOR_REFUSAL_ANSWERS } from './instructors/refusal-answers.js';
import { INQUIRY_REFUSAL_ANSWERS } from './inquiries/refusal-answers.js';
import { MESSAGE_REFUSAL_ANSWERS } from './messages/refusal-answers.js';
import { ORGANIZATION_REFUSAL_ANSWERS } from './organizations/refusal-answers.js';
import { PRICING_REFUSAL_ANSWERS } from './pricing/refusal-answers.js';
import { WAITLIST_REFUSAL_ANSWERS } from './waitlist/refusal-answers.js';
import { REVIEW_REFUSAL_ANSWERS } from './reviews/refusal-answers.js';
import { CERTIFICATE_REFUSAL_ANSWERS } from './certificates/refusal-answers.js';
import { LOCATION_REFUSAL_ANSWERS } from './locations/refusal-answers.js';

/**
 * The one table of the API's refusal answers: each slice's words for the refusals its deciders
 * throw (their codes and kinds are in `contracts/<slice>/refusals.ts`), assembled here, at the
 * composition root, and read by the HTTP edge (service/core/http-errors.ts). No two slices share a
 * code (tests/service/core/refusal-answers.unit.test.ts).
 */
export const REFUSAL_PARTS = {
  enrollment: ENROLLMENT_REFUSAL_ANSWERS,
  catalogue: CATALOGUE_REFUSAL_ANSWERS,
  waitlist: WAITLIST_REFUSAL_ANSWERS,
  account: ACCOUNT_REFUSAL_ANSWERS,
  admin: ADMIN_REFUSAL_ANSWERS,
  courses: COURSES_REFUSAL_ANSWERS,
  giftCards: GIFT_CARD_REFUSAL_ANSWERS,
  pricing: PRICING_REFUSAL_ANSWERS,
  inquiries: INQUIRY_REFUSAL_ANSWERS,
  messages: MESSAGE_REFUSAL_ANSWERS,
  instructors: INSTRUCTOR_REFUSAL_ANSWERS,
  appointments: APPOINTMENT_REFUSAL_ANSWERS,
  organizations: ORGANIZATION_REFUSAL_ANSWERS,
  reviews: REVIEW_REFUSAL_ANSWERS,
  certificates: CERTIFICATE_REFUSAL_ANSWERS,
  locations: LOCATION_REFUSAL_ANSWERS,
} as const satisfies Record<string, AnyRefusalAnswers>;

export const REFUSAL_ANSWERS: AnyRefusalAnswers = Object.assign({}, ...Object.values(REFUSAL_PARTS));
