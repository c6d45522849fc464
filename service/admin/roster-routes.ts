import { Hono } from 'hono';
import {
  AttendanceRequestSchema,
  CollectionRequestSchema,
  type AttendanceResult,
  type CollectionResult,
} from '../../contracts/admin/roster.js';
import { CatalogueIdParamSchema } from '../../contracts/enrollment/api.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';
import { findWorkshop } from '../catalogue/queries.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { readRoster } from './roster-query.js';
import { rosterCsv, rosterFileName } from './roster-csv.js';

const NO_WORKSHOP = 'We could not find that workshop.';
/** What an attendance answer waits for, so the roster and the history read next already show it. */
const SHOWN_IN = ['roster', 'enrollment-history'];

/**
 * The instructor's day (behind the admin key gate):
 * - GET /admin/workshops/:id/roster and /roster.csv: every participant of the workshop's pending
 *   and confirmed enrollments with their safety details and attendance, from the `roster` read model.
 * - POST /admin/workshops/:id/attendance `{ enrollmentId, participant, present }`: recorded as
 *   AttendanceMarked on the enrollment's stream by the enrollment decider.
 * - POST /admin/workshops/:id/collected `{ enrollmentId, participant, collectedBy, confirmNotOnList? }`:
 *   ChildCollected on the enrollment's stream, checked against the family's pick-up list as the
 *   roster shows it (a name not on it: 409 `not_on_pickup_list` unless confirmed, then flagged).
 */
export function adminRosterRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  const roster = async (id: string, minPosition: string | undefined) => {
    await awaitProjections(deps, minPosition, ['roster', 'schedule']);
    const found = await readRoster(deps.readStore, id, { now: deps.clock(), waivers: deps.waivers });
    if (!found) throw notFound(NO_WORKSHOP);
    return found;
  };

  app.get(
    '/workshops/:id/roster',
    validate('param', CatalogueIdParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await roster(c.req.valid('param').id, c.req.valid('query').minPosition));
    },
  );

  app.get(
    '/workshops/:id/roster.csv',
    validate('param', CatalogueIdParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      const found = await roster(c.req.valid('param').id, c.req.valid('query').minPosition);
      deps.log.info('roster exported', { workshopId: found.workshop.id, rows: found.rows.length });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${rosterFileName(found)}"`);
      c.header('Cache-Control', 'no-store');
      return c.body(rosterCsv(found));
    },
  );

  app.post(
    '/workshops/:id/attendance',
    validate('param', CatalogueIdParamSchema),
    validate('json', AttendanceRequestSchema),
    async (c) => {
      const workshopId = c.req.valid('param').id;
      const { enrollmentId, participant, present } = c.req.valid('json');
      if (!(await findWorkshop(deps.readStore, workshopId))) throw notFound(NO_WORKSHOP);
      const { position } = await deps.commands.handle(
        enrollmentDecider,
        enrollmentStream(enrollmentId),
        { type: 'MarkAttendance', workshopId, participant, present, at: deps.clock().toISOString() },
        requestMetadata(c, deps, 'admin'),
      );
      if (position !== null) await deps.projections.waitFor(position, SHOWN_IN, 2_000);
      deps.log.info('attendance marked', { enrollmentId, workshopId, participant, present });
      const head = position ?? (await deps.eventStore.headPosition());
      const result: AttendanceResult = { enrollmentId, participant, present, position: head.toString() };
      return c.json(result);
    },
  );

  app.post(
    '/workshops/:id/collected',
    validate('param', CatalogueIdParamSchema),
    validate('json', CollectionRequestSchema),
    async (c) => {
      const workshopId = c.req.valid('param').id;
      const { enrollmentId, participant, collectedBy, confirmNotOnList } = c.req.valid('json');
      const found = await readRoster(deps.readStore, workshopId, { now: deps.clock(), waivers: deps.waivers });
      if (!found) throw notFound(NO_WORKSHOP);
      // The list the instructor sees on the roster; an enrollment not on it is refused by the decider.
      const row = found.rows.find((r) => r.enrollmentId === enrollmentId && r.participant === participant);
      const { position, events } = await deps.commands.handle(
        enrollmentDecider,
        enrollmentStream(enrollmentId),
        {
          type: 'RecordCollection',
          workshopId,
          participant,
          collectedBy,
          allowed: row?.pickupAdults ?? [],
          confirmed: confirmNotOnList,
          at: deps.clock().toISOString(),
        },
        requestMetadata(c, deps, 'admin'),
      );
      if (position !== null) await deps.projections.waitFor(position, SHOWN_IN, 2_000);
      const recorded = events.find((e) => e.type === 'ChildCollected');
      const collected =
        recorded?.type === 'ChildCollected'
          ? {
              by: recorded.data.collectedBy,
              relationship: recorded.data.relationship,
              onList: recorded.data.onList,
              at: recorded.data.collectedAt,
            }
          : row?.collected;
      deps.log.info('child collected', { enrollmentId, workshopId, participant, onList: collected?.onList ?? null });
      const head = position ?? (await deps.eventStore.headPosition());
      const result: CollectionResult = {
        enrollmentId,
        participant,
        collected: collected ?? { by: collectedBy, relationship: '', onList: false, at: deps.clock().toISOString() },
        position: head.toString(),
      };
      return c.json(result);
    },
  );

  return app;
}
