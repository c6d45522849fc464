import type { Refusal, RefusalKind, RefusalKinds } from '../../contracts/core/refusals.js';

/**
 * Typed errors with codes. They are mapped to HTTP in one place (service/core/http-errors.ts);
 * the message is what the person reads, so it says what to do. A decision's refusal is a
 * `Refused` instead, worded at the edge.
 */
export type ErrorCode =
  | RefusalKind
  | 'precondition_failed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable'
  | 'payment_provider';

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
 * A decision's refusal (a slice's `contracts/<slice>/refusals.ts`): why, as a typed code and its
 * values, not yet words. An AppError whose `code` is the kind its contract gives the refusal (so
 * callers that catch by `code` keep working); the HTTP edge words it (http-errors.ts, with the one
 * table of service/refusals.ts). Its message is the refusal's code only: a log that prints the
 * error carries no name or amount.
 */
export class Refused<R extends Refusal = Refusal> extends AppError {
  constructor(
    readonly refusal: R,
    kind: RefusalKind,
  ) {
    super(kind, refusal.code);
    this.name = 'Refused';
  }
}

/** How a slice's deciders refuse: each refusal with the kind its contract gives its code. */
export const refuser =
  <R extends Refusal>(kinds: RefusalKinds<R>) =>
  (refusal: R): Refused<R> =>
    new Refused(refusal, kinds[refusal.code as R['code']]);
