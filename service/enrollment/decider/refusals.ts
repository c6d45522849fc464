import type { EnrollmentRefusal } from '../../../contracts/enrollment/refusals.js';
import { Refused } from '../../core/errors.js';

export type { EnrollmentRefusal, RefusalCode } from '../../../contracts/enrollment/refusals.js';

/**
 * How every decision on the enrollment's stream refuses a command: why, as a typed code with its
 * values (contracts/enrollment/refusals.ts), never words. The HTTP edge words it and gives it its
 * status (service/core/refusal-answers.ts, http-errors.ts).
 */
export const refuse = (refusal: EnrollmentRefusal): Refused => new Refused(refusal);
