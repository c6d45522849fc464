import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { clientAddress } from '../core/client-address.js';
import { FailureWindow } from './failure-window.js';
import { keyMatches } from './key-match.js';

export const ADMIN_KEY_HEADER = 'Admin-Key';
/** More than this many wrong keys in a minute from one client answers 429 until the window slides. */
export const MAX_FAILURES_PER_MINUTE = 10;

/**
 * Guards every admin route: the Admin-Key header must match ADMIN_KEY. A blocked client is turned
 * away before its key is looked at, so guessing stays slow even with the right key among guesses.
 * Failures count per client address (service/core/client-address.ts): one client's wrong keys
 * never turn away another client, and a forged X-Forwarded-For from an untrusted peer is ignored.
 */
export function adminGate(deps: AppDeps): MiddlewareHandler {
  const failures = new FailureWindow(MAX_FAILURES_PER_MINUTE, 60_000, () => deps.clock().getTime());
  return async (c, next) => {
    const expected = deps.config.ADMIN_KEY;
    if (!expected) {
      // Fail closed: with no key configured nobody is an administrator.
      throw new AppError('unavailable', 'The admin area is not configured on this server: set ADMIN_KEY.');
    }
    const client = clientAddress(c);
    const wait = failures.blockedFor(client);
    if (wait > 0) {
      throw new AppError('rate_limited', `Too many wrong admin keys. Please wait ${wait} seconds and try again.`, {
        retryAfterSeconds: wait,
      });
    }
    if (!keyMatches(c.req.header(ADMIN_KEY_HEADER), expected)) {
      failures.record(client);
      deps.log.warn('admin key refused', { path: c.req.path });
      throw new AppError('unauthorized', 'Please check your admin key and try again.');
    }
    await next();
  };
}
