import type { EnrollmentRefusal } from '../../contracts/enrollment/refusals.js';
import { refusalKind } from './refusal-answers.js';

/**
 * Typed errors with codes. They are mapped to HTTP in one place (service/core/http-errors.ts);
 * the message is what the person reads, so it says what to do.
 */
export type ErrorCode =
  | 'validation'
  | 'unauthorized'
  /** The key is right, but its role may not use this (service/admin/permissions.ts). */
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** A link that was good once and has run out (a waitlist confirmation not used in time). */
  | 'gone'
  | 'precondition_failed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'payment_provider'
  /** A workshop's sales window is over (service/catalogue/workshop-decider.ts). */
  | 'enrollment_closed'
  /** Attendance (service/enrollment/attendance/attendance-rules.ts): no such enrollment, another workshop's, no such participant, no longer booked. */
  | 'unknown_enrollment'
  | 'not_in_workshop'
  | 'participant_out_of_range'
  | 'enrollment_not_active'
  /** The name given at pick-up is not on the family's list (service/enrollment/attendance/collection-rules.ts): confirm to record it. */
  | 'not_on_pickup_list'
  /** Attendance or pick-up asked before the session's day (service/enrollment/attendance/). */
  | 'session_not_yet'
  /** Courses (service/catalogue/session-seats.ts, service/courses/): a session full or begun, a credit spent, expired or for another program. */
  | 'session_full'
  | 'session_over'
  | 'credit_used'
  | 'credit_expired'
  | 'credit_voided'
  | 'other_program'
  /** An erasure would leave a paid class ahead: the owner is asked to cancel it first (service/privacy/erase.ts). */
  | 'upcoming_bookings';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: {
      issues?: { path: string; message: string }[];
      retryAfterSeconds?: number;
      /** More fields of the answer's body, beside `error` and `code`. */
      body?: Record<string, unknown>;
    },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (message: string, issues?: { path: string; message: string }[]) =>
  new AppError('validation', message, { issues });
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const enrollmentClosed = (message: string) => new AppError('enrollment_closed', message);

/**
 * A decision's refusal (contracts/enrollment/refusals.ts): why, as a typed code and its values,
 * not yet words. An AppError whose `code` is the kind of answer it gets (so callers that catch by
 * `code` keep working); the HTTP edge words it (http-errors.ts, refusal-answers.ts). Its message
 * is the refusal's code only: a log that prints the error carries no name or amount.
 */
export class Refused extends AppError {
  constructor(readonly refusal: EnrollmentRefusal) {
    super(refusalKind(refusal), refusal.code);
    this.name = 'Refused';
  }
}
