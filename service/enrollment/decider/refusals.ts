import { ENROLLMENT_REFUSAL_KINDS, type EnrollmentRefusal } from '../../../contracts/enrollment/refusals.js';
import { refuser } from '../../core/errors.js';

export type { EnrollmentRefusal, RefusalCode } from '../../../contracts/enrollment/refusals.js';

/**
 * How every decision on the enrollment's stream refuses a command: why, as a typed code with its
 * values and the kind its contract gives it (contracts/enrollment/refusals.ts), never words. The
 * HTTP edge words it (service/enrollment/refusal-answers.ts, in the one table of service/refusals.ts).
 */
export const refuse = refuser<EnrollmentRefusal>(ENROLLMENT_REFUSAL_KINDS);
