import { Hono } from 'hono';
import {
  inquiryStream,
  type Inquiry,
  type InquiryMarkedRead,
  type UnreadInquiries,
} from '../../contracts/inquiries/inquiry.js';
import { InboxQuerySchema } from '../../contracts/admin/inbox.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { readDashboard } from './dashboard-query.js';
import { readDashboardDay } from './dashboard-day.js';
import { dashboardLocations } from './dashboard-locations.js';
import { locationLimit } from './location-scope.js';
import { LOCATIONS } from '../../projections/locations/locations.js';
import { pageWindow, setTotal } from './paging.js';
import { workshopFilter } from './permissions.js';
import { recordAccess } from '../core/access-log.js';
import { requestMetadata } from '../core/metadata.js';
import { notFound } from '../core/errors.js';
import { inquiryDecider } from '../inquiries/inquiry-decider.js';

const NO_INQUIRY = 'We could not find that message in the inbox.';
const INQUIRY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The dashboard's summary cards, its next workshops, and the inbox of contact messages and consultation requests. */
export function adminOverviewRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/dashboard', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, [
      'dashboard',
      'invoices',
      'schedule',
      LOCATIONS,
      'installment-plans',
    ]);
    const now = deps.clock();
    const dashboard = {
      ...(await readDashboard(deps.readStore, now)),
      locations: await dashboardLocations(deps.readStore, now, locationLimit(c)),
    };
    // Balances and instalments past due name their parents: then the dashboard is a read of personal data.
    if (dashboard.pastDueBalances?.length || dashboard.pastDueInstallments?.count)
      await recordAccess(deps, c, { kind: 'dashboard' });
    return c.json(dashboard);
  });

  app.get('/dashboard/day', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['schedule', 'waitlists', 'enrollments']);
    // An instructor's day is the workshops they teach; a limited administrator's, their locations'.
    return c.json(await readDashboardDay(deps.readStore, deps.clock(), workshopFilter(c)));
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

  // The inbox tab's badge: inquiries nobody has read yet (a count, no personal data).
  app.get('/inquiries/unread', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['inquiries']);
    const { total } = await deps.readStore.findWithTotal<Inquiry>('inquiries', { where: { unread: true }, limit: 1 });
    c.header('Cache-Control', 'no-store');
    return c.json({ unread: total } satisfies UnreadInquiries);
  });

  app.post('/inquiries/:id/read', async (c) => {
    const id = c.req.param('id');
    if (!INQUIRY_ID.test(id)) throw notFound(NO_INQUIRY);
    const metadata = requestMetadata(c, deps, 'admin');
    const { position } = await deps.commands.handle(
      inquiryDecider,
      inquiryStream(id),
      { type: 'MarkInquiryRead', inquiryId: id, at: metadata.at },
      metadata,
    );
    return c.json({
      id,
      position: (position ?? (await deps.eventStore.headPosition())).toString(),
    } satisfies InquiryMarkedRead);
  });

  return app;
}
