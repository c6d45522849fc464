import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from './deps.js';
import { AppError } from './errors.js';
import { clientAddress } from './client-address.js';
import type { BucketPolicy } from '../../platform/ratelimit/port.js';

/** The policy of anonymous writes from the configuration, or null when RATE_LIMIT_PER_MINUTE=off. */
export function anonymousWritePolicy(deps: AppDeps): BucketPolicy | null {
  const perMinute = deps.config.RATE_LIMIT_PER_MINUTE;
  return perMinute === null ? null : { burst: deps.config.RATE_LIMIT_BURST, perMinute };
}

/** Words a parent understands for a wait of `seconds`. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * One token per request from the client's bucket (one bucket per client address, shared by every
 * route it guards), taken before the body is read so a flood costs little. Refused: 429 with
 * Retry-After in whole seconds.
 */
export function rateLimit(deps: AppDeps, policy = anonymousWritePolicy(deps)): MiddlewareHandler {
  return async (c, next) => {
    if (policy) {
      const { allowed, retryAfterMs } = await deps.rateLimits.take(
        `write:${clientAddress(c)}`,
        policy,
        deps.clock().getTime(),
      );
      if (!allowed) {
        const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
        throw new AppError(
          'rate_limited',
          `You have sent many requests in a short time. Please wait ${waitText(seconds)} and try again.`,
          {
            retryAfterSeconds: seconds,
          },
        );
      }
    }
    await next();
  };
}
