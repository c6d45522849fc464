import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  AdminProgramRequestSchema,
  AdminWorkshopInputSchema,
  type AdminProgramRequest,
  type AdminWriteResult,
} from '../../contracts/admin/catalogue-forms.js';
import { changedWhenWhere } from '../../contracts/enrollment/events.js';
import { decision } from '../../platform/command/handler.js';
import { programStream, workshopStream } from '../../contracts/catalogue/events.js';
import { ProgramIdSchema } from '../../contracts/catalogue/program.js';
import { WorkshopIdSchema } from '../../contracts/catalogue/workshop.js';
import type { AppDeps } from '../core/deps.js';
import { forbidden, notFound } from '../core/errors.js';
import { administratorOf } from '../core/admin-identity.js';
import { requestMetadata } from '../core/metadata.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';
import { RESCHEDULE_REACTOR } from '../enrollment/after-sale/reschedule-reactor.js';
import { readWorkshopBookings } from './roster-query.js';
import { programDecider } from '../catalogue/program-decider.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { editProgramDecider, editWorkshopDecider, newProgram, newWorkshop } from './catalogue-commands.js';
import { uniqueSlug } from './program-slug.js';
import { placeOf, placeWorkshop } from './workshop-place.js';
import { withInstructor } from './workshop-instructor.js';
import { OTHER_LOCATION, locationLimit, withinLimit } from './location-scope.js';

const ProgramParam = z.object({ id: ProgramIdSchema });
const WorkshopParam = z.object({ id: WorkshopIdSchema });

/** How long an edit that moves bookings waits for them to follow (the reactor goes on after). */
const FOLLOW_WAIT_MS = 5_000;

/** The imported baseline is the owner's to set (issue 40): a manager's form may not carry it. */
const OWNER_SETS_BASELINE =
  'Only the owner sets a program’s imported ratings and their source. Leave importedRatings out of the request.';

/** A write always appends here (the deciders refuse a no-op), so `appended` is set. */
const written = (id: string, position: bigint | null): AdminWriteResult => ({ id, position: position!.toString() });

/**
 * Programs and workshops as catalogue events. Each answer carries the position written, so the
 * screen can ask GET /api/programs or /api/workshops with ?minPosition and see its own change.
 * GET /workshops/:id/bookings says how many bookings a change of its date, time or place moves.
 */
export function adminCatalogueRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const meta = (c: Parameters<typeof requestMetadata>[0]) => requestMetadata(c, deps, 'admin');
  const reschedulesRun = async () => (await deps.readStore.getCheckpoint(RESCHEDULE_REACTOR)) >= 0n;

  const ownerOnlyBaseline = (c: Parameters<typeof administratorOf>[0], form: AdminProgramRequest) => {
    if (form.importedRatings !== undefined && administratorOf(c)?.role !== 'owner')
      throw forbidden(OWNER_SETS_BASELINE);
    return form;
  };

  /** A location-limited administrator schedules and moves workshops only to their own locations. */
  const atOwnLocation = <F extends { locationId?: string | undefined }>(c: Context, form: F): F => {
    if (!withinLimit(locationLimit(c), form)) throw forbidden(OTHER_LOCATION);
    return form;
  };

  app.post('/programs', validate('json', AdminProgramRequestSchema), async (c) => {
    const form = ownerOnlyBaseline(c, c.req.valid('json'));
    const id = deps.newId();
    const program = newProgram(id, await uniqueSlug(deps.readStore, form.title, id), form);
    const { position } = await deps.commands.handle(
      programDecider,
      programStream(id),
      { type: 'PublishProgram', program },
      meta(c),
    );
    deps.log.info('program published', { programId: id });
    return c.json(written(id, position), 201);
  });

  app.put('/programs/:id', validate('param', ProgramParam), validate('json', AdminProgramRequestSchema), async (c) => {
    const programId = c.req.valid('param').id;
    const command = { programId, form: ownerOnlyBaseline(c, c.req.valid('json')) };
    const { position } = await deps.commands.handle(editProgramDecider, programStream(programId), command, meta(c));
    deps.log.info('program updated', { programId });
    return c.json(written(programId, position));
  });

  app.delete('/programs/:id', validate('param', ProgramParam), async (c) => {
    const programId = c.req.valid('param').id;
    const { position } = await deps.commands.handle(
      programDecider,
      programStream(programId),
      { type: 'RemoveProgram', programId },
      meta(c),
    );
    deps.log.info('program removed', { programId });
    return c.json(written(programId, position));
  });

  app.post('/workshops', validate('json', AdminWorkshopInputSchema), async (c) => {
    atOwnLocation(c, c.req.valid('json'));
    const id = deps.newId();
    const form = await withInstructor(deps, c.req.valid('json'));
    const workshop = newWorkshop(id, form, await placeOf(deps, form));
    await placeWorkshop(deps, workshop, meta(c));
    const { position } = await deps.commands.handle(
      workshopDecider,
      workshopStream(id),
      { type: 'ScheduleWorkshop', workshop },
      meta(c),
    );
    deps.log.info('workshop scheduled', { workshopId: id });
    return c.json(written(id, position), 201);
  });

  // A change of date, time or place moves the bookings (the `booking-reschedules` reactor records it
  // on each): the answer waits, bounded, until they have, and answers a position after their
  // events, so the screens read next with ?minPosition show them moved.
  app.put('/workshops/:id', validate('param', WorkshopParam), validate('json', AdminWorkshopInputSchema), async (c) => {
    const workshopId = c.req.valid('param').id;
    const form = await withInstructor(deps, atOwnLocation(c, c.req.valid('json')));
    const current = await deps.commands.state(editWorkshopDecider, workshopStream(workshopId));
    const command = { workshopId, form, ...(await placeOf(deps, form, current.workshop?.locationId)) };
    // The room's time is taken first, for the workshop as this form would leave it.
    const [planned] = editWorkshopDecider.decide(command, current);
    if (planned?.type === 'WorkshopUpdated') await placeWorkshop(deps, planned.data.workshop, meta(c));
    const { position, state, result } = await deps.commands.handle(
      editWorkshopDecider,
      workshopStream(workshopId),
      (before) => decision(command, before.workshop),
      meta(c),
    );
    const booked = Object.keys(state.holds).length + Object.keys(state.confirmed).length;
    const moved = result && state.workshop ? changedWhenWhere(result, state.workshop) : [];
    deps.log.info('workshop updated', { workshopId, ...(moved.length > 0 ? { moved, booked } : {}) });
    // Not for a reactor that never ran against this read store (a process started without them).
    if (moved.length > 0 && booked > 0 && position !== null && (await reschedulesRun())) {
      await deps.projections.waitFor(position, [RESCHEDULE_REACTOR], FOLLOW_WAIT_MS);
      // The bookings' own events come after the workshop's: a read waiting for this sees them.
      return c.json(written(workshopId, await deps.eventStore.headPosition()));
    }
    return c.json(written(workshopId, position));
  });

  app.get(
    '/workshops/:id/bookings',
    validate('param', WorkshopParam),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      await awaitProjections(deps, c.req.valid('query').minPosition, ['roster', 'schedule']);
      const found = await readWorkshopBookings(deps.readStore, c.req.valid('param').id);
      if (!found) throw notFound('We could not find that workshop. It may have been removed.');
      return c.json(found);
    },
  );

  app.delete('/workshops/:id', validate('param', WorkshopParam), async (c) => {
    const workshopId = c.req.valid('param').id;
    const { position } = await deps.commands.handle(
      workshopDecider,
      workshopStream(workshopId),
      { type: 'RemoveWorkshop', workshopId },
      meta(c),
    );
    deps.log.info('workshop removed', { workshopId });
    return c.json(written(workshopId, position));
  });

  return app;
}
