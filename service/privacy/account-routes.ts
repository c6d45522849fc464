import { Hono } from 'hono';
import { EraseOwnFamilyInputSchema, type ErasureAccepted } from '../../contracts/privacy/api.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { sameOriginWrites } from '../core/same-origin.js';
import { validate } from '../core/validate.js';
import { requireFamily } from '../account/family-session.js';
import { endCurrentSession, endSessionsOf } from '../account/sessions.js';
import { eraseFamily } from './erase.js';
import { accountEmailDecider } from '../account/account-email-decider.js';
import { accountEmailStream } from '../../contracts/account/events.js';
import { pseudonymsFor } from '../core/pseudonyms.js';

/**
 * A signed-in parent erases their own household (the family page, after a confirmation):
 * POST /account/erase `{ cancelUpcoming? }` → 202 `{ subjectId, erasedAt, position }`, or 409
 * `upcoming_bookings` as the school's erasure answers. The parent's own address (their bookings as
 * the contact, their sign-ins) and the household itself (details, children, signatures) are
 * erased; another parent keeps their key and their own bookings, and leaves the erased household
 * with everyone else: every session of it ends, this one too.
 */
export function accountPrivacyRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.use('/account/erase', sameOriginWrites(deps));

  app.post(
    '/account/erase',
    rateLimit(deps),
    requireFamily(deps),
    validate('json', EraseOwnFamilyInputSchema),
    async (c) => {
      const family = c.get('family');
      const emails = family.household.parents.filter((p) => p.status === 'active').map((p) => p.email);
      // The signed-in parent's own data and the household's (found through their address): never
      // another parent's address, key or bookings (issue 36 item 1).
      const erasure = await eraseFamily(
        deps,
        { emails: [family.email], cancelUpcoming: c.req.valid('json').cancelUpcoming, by: 'family' },
        requestMetadata(c, deps, 'visitor'),
      );
      // The addresses leave the erased household: a later sign-in opens a new family page, not an empty one.
      const at = deps.clock().toISOString();
      for (const email of emails)
        await deps.commands.handle(
          accountEmailDecider,
          accountEmailStream(pseudonymsFor(deps.config).email(email)),
          { type: 'UnlinkEmail', householdId: family.householdId, at },
          requestMetadata(c, deps, 'visitor'),
        );
      await endSessionsOf(deps, { householdId: family.householdId });
      await endCurrentSession(c, deps, family.session);
      const body: ErasureAccepted = {
        subjectId: erasure.subjectId,
        erasedAt: erasure.erasedAt,
        position: erasure.position.toString(),
      };
      return c.json(body, 202);
    },
  );
  return app;
}
