import { Hono } from 'hono';
import { z } from 'zod';
import { AppointmentTypeIdSchema } from '../../contracts/appointments/appointment-type.js';
import { AppointmentBookingInputSchema, SlotsQuerySchema } from '../../contracts/appointments/booking.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { bookAppointment } from './book.js';
import { appointmentTypeOf, instructorsOf, slotsOf } from './slots.js';

const IdParam = z.object({ id: AppointmentTypeIdSchema });

/** A parent's routes of issue 38: the free times of a lesson or party, and booking one. */
export function appointmentRoutes(deps: AppDeps): Hono {
  const app = new Hono();

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
