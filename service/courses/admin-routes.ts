import { Hono } from 'hono';
import { z } from 'zod';
import { GrantCreditRequestSchema, type EnrollmentCredits } from '../../contracts/courses/api.js';
import { EnrollmentIdSchema, enrollmentStream } from '../../contracts/enrollment/events.js';
import type { AppDeps } from '../core/deps.js';
import { conflict, notFound, validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { sameDayAt } from '../../contracts/catalogue/sessions.js';
import { bookingCourse } from './credit-queries.js';
import { grantSchoolCredit } from './makeups.js';
import { placeGone, voidReasonOf } from './credit-standing.js';

const ParamSchema = z.object({ id: EnrollmentIdSchema });
const NOT_FOUND = 'We could not find that enrollment.';
const DAY_MS = 86_400_000;

/**
 * An enrollment's make-up credits for the office (behind the key gate; GET is the enrollments
 * area, POST the after-sale one):
 * - GET /admin/enrollments/:id/makeup-credits: each child's credits and the absences reported;
 * - POST /admin/enrollments/:id/makeup-credits `{ participant, validUntil? }`: the school grants one
 *   (recorded with the administrator's name in the event's metadata).
 */
export function adminCreditRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  const enrollment = async (id: string) => {
    const state = await deps.commands.state(enrollmentDecider, enrollmentStream(id));
    if (!state.submission) throw notFound(NOT_FOUND);
    return state;
  };

  app.get('/enrollments/:id/makeup-credits', validate('param', ParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const state = await enrollment(id);
    c.header('Cache-Control', 'no-store');
    const course = await bookingCourse(deps, id, state.workshopId ?? null, true);
    const answer: EnrollmentCredits = {
      enrollmentId: id,
      credits: course.credits.map(({ options: _options, ...credit }) => credit),
      absences: course.absences,
    };
    return c.json(answer);
  });

  app.post(
    '/enrollments/:id/makeup-credits',
    validate('param', ParamSchema),
    validate('json', GrantCreditRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { participant, validUntil } = c.req.valid('json');
      const state = await enrollment(id);
      if (state.status !== 'confirmed' || !state.workshopId)
        throw conflict('Make-up credits are for confirmed bookings of a class.');
      if (participant >= state.submission!.participants) {
        const n = state.submission!.participants;
        const message = `this enrollment has ${n} ${n === 1 ? 'participant' : 'participants'} (0 to ${n - 1}).`;
        throw validationError(`participant: ${message}`, [{ path: 'participant', message }]);
      }
      const gone = voidReasonOf(state, { workshopId: state.workshopId, participant });
      if (gone) throw placeGone(gone);
      const until = validUntil
        ? // The end of that day on the school's clock (noon UTC is that day in Plano).
          sameDayAt(`${validUntil}T12:00:00Z`, '23:59')
        : new Date(deps.clock().getTime() + deps.config.MAKEUP_VALID_DAYS * DAY_MS).toISOString();
      if (Date.parse(until) <= deps.clock().getTime()) {
        const message = 'validUntil must be a date still to come.';
        throw validationError(`validUntil: ${message}`, [{ path: 'validUntil', message }]);
      }
      const granted = await grantSchoolCredit(
        deps,
        { enrollmentId: id, workshopId: state.workshopId, participant, validUntil: until },
        requestMetadata(c, deps, 'admin'),
      );
      if (granted.position !== null) await deps.projections.waitFor(granted.position, ['makeup-credits'], 2_000);
      deps.log.info('make-up credit granted', { enrollmentId: id, creditId: granted.credit.creditId });
      return c.json(
        {
          creditId: granted.credit.creditId,
          validUntil: granted.credit.validUntil,
          position: (granted.position ?? (await deps.eventStore.headPosition())).toString(),
        },
        201,
      );
    },
  );

  return app;
}
