import type { BucketPolicy } from '../../platform/ratelimit/port.js';
import type { AppDeps } from './deps.js';
import { AppError } from './errors.js';
import { pseudonymsFor } from './pseudonyms.js';
import { anonymousWritePolicy, waitText } from './rate-limit.js';

/** Sign-in links asked for one inbox: three at once, then one every five minutes… */
export const SIGN_IN_PER_MAILBOX: BucketPolicy = { burst: 3, perMinute: 0.2 };
/** …and over time at most six an hour (a bucket of six, filled at six an hour). */
export const SIGN_IN_PER_MAILBOX_HOURLY: BucketPolicy = { burst: 6, perMinute: 0.1 };

const refused = (retryAfterMs: number, when: string) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    'rate_limited',
    `${when}. Please use the newest one, or wait ${waitText(seconds)} and ask again.`,
    { retryAfterSeconds: seconds },
  );
};

/**
 * Takes one sign-in e-mail from the allowance of the inbox `email` reaches (its canonical mailbox,
 * so `+tags` and Gmail's dots share one allowance: issue 36), or refuses with 429 and Retry-After.
 * Off with the anonymous writes' limit (RATE_LIMIT_PER_MINUTE=off).
 */
export async function takeSignInAllowance(deps: AppDeps, email: string): Promise<void> {
  if (!anonymousWritePolicy(deps)) return;
  const mailbox = pseudonymsFor(deps.config).mailbox(email);
  const now = deps.clock().getTime();
  const burst = await deps.rateLimits.take(`sign-in-email:${mailbox}`, SIGN_IN_PER_MAILBOX, now);
  if (!burst.allowed)
    throw refused(burst.retryAfterMs, 'Several sign-in links were asked for this address in a short time');
  const hour = await deps.rateLimits.take(`sign-in-hour:${mailbox}`, SIGN_IN_PER_MAILBOX_HOURLY, now);
  if (!hour.allowed)
    throw refused(hour.retryAfterMs, 'Many sign-in links were asked for this address in the last hour');
}
