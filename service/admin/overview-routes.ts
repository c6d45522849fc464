import { Hono } from 'hono';
import type { Inquiry } from '../../contracts/inquiries/inquiry.js';
import { InboxQuerySchema } from '../../contracts/admin/inbox.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { readDashboard } from './dashboard-query.js';
import { readDashboardDay } from './dashboard-day.js';
import { pageWindow, setTotal } from './paging.js';
import { taughtFilter } from './permissions.js';
import { recordAccess } from '../core/access-log.js';

/** The dashboard's summary cards, its next workshops, and the inbox of contact messages and consultation requests. */
export function adminOverviewRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/dashboard', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['dashboard']);
    const dashboard = await readDashboard(deps.readStore, deps.clock());
    // Balances past due name their parents: then the dashboard is a read of personal data.
    if (dashboard.pastDueBalances?.length) await recordAccess(deps, c, { kind: 'dashboard' });
    return c.json(dashboard);
  });

  app.get('/dashboard/day', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['schedule', 'waitlists', 'enrollments']);
    // An instructor's day is the workshops they teach.
    return c.json(await readDashboardDay(deps.readStore, deps.clock(), taughtFilter(c)));
  });

  app.get('/inquiries', validate('query', InboxQuerySchema.extend(MinPositionQuerySchema.shape)), async (c) => {
    const query = c.req.valid('query');
    await awaitProjections(deps, query.minPosition, ['inquiries']);
    const { items, total } = await deps.readStore.findWithTotal<Inquiry>('inquiries', {
      sort: [{ field: 'receivedAt', direction: 'desc' }],
      ...pageWindow(query, 'first-page'),
    });
    await recordAccess(deps, c, { kind: 'inquiries' });
    setTotal(c, total);
    return c.json(items.map((i) => i.doc));
  });

  return app;
}
