import { Hono } from 'hono';
import { z } from 'zod';
import { AvailabilityInputSchema } from '../../contracts/instructors/availability.js';
import { INSTRUCTORS_STREAM } from '../../contracts/instructors/events.js';
import {
  InstructorIdSchema,
  InstructorInputSchema,
  type InstructorInput,
  type InstructorRecord,
  type InstructorWriteResult,
} from '../../contracts/instructors/instructor.js';
import { INSTRUCTORS, type InstructorDoc } from '../../projections/instructors/instructors.js';
import {
  INSTRUCTOR_DAYS,
  instructorDayId,
  type InstructorDayDoc,
} from '../../projections/instructors/instructor-days.js';
import { SchoolDateSchema } from '../../contracts/instructors/availability.js';
import { notFound } from '../core/errors.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { instructorsDecider } from './instructors-decider.js';

const IdParam = z.object({ id: InstructorIdSchema });
const DayQuery = MinPositionQuerySchema.extend({ date: SchoolDateSchema });

const recordOf = (instructorId: string, input: InstructorInput): InstructorRecord => ({
  instructorId,
  name: input.name,
  email: input.email,
  ...(input.bio ? { bio: input.bio } : {}),
  ...(input.photo ? { photo: input.photo } : {}),
  ...(input.payRate ? { payRate: input.payRate } : {}),
});

/**
 * The instructors as records (issue 38 item 1) and their weekly hours (item 2), all decided on the
 * `instructors` stream. Each write answers the id and the position to read the list from.
 */
export function adminInstructorRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const write = async (
    c: Parameters<typeof requestMetadata>[0],
    id: string,
    command: Parameters<typeof instructorsDecider.decide>[0],
    status: 200 | 201,
  ) => {
    const { position } = await deps.commands.handle(
      instructorsDecider,
      INSTRUCTORS_STREAM,
      command,
      requestMetadata(c, deps, 'admin'),
    );
    const head = position ?? (await deps.eventStore.headPosition());
    const answer: InstructorWriteResult = { id, position: head.toString() };
    return c.json(answer, status);
  };

  app.get('/instructors', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, [INSTRUCTORS]);
    const { items } = await deps.readStore.find<InstructorDoc>(INSTRUCTORS, {
      sort: [{ field: 'name', direction: 'asc' }],
    });
    c.header('Cache-Control', 'no-store');
    return c.json(items.map((i) => i.doc));
  });

  app.post('/instructors', validate('json', InstructorInputSchema), (c) => {
    const id = deps.newId();
    const at = deps.clock().toISOString();
    return write(c, id, { type: 'AddInstructor', record: recordOf(id, c.req.valid('json')), at }, 201);
  });

  app.put('/instructors/:id', validate('param', IdParam), validate('json', InstructorInputSchema), (c) => {
    const { id } = c.req.valid('param');
    const at = deps.clock().toISOString();
    return write(c, id, { type: 'UpdateInstructor', record: recordOf(id, c.req.valid('json')), at }, 200);
  });

  app.put(
    '/instructors/:id/availability',
    validate('param', IdParam),
    validate('json', AvailabilityInputSchema),
    (c) => {
      const { id } = c.req.valid('param');
      const at = deps.clock().toISOString();
      return write(c, id, { type: 'SetAvailability', instructorId: id, availability: c.req.valid('json'), at }, 200);
    },
  );

  /** The office's day view of one instructor: their lessons, parties (held or booked) and classes that school day. */
  app.get('/instructors/:id/day', validate('param', IdParam), validate('query', DayQuery), async (c) => {
    const { id } = c.req.valid('param');
    const { date, minPosition } = c.req.valid('query');
    await awaitProjections(deps, minPosition, [INSTRUCTORS, INSTRUCTOR_DAYS]);
    if (!(await deps.readStore.get<InstructorDoc>(INSTRUCTORS, id)))
      throw notFound('We could not find that instructor. They may have been removed.');
    const day = await deps.readStore.get<InstructorDayDoc>(INSTRUCTOR_DAYS, instructorDayId(id, date));
    c.header('Cache-Control', 'no-store');
    return c.json({ instructorId: id, date, entries: day?.doc.entries ?? [] });
  });

  return app;
}
