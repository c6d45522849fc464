import { Hono } from 'hono';
import {
  AttendanceRequestSchema,
  CollectionRequestSchema,
  RosterQuerySchema,
  RosterUndoRequestSchema,
  type AttendanceResult,
  type CollectionResult,
  type RosterUndoResult,
} from '../../contracts/admin/roster.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { CatalogueIdParamSchema } from '../../contracts/enrollment/api.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import type { AppDeps } from '../core/deps.js';
import { notFound, validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';
import { findWorkshop } from '../catalogue/queries.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { readRoster, readRosterSessions } from './roster-query.js';
import { rosterCsv, rosterFileName } from './roster-csv.js';
import { CSV_BOM } from './csv.js';
import { recordAccess } from '../core/access-log.js';

const NO_WORKSHOP = 'We could not find that workshop.';
/** What an attendance answer waits for, so the roster and the history read next already show it. */
const SHOWN_IN = ['roster', 'enrollment-history'];

/**
 * The instructor's day (behind the admin key gate):
 * - GET /admin/workshops/:id/roster and /roster.csv: every participant of the workshop's pending
 *   and confirmed enrollments with their safety details and attendance, from the `roster` read model.
 * - POST /admin/workshops/:id/attendance `{ enrollmentId, participant, present }`: recorded as
 *   AttendanceMarked on the enrollment's stream by the enrollment decider.
 * - POST /admin/workshops/:id/collected `{ enrollmentId, participant, collectedBy, session?, confirmNotOnList? }`:
 *   ChildCollected on the enrollment's stream, checked against the family's pick-up list as the
 *   roster shows it (a name not on it: 409 `not_on_pickup_list` unless confirmed, then flagged).
 * - Both from the session's day on (before: 409 `session_not_yet`); POST .../attendance/undo and
 *   .../collected/undo `{ enrollmentId, participant, session? }` take a record back.
 */
export function adminRosterRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get(
    '/workshops/:id/roster',
    validate('param', CatalogueIdParamSchema),
    validate('query', MinPositionQuerySchema.merge(RosterQuerySchema)),
    async (c) => {
      const { minPosition, session } = c.req.valid('query');
      await awaitProjections(deps, minPosition, ['roster', 'schedule']);
      const found = await readRoster(deps.readStore, c.req.valid('param').id, {
        session,
        now: deps.clock(),
        waivers: deps.waivers,
      });
      if (!found) throw notFound(NO_WORKSHOP);
      c.header('Cache-Control', 'no-store');
      await recordAccess(deps, c, { kind: 'roster', workshopId: found.workshop.id });
      return c.json(found);
    },
  );

  app.get(
    '/workshops/:id/roster.csv',
    validate('param', CatalogueIdParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      await awaitProjections(deps, c.req.valid('query').minPosition, ['roster', 'schedule']);
      const found = await readRosterSessions(deps.readStore, c.req.valid('param').id, {
        now: deps.clock(),
        waivers: deps.waivers,
      });
      if (!found) throw notFound(NO_WORKSHOP);
      await recordAccess(deps, c, { kind: 'roster-csv', workshopId: found[0]!.workshop.id });
      deps.log.info('roster exported', { workshopId: found[0]!.workshop.id, sessions: found.length });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${rosterFileName(found[0]!)}"`);
      c.header('Cache-Control', 'no-store');
      return c.body(CSV_BOM + rosterCsv(found));
    },
  );

  app.post(
    '/workshops/:id/attendance',
    validate('param', CatalogueIdParamSchema),
    validate('json', AttendanceRequestSchema),
    async (c) => {
      const workshopId = c.req.valid('param').id;
      const { enrollmentId, participant, present, session } = c.req.valid('json');
      const sessionStartsAt = await sessionStart(workshopId, session);
      const makeup = await holdsMakeup(workshopId, { enrollmentId, participant, session });
      const { position } = await deps.commands.handle(
        enrollmentDecider,
        enrollmentStream(enrollmentId),
        {
          type: 'MarkAttendance',
          workshopId,
          session,
          sessionStartsAt,
          participant,
          present,
          makeup,
          at: deps.clock().toISOString(),
        },
        requestMetadata(c, deps, 'admin'),
      );
      if (position !== null) await deps.projections.waitFor(position, SHOWN_IN, 2_000);
      deps.log.info('attendance marked', { enrollmentId, workshopId, session, participant, present });
      const head = position ?? (await deps.eventStore.headPosition());
      const result: AttendanceResult = { enrollmentId, session, participant, present, position: head.toString() };
      return c.json(result);
    },
  );

  app.post(
    '/workshops/:id/collected',
    validate('param', CatalogueIdParamSchema),
    validate('json', CollectionRequestSchema),
    async (c) => {
      const workshopId = c.req.valid('param').id;
      const { enrollmentId, participant, collectedBy, confirmNotOnList, session } = c.req.valid('json');
      const sessionStartsAt = await sessionStart(workshopId, session);
      const found = await readRoster(deps.readStore, workshopId, { session, now: deps.clock(), waivers: deps.waivers });
      if (!found) throw notFound(NO_WORKSHOP);
      // The list the instructor sees on the roster; an enrollment not on it is refused by the decider.
      const row = found.rows.find((r) => r.enrollmentId === enrollmentId && r.participant === participant);
      const { position, events } = await deps.commands.handle(
        enrollmentDecider,
        enrollmentStream(enrollmentId),
        {
          type: 'RecordCollection',
          workshopId,
          session,
          sessionStartsAt,
          participant,
          collectedBy,
          allowed: row?.pickupAdults ?? [],
          confirmed: confirmNotOnList,
          makeup: await holdsMakeup(workshopId, { enrollmentId, participant, session }),
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
          : (row?.collected ?? { by: collectedBy, relationship: '', onList: false, at: deps.clock().toISOString() });
      deps.log.info('child collected', { enrollmentId, workshopId, session, participant, onList: collected.onList });
      const head = position ?? (await deps.eventStore.headPosition());
      const result: CollectionResult = { enrollmentId, participant, collected, position: head.toString() };
      return c.json(result);
    },
  );

  // A mark, or who collected, recorded by mistake: taken back (nothing recorded, nothing done).
  for (const what of ['attendance', 'collected'] as const)
    app.post(
      `/workshops/:id/${what}/undo`,
      validate('param', CatalogueIdParamSchema),
      validate('json', RosterUndoRequestSchema),
      async (c) => {
        const workshopId = c.req.valid('param').id;
        const { enrollmentId, participant, session } = c.req.valid('json');
        const sessionStartsAt = await sessionStart(workshopId, session);
        const makeup = await holdsMakeup(workshopId, { enrollmentId, participant, session });
        const target = { workshopId, session, sessionStartsAt, participant, makeup, undo: true };
        const at = deps.clock().toISOString();
        const { position, events } = await deps.commands.handle(
          enrollmentDecider,
          enrollmentStream(enrollmentId),
          what === 'attendance'
            ? { type: 'MarkAttendance', ...target, present: false, at }
            : { type: 'RecordCollection', ...target, collectedBy: '', allowed: [], confirmed: false, at },
          requestMetadata(c, deps, 'admin'),
        );
        if (position !== null) await deps.projections.waitFor(position, SHOWN_IN, 2_000);
        deps.log.info(`${what} taken back`, { enrollmentId, workshopId, session, participant, undone: events.length });
        const head = position ?? (await deps.eventStore.headPosition());
        const result: RosterUndoResult = {
          enrollmentId,
          session,
          participant,
          undone: events.length > 0,
          position: head.toString(),
        };
        return c.json(result);
      },
    );

  /** When session `session` of the workshop starts: marks and pick-up are recorded from its day. */
  async function sessionStart(workshopId: string, session: number): Promise<string> {
    const workshop = await findWorkshop(deps.readStore, workshopId);
    if (!workshop) throw notFound(NO_WORKSHOP);
    const found = workshop.sessions[session - 1];
    if (!found) {
      const n = workshop.sessions.length;
      const message = `${workshop.title} has ${n} ${n === 1 ? 'session' : 'sessions'} (1 to ${n}).`;
      throw validationError(`session: ${message}`, [{ path: 'session', message }]);
    }
    return found.startsAt;
  }

  /** Whether a child of another booking holds a make-up seat in this session (the seat ledger says so). */
  async function holdsMakeup(
    workshopId: string,
    who: { enrollmentId: string; participant: number; session: number },
  ): Promise<boolean> {
    const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId), 1_000);
    return Object.values(ledger.sessionSeats.makeupsByCredit).some(
      (m) => m.enrollmentId === who.enrollmentId && m.participant === who.participant && m.session === who.session,
    );
  }

  return app;
}
