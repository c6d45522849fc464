import { AppError, type ErrorCode } from '../../core/errors.js';
import type { EnrollmentStatus } from './enrollment-state.js';

/**
 * Why the enrollment stream refuses a command, as data: the decisions name the case, the table in
 * `refusal-sentences.ts` words it for the parent or the administrator, and the HTTP edge
 * (service/core/http-errors.ts) gives it its status from `httpCode`.
 */
export type EnrollmentRefusal =
  | { code: 'enrollment_not_found' }
  | { code: 'already_submitted' }
  | { code: 'free_enrollment' }
  | { code: 'already_paid' }
  | { code: 'hold_expired' }
  | { code: 'replaced_by_newer' }
  | { code: 'not_payable'; status: EnrollmentStatus }
  | { code: 'not_confirmable'; status: EnrollmentStatus }
  | { code: 'not_cancellable_here'; status: EnrollmentStatus }
  | { code: 'not_refundable_here'; status: EnrollmentStatus }
  | { code: 'no_confirmation_email' }
  | { code: 'no_confirmation_to_resend'; status: EnrollmentStatus }
  | { code: 'no_reminder'; status: EnrollmentStatus }
  | { code: 'no_balance_due' }
  | { code: 'balance_amount'; dueCents: number };

export type RefusalCode = EnrollmentRefusal['code'];

/** The kind of HTTP answer each refusal is: the `code` of the JSON error the API has always given. */
const HTTP_CODE: Record<RefusalCode, ErrorCode> = {
  enrollment_not_found: 'not_found',
  already_submitted: 'conflict',
  free_enrollment: 'validation',
  already_paid: 'conflict',
  hold_expired: 'conflict',
  replaced_by_newer: 'conflict',
  not_payable: 'conflict',
  not_confirmable: 'conflict',
  not_cancellable_here: 'conflict',
  not_refundable_here: 'conflict',
  no_confirmation_email: 'conflict',
  no_confirmation_to_resend: 'conflict',
  no_reminder: 'conflict',
  no_balance_due: 'conflict',
  balance_amount: 'validation',
};

/** A refusal of the enrollment stream: an AppError (callers that catch by `code` keep working) carrying its typed case. */
export class EnrollmentRefused extends AppError {
  constructor(
    readonly refusal: EnrollmentRefusal,
    sentence: string,
  ) {
    super(HTTP_CODE[refusal.code], sentence);
    this.name = 'EnrollmentRefused';
  }
}
