import { Hono, type Context } from 'hono';
import {
  BookMakeupRequestSchema,
  CancelMakeupRequestSchema,
  MakeupCreditParamSchema,
  ReportAbsenceRequestSchema,
  type AbsenceResult,
  type MakeupResult,
} from '../../contracts/courses/api.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import type { AppDeps } from '../core/deps.js';
import { conflict, notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { rateLimit } from '../core/rate-limit.js';
import { validate } from '../core/validate.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { bookMakeup, cancelMakeup, reportAbsence } from '../courses/makeups.js';

/** What the answers wait for, so the booking page read next shows the credit and the seats. */
const SHOWN_IN = ['makeup-credits', 'schedule', 'roster'];

/**
 * A course's absences and make-ups from the parent's booking page (the token's booking only):
 * - POST /bookings/:token/absences `{ session, participant }` → 201 `{ creditId, validUntil }`;
 * - POST /bookings/:token/makeups `{ creditId, workshopId, session }` → 201;
 * - POST /bookings/:token/makeups/:creditId/cancel `{}` → 200, the credit back.
 */
export function bookingCourseRoutes(deps: AppDeps, enrollmentOf: (c: Context) => string): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  const waited = async (position: bigint | null) => {
    const head = position ?? (await deps.eventStore.headPosition());
    if (position !== null) await deps.projections.waitFor(position, SHOWN_IN, 2_000);
    return head.toString();
  };

  app.post('/bookings/:token/absences', limited, validate('json', ReportAbsenceRequestSchema), async (c) => {
    const enrollmentId = enrollmentOf(c);
    const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
    if (!state.submission) throw notFound('We could not find a booking for this link.');
    if (state.status !== 'confirmed' || !state.workshopId)
      throw conflict('Only a confirmed booking of a class can report an absence.');
    const { session, participant } = c.req.valid('json');
    const outcome = await reportAbsence(
      deps,
      { enrollmentId, workshopId: state.workshopId, session, participant },
      requestMetadata(c, deps, 'visitor'),
    );
    deps.log.info('absence reported', { enrollmentId, workshopId: state.workshopId, session, participant });
    const result: AbsenceResult = {
      creditId: outcome.creditId,
      validUntil: outcome.validUntil,
      position: await waited(outcome.position),
    };
    return c.json(result, 201);
  });

  app.post('/bookings/:token/makeups', limited, validate('json', BookMakeupRequestSchema), async (c) => {
    const enrollmentId = enrollmentOf(c);
    const { creditId, workshopId, session } = c.req.valid('json');
    const outcome = await bookMakeup(
      deps,
      { enrollmentId, creditId, workshopId, session },
      requestMetadata(c, deps, 'visitor'),
    );
    if (outcome.outcome === 'refused') throw outcome.error;
    deps.log.info('make-up booked', { enrollmentId, creditId, workshopId, session });
    const result: MakeupResult = { creditId, workshopId, session, position: await waited(outcome.position) };
    return c.json(result, 201);
  });

  app.post(
    '/bookings/:token/makeups/:creditId/cancel',
    limited,
    validate('param', MakeupCreditParamSchema),
    validate('json', CancelMakeupRequestSchema),
    async (c) => {
      const enrollmentId = enrollmentOf(c);
      const { creditId } = c.req.valid('param');
      const position = await cancelMakeup(deps, { enrollmentId, creditId }, requestMetadata(c, deps, 'visitor'));
      deps.log.info('make-up cancelled', { enrollmentId, creditId });
      return c.json({ creditId, position: await waited(position) });
    },
  );

  return app;
}
