import { Hono, type Context } from 'hono';
import {
  CancelAppointmentRequestSchema,
  RescheduleAppointmentRequestSchema,
} from '../../contracts/appointments/booking.js';
import type { AppDeps } from '../core/deps.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { appointmentLinksFor } from './appointment-link.js';
import { appointmentOf, appointmentView, cancelAppointment, rescheduleAppointment } from './appointment-page.js';
import { appointmentIcs } from './emails/appointment-ics.js';
import { refuse } from './refusals.js';
import { INSTRUCTORS_STREAM } from '../../contracts/instructors/events.js';
import { instructorsDecider } from '../instructors/instructors-decider.js';
import { appointmentTypeOf } from './slots.js';

/**
 * The parent's appointment page, reached by the signed link in its e-mails (no account):
 * - GET /appointments/:token: the appointment, what cancelling gives today, whether it may move;
 * - GET /appointments/:token/calendar.ics: its calendar file;
 * - POST /appointments/:token/cancel `{}`: cancelled, refunded by the policy (LESSON_FULL_REFUND_HOURS);
 * - POST /appointments/:token/reschedule `{ startsAt }`: moved to another free time (same rule).
 * A token malformed, forged or naming no appointment is 404, the same answer for each.
 */
export function appointmentPageRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  const idOf = (c: Context): string => {
    const signed = appointmentLinksFor(deps.config)?.verify(c.req.param('token') ?? '') ?? null;
    if (!signed || signed.version !== 0) throw refuse({ code: 'appointment_not_found' });
    return signed.id;
  };
  // The link first, before anything else of the request is read.
  const checkLink = async (c: Context, next: () => Promise<void>) => {
    idOf(c);
    await next();
  };
  app.use('/appointments/:token', checkLink);
  app.use('/appointments/:token/*', checkLink);
  const answer = async (c: Context, id: string) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await appointmentView(deps, await appointmentOf(deps, id)));
  };

  app.get('/appointments/:token', (c) => answer(c, idOf(c)));

  app.get('/appointments/:token/calendar.ics', async (c) => {
    const state = await appointmentOf(deps, idOf(c));
    const r = state.request;
    const [type, instructors] = await Promise.all([
      appointmentTypeOf(deps, r.typeId),
      deps.commands.state(instructorsDecider, INSTRUCTORS_STREAM),
    ]);
    const ics = appointmentIcs({
      appointmentId: r.appointmentId,
      title: type.title,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      instructorName: instructors.byId[r.instructorId]?.record.name ?? '',
      stamp: deps.clock(),
      sequence: state.moves,
      method: state.phase === 'cancelled' ? 'CANCEL' : 'PUBLISH',
    });
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="appointment.ics"');
    return c.body(ics);
  });

  app.post('/appointments/:token/cancel', limited, validate('json', CancelAppointmentRequestSchema), async (c) => {
    const id = idOf(c);
    await cancelAppointment(c, deps, id);
    return answer(c, id);
  });

  app.post(
    '/appointments/:token/reschedule',
    limited,
    validate('json', RescheduleAppointmentRequestSchema),
    async (c) => {
      const id = idOf(c);
      await rescheduleAppointment(c, deps, id, c.req.valid('json').startsAt);
      return answer(c, id);
    },
  );

  return app;
}
