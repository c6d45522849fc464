import { Hono } from 'hono';
import {
  PreviewRequestSchema,
  SIGN_IN_ANSWER,
  SignInRequestSchema,
  VerifyRequestSchema,
} from '../../contracts/account/api.js';
import { HouseholdDetailsDataSchema } from '../../contracts/account/household.js';
import type { AppDeps } from '../core/deps.js';
import { clientAddress } from '../core/client-address.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { awaitProjections, MinPositionQuerySchema } from '../core/read-after-write.js';
import { sameOriginWrites } from '../core/same-origin.js';
import { validate } from '../core/validate.js';
import { accountExport, accountView } from './account-view.js';
import { accountEmailDecider } from './account-email-decider.js';
import { accountEmailStream } from '../../contracts/account/events.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { familyOf, requireFamily, signInFirst } from './family-session.js';
import { familyWriteRoutes } from './family-routes.js';
import { bookingChildrenRoutes } from './booking-children.js';
import { endCurrentSession, endSessionsOf } from './sessions.js';
import { previewSignIn, requestSignIn, verifySignIn } from './sign-in.js';

/**
 * The family account (mounted under /api): sign-in by e-mailed link, the family page and its
 * export, and (family-routes.ts) the household's details, children, signatures and parents, and
 * (booking-children.ts) the children of its bookings matched to its own.
 * Every write is same-origin only and counted by the anonymous writes' token bucket.
 */
export function accountRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);
  app.use('/account/*', sameOriginWrites(deps));
  app.use('/account', sameOriginWrites(deps));

  app.post('/account/sign-in', limited, validate('json', SignInRequestSchema), async (c) => {
    await requestSignIn(deps, c.req.valid('json').email, clientAddress(c), requestMetadata(c, deps, 'visitor'));
    return c.json(SIGN_IN_ANSWER, 202);
  });

  // What the link's page shows before its button is pressed; a POST so the token stays out of logs.
  app.post('/account/sign-in/preview', limited, validate('json', PreviewRequestSchema), async (c) =>
    c.json(await previewSignIn(deps, c.req.valid('json').token)),
  );

  app.post('/account/sign-in/verify', limited, validate('json', VerifyRequestSchema), async (c) => {
    const { token, join } = c.req.valid('json');
    return c.json(await verifySignIn(c, deps, token, join, requestMetadata(c, deps, 'visitor')));
  });

  app.post('/account/sign-out', async (c) => {
    const family = await familyOf(c, deps);
    if (family) await endCurrentSession(c, deps, family.session);
    return c.json({ signedOut: true });
  });

  app.post('/account/sign-out-everywhere', requireFamily(deps), async (c) => {
    const family = c.get('family');
    const pseudonyms = pseudonymsFor(deps.config);
    for (const parent of family.household.parents.filter((p) => p.status === 'active'))
      await deps.commands.handle(
        accountEmailDecider,
        accountEmailStream(pseudonyms.email(parent.email)),
        { type: 'VoidLinks', householdId: family.householdId, at: deps.clock().toISOString() },
        requestMetadata(c, deps, 'visitor'),
      );
    const ended = await endSessionsOf(deps, { householdId: family.householdId });
    await endCurrentSession(c, deps, family.session);
    deps.log.info('signed out everywhere', { householdId: family.householdId, sessions: ended });
    return c.json({ signedOut: true, sessions: ended });
  });

  app.get('/account', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['households', 'orders', 'enrollment-emails']);
    const family = await familyOf(c, deps);
    if (!family) throw signInFirst();
    return c.json(await accountView(deps, family));
  });

  app.get('/account/household', requireFamily(deps), (c) =>
    c.json(HouseholdDetailsDataSchema.parse(c.get('family').household.details)),
  );

  app.get('/account/export', requireFamily(deps), async (c) => {
    const family = c.get('family');
    deps.log.info('account exported', { householdId: family.householdId });
    c.header('Content-Disposition', 'attachment; filename="family-data.json"');
    return c.json(await accountExport(deps, family));
  });

  app.route('/', familyWriteRoutes(deps, limited));
  app.route('/', bookingChildrenRoutes(deps, limited));
  return app;
}
