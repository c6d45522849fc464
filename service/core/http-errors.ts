import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, Refused, type ErrorCode } from './errors.js';
import { refusalBody, refusalRetryAfter, type AnyRefusalAnswers } from './refusal-answers.js';
import { WrongExpectedRevisionError, EventStoreUnavailableError } from '../../platform/eventstore/port.js';
import { ReadStoreUnavailableError } from '../../platform/readstore/port.js';
import { KeyStoreUnavailableError } from '../../platform/keystore/port.js';
import { PaymentProviderError } from '../payments/port.js';
import type { Logger } from '../../platform/log.js';
import { StreamBusyError } from '../../platform/command/handler.js';
import { routePatternOf, withoutPathSecrets } from './route-pattern.js';

/** The one place where error codes become HTTP statuses. */
export const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  payment_provider: 502,
  enrollment_closed: 409,
  unknown_enrollment: 404,
  not_in_workshop: 409,
  session_full: 409,
  session_over: 409,
  credit_used: 409,
  credit_expired: 409,
  credit_voided: 409,
  other_program: 409,
  already_in_session: 409,
  participant_out_of_range: 400,
  enrollment_not_active: 409,
  not_on_pickup_list: 409,
  session_not_yet: 409,
  upcoming_bookings: 409,
};

/**
 * The answer to an error thrown by a route. A decision's refusal is worded here, by the one table
 * of refusal answers (`answers`: service/refusals.ts, assembled from each slice's part).
 */
export function toErrorResponse(err: unknown, c: Context, log: Logger, answers: AnyRefusalAnswers): Response {
  if (err instanceof Refused) {
    const retryAfter = refusalRetryAfter(answers, err.refusal);
    if (retryAfter) c.header('Retry-After', String(retryAfter));
    if (!Object.hasOwn(answers, err.refusal.code)) log.error('refusal without words', { code: err.refusal.code });
    return c.json(refusalBody(answers, err), STATUS[err.code]);
  }
  if (err instanceof AppError) {
    if (err.details?.retryAfterSeconds) c.header('Retry-After', String(err.details.retryAfterSeconds));
    const body: Record<string, unknown> = { ...err.details?.body, error: err.message, code: err.code };
    if (err.details?.issues) body.issues = err.details.issues;
    return c.json(body, STATUS[err.code]);
  }
  if (err instanceof StreamBusyError) return c.json({ error: err.message, code: 'conflict' }, 409);
  if (err instanceof WrongExpectedRevisionError) {
    return c.json(
      { error: 'This record was changed by someone else. Please reload and try again.', code: 'conflict' },
      409,
    );
  }
  if (err instanceof EventStoreUnavailableError) {
    log.error('event store unavailable', { err: err.message });
    c.header('Retry-After', '5');
    return c.json(
      { error: 'We cannot save changes right now. Please try again in a minute.', code: 'unavailable' },
      503,
    );
  }
  if (err instanceof KeyStoreUnavailableError) {
    log.error('key store unavailable', { err: err.message });
    c.header('Retry-After', '5');
    return c.json(
      { error: 'We cannot save changes right now. Please try again in a minute.', code: 'unavailable' },
      503,
    );
  }
  if (err instanceof ReadStoreUnavailableError) {
    log.error('read store unavailable', { err: err.message });
    c.header('Retry-After', '5');
    return c.json(
      { error: 'This information is unavailable right now. Please try again in a minute.', code: 'unavailable' },
      503,
    );
  }
  if (err instanceof PaymentProviderError) {
    // The provider's own words may name the customer; the log keeps the error kind only.
    log.error('payment provider unavailable', { err: err.name });
    c.header('Retry-After', '5');
    return c.json(
      { error: 'The payment provider did not answer in time. Please try again in a minute.', code: 'payment_provider' },
      502,
    );
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message =
      status === 413
        ? 'The request is too large.'
        : status === 400
          ? 'The request could not be read. Send JSON with the documented fields.'
          : err.message || 'Request refused.';
    return c.json({ error: message, code: status === 413 ? 'payload_too_large' : 'validation' }, status);
  }
  if (err instanceof SyntaxError) {
    return c.json({ error: 'The request body is not valid JSON.', code: 'validation' }, 400);
  }
  // The route's pattern, never its path: a booking's path is its bearer token, a gift card's its code.
  const { name, message } = err instanceof Error ? err : { name: typeof err, message: String(err) };
  log.error('unhandled error', {
    err: { name, message: withoutPathSecrets(message, c) },
    route: routePatternOf(c),
    method: c.req.method,
  });
  return c.json(
    { error: 'Something went wrong on our side. Nothing was lost; please try again.', code: 'internal' },
    500,
  );
}
