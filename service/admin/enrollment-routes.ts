import { Hono, type Context } from 'hono';
import { recordAccess } from '../core/access-log.js';
import { z } from 'zod';
import { EnrollmentListQuerySchema } from '../../contracts/admin/enrollments.js';
import type { EnrollmentHistory } from '../../contracts/admin/history.js';
import { EnrollmentIdSchema } from '../../contracts/enrollment/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { exportEnrollments, findEnrollment, findEnrollments } from './enrollment-queries.js';
import { csvFileName, enrollmentCsv } from './enrollment-csv.js';
import { CSV_BOM } from './csv.js';
import { pageWindow, setTotal } from './paging.js';
import { locationLimit, workshopIdsWithin } from './location-scope.js';

const ListQuery = EnrollmentListQuerySchema.extend(MinPositionQuerySchema.shape);
const ExportQuery = ListQuery.omit({ page: true, pageSize: true });
const IdParam = z.object({ id: EnrollmentIdSchema });
/** The tracker reads its rows and, for a whole e-mail address, its index by e-mail. */
const TRACKER_PROJECTIONS = ['enrollments', 'enrollment-emails'];
/** Whether a search narrowed the tracker (what was typed, maybe a family's name or e-mail, is not logged). */
const searched = (query: { q?: string | undefined }) => (query.q ?? '').trim() !== '';

/** The enrollment tracker, its CSV export, each enrollment with its participants, and its audit trail; read models only. */
export function adminEnrollmentRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  /** A location-limited administrator's tracker and CSV hold only the bookings of their locations' workshops. */
  const scoped = async <Q extends object>(c: Context, query: Q) => {
    const limit = locationLimit(c);
    return limit ? { ...query, withinWorkshops: await workshopIdsWithin(deps.readStore, limit) } : query;
  };

  app.get('/enrollments', validate('query', ListQuery), async (c) => {
    const query = c.req.valid('query');
    await awaitProjections(deps, query.minPosition, TRACKER_PROJECTIONS);
    const { records, total } = await findEnrollments(deps.readStore, await scoped(c, query), pageWindow(query, 'all'));
    await recordAccess(deps, c, { kind: 'tracker', search: searched(query) });
    setTotal(c, total);
    return c.json(records);
  });

  app.get('/enrollments/export.csv', validate('query', ExportQuery), async (c) => {
    const query = c.req.valid('query');
    await awaitProjections(deps, query.minPosition, TRACKER_PROJECTIONS);
    const records = await exportEnrollments(deps.readStore, await scoped(c, query));
    await recordAccess(deps, c, { kind: 'tracker-csv', search: searched(query) });
    deps.log.info('enrollments exported', { rows: records.length });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${csvFileName(deps.clock())}"`);
    c.header('Cache-Control', 'no-store');
    return c.body(CSV_BOM + enrollmentCsv(records));
  });

  app.get('/enrollments/:id', validate('param', IdParam), validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['enrollments', 'orders']);
    const found = await findEnrollment(deps.readStore, c.req.valid('param').id, deps.clock());
    if (!found) throw notFound('We could not find that enrollment.');
    await recordAccess(deps, c, { kind: 'enrollment', enrollmentId: found.id });
    return c.json(found);
  });

  app.get(
    '/enrollments/:id/history',
    validate('param', IdParam),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      await awaitProjections(deps, c.req.valid('query').minPosition, ['enrollment-history']);
      const found = await deps.readStore.get<EnrollmentHistory>('enrollment-history', c.req.valid('param').id);
      if (!found) throw notFound('We could not find that enrollment.');
      await recordAccess(deps, c, { kind: 'enrollment-history', enrollmentId: c.req.valid('param').id });
      return c.json(found.doc);
    },
  );

  return app;
}
