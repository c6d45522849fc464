import type { MiddlewareHandler } from 'hono';
import { ADMINISTRATORS_STREAM, OWNER_ADMINISTRATOR } from '../../contracts/admin/administrators.js';
import type { AdminSession } from '../../contracts/admin/roles.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { clientAddress } from '../core/client-address.js';
import { setAdministrator } from '../core/admin-identity.js';
import { WrongKeyThrottle } from './wrong-key-throttle.js';
import { keyMatches } from './key-match.js';
import { activeAdministratorByHash, administratorsDecider } from './administrators-decider.js';
import { hashAdministratorKey, looksLikeAdministratorKey } from './administrator-keys.js';
import { LastUsedTracker } from './last-used.js';
import { routePatternOf } from '../core/route-pattern.js';

export const ADMIN_KEY_HEADER = 'Admin-Key';
/** More than this many different wrong keys in a minute from one client answers 429 until the window slides. */
export const MAX_FAILURES_PER_MINUTE = 10;

/**
 * Who holds this key: the owner (ADMIN_KEY) or an active named administrator. A named key is
 * checked against the administrators stream as it stands in the event store now, not a cached
 * or projected copy, so a revocation refuses the key at once on every process. The stream is a
 * handful of events (a school has few administrators), read in one round trip.
 */
async function holderOf(deps: AppDeps, given: string | undefined, ownerKey: string): Promise<AdminSession | null> {
  if (!given) return null;
  if (keyMatches(given, ownerKey)) return { ...OWNER_ADMINISTRATOR, role: 'owner' };
  if (!looksLikeAdministratorKey(given)) return null;
  const state = await deps.commands.state(administratorsDecider, ADMINISTRATORS_STREAM);
  // Looking up by hash is safe against timing: the hash of a 256-bit random key tells nothing.
  return activeAdministratorByHash(state, hashAdministratorKey(given));
}

/**
 * Guards every admin route: the Admin-Key header must be ADMIN_KEY (the owner) or the key of an
 * active named administrator, who is then named (with their role, for service/admin/permissions.ts)
 * in the metadata of every event the request causes. The key is checked first, so a right key is
 * never refused, whatever wrong keys came from its address; a refused key counts against its client
 * address (service/core/client-address.ts: a forged X-Forwarded-For from an untrusted peer is
 * ignored) and past the limit is answered 429 (see WrongKeyThrottle). Guessing is then held back by
 * the keys' size, not by the throttle: named keys are 256 random bits, ADMIN_KEY at least 12
 * characters (a generated one 192 bits).
 */
export function adminGate(deps: AppDeps): MiddlewareHandler {
  const wrongKeys = new WrongKeyThrottle(MAX_FAILURES_PER_MINUTE, 60_000, () => deps.clock().getTime());
  const lastUsed = new LastUsedTracker(deps.readStore, deps.clock, deps.log);
  return async (c, next) => {
    const expected = deps.config.ADMIN_KEY;
    if (!expected) {
      // Fail closed: with no key configured nobody is an administrator.
      throw new AppError('unavailable', 'The admin area is not configured on this server: set ADMIN_KEY.');
    }
    const given = c.req.header(ADMIN_KEY_HEADER);
    const holder = await holderOf(deps, given, expected);
    if (!holder) {
      const wait = wrongKeys.refused(clientAddress(c), given);
      deps.log.warn('admin key refused', { route: routePatternOf(c), throttled: wait > 0 });
      if (wait > 0)
        throw new AppError('rate_limited', `Too many wrong admin keys. Please wait ${wait} seconds and try again.`, {
          retryAfterSeconds: wait,
        });
      throw new AppError('unauthorized', 'Please check your admin key and try again.');
    }
    setAdministrator(c, holder);
    await lastUsed.touch(holder.id);
    await next();
  };
}
