import { Hono } from 'hono';
import { z } from 'zod';
import {
  APPOINTMENT_TYPES_STREAM,
  AppointmentTypeIdSchema,
  PublicAppointmentTypesQuerySchema,
  type PublicAppointmentType,
} from '../../contracts/appointments/appointment-type.js';
import { INSTRUCTORS_STREAM } from '../../contracts/instructors/events.js';
import { instructorsDecider } from '../instructors/instructors-decider.js';
import { appointmentTypesDecider } from './types-decider.js';
import { AppointmentBookingInputSchema, SlotsQuerySchema } from '../../contracts/appointments/booking.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { bookAppointment } from './book.js';
import { appointmentTypeOf, instructorsOf, slotsOf } from './slots.js';

const IdParam = z.object({ id: AppointmentTypeIdSchema });

/** A parent's routes of issue 38: the lessons and parties offered, their free times, and booking one. */
export function appointmentRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  // What a program's page offers: its lessons or parties, with the instructors who give them.
  app.get('/appointment-types', validate('query', PublicAppointmentTypesQuerySchema), async (c) => {
    const { programId } = c.req.valid('query');
    const [types, instructors] = await Promise.all([
      deps.commands.state(appointmentTypesDecider, APPOINTMENT_TYPES_STREAM, 1_000),
      deps.commands.state(instructorsDecider, INSTRUCTORS_STREAM, 1_000),
    ]);
    const list = Object.values(types.byId)
      .filter((t) => programId === undefined || t.programId === programId)
      .sort((a, b) => a.title.localeCompare(b.title))
      .map((t): PublicAppointmentType => ({
        id: t.id,
        title: t.title,
        kind: t.kind,
        minutes: t.minutes,
        priceCents: t.priceCents,
        ...(t.programId ? { programId: t.programId } : {}),
        ...(t.guests ? { guests: t.guests } : {}),
        ...(t.depositCents !== undefined ? { depositCents: t.depositCents } : {}),
        ...(t.packs?.length ? { packs: t.packs, packValidDays: t.packValidDays } : {}),
        horizonDays: t.horizonDays,
        instructors: t.instructorIds.flatMap((id) => {
          const record = instructors.byId[id]?.record;
          return record ? [{ id, name: record.name }] : [];
        }),
      }));
    c.header('Cache-Control', 'no-store');
    return c.json(list);
  });

  app.get(
    '/appointment-types/:id/slots',
    validate('param', IdParam),
    validate('query', SlotsQuerySchema),
    async (c) => {
      const type = await appointmentTypeOf(deps, c.req.valid('param').id);
      const { from, to, instructorId } = c.req.valid('query');
      const instructors = await instructorsOf(deps, type, instructorId);
      c.header('Cache-Control', 'no-store');
      return c.json(await slotsOf(deps, type, instructors, { from, to }));
    },
  );

  app.post(
    '/appointment-types/:id/bookings',
    validate('param', IdParam),
    validate('json', AppointmentBookingInputSchema),
    async (c) => {
      const type = await appointmentTypeOf(deps, c.req.valid('param').id);
      const answer = await bookAppointment(c, deps, type, c.req.valid('json'));
      c.header('Cache-Control', 'no-store');
      return c.json(answer, 201);
    },
  );

  return app;
}
