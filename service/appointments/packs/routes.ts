import { Hono } from 'hono';
import { z } from 'zod';
import { AppointmentTypeIdSchema, APPOINTMENT_TYPES_STREAM } from '../../../contracts/appointments/appointment-type.js';
import {
  lessonPackStream,
  LessonPackOrderRequestSchema,
  type LessonPackView,
} from '../../../contracts/appointments/lesson-pack.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { requestMetadata } from '../../core/metadata.js';
import { rateLimit } from '../../core/rate-limit.js';
import { validate } from '../../core/validate.js';
import { appointmentTypeOf } from '../slots.js';
import { appointmentTypesDecider } from '../types-decider.js';
import { lessonPackDecider, remainingOf } from './lesson-pack-decider.js';
import { orderLessonPack } from './order-pack.js';
import { lessonPackOfTyped } from './pack-code.js';

const IdParam = z.object({ id: AppointmentTypeIdSchema });
const CodeParam = z.object({ code: z.string().max(40) });

/** Said alike for a code that names no pack and one not paid for: a code tells nothing more. */
export const UNKNOWN_LESSON_PACK =
  'We could not find a lesson pack with this code. Please check the code in your e-mail.';

/**
 * The public lesson pack calls (issue 38 item 7), under the shared rate limit so codes cannot be
 * tried at speed, kept by no cache:
 * - POST /appointment-types/:id/packs: buy one of the type's packs (201 with the client secret);
 * - GET /lesson-packs/:code: what is left of a paid pack, nobody named; otherwise one 404.
 */
export function lessonPackRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  app.post(
    '/appointment-types/:id/packs',
    limited,
    validate('param', IdParam),
    validate('json', LessonPackOrderRequestSchema),
    async (c) => {
      const type = await appointmentTypeOf(deps, c.req.valid('param').id);
      const answer = await orderLessonPack(deps, type, c.req.valid('json'), requestMetadata(c, deps, 'visitor'));
      c.header('Cache-Control', 'no-store');
      return c.json(answer, 201);
    },
  );

  app.get('/lesson-packs/:code', limited, validate('param', CodeParam), async (c) => {
    const typed = lessonPackOfTyped(c.req.valid('param').code);
    if (!typed) throw notFound(UNKNOWN_LESSON_PACK);
    const state = await deps.commands.state(lessonPackDecider, lessonPackStream(typed.lessonPackId), 1_000);
    if (state.phase !== 'issued') throw notFound(UNKNOWN_LESSON_PACK);
    const types = await deps.commands.state(appointmentTypesDecider, APPOINTMENT_TYPES_STREAM, 1_000);
    c.header('Cache-Control', 'no-store');
    return c.json({
      remaining: remainingOf(state),
      count: state.order.count,
      expiresAt: state.expiresAt,
      typeId: state.order.typeId,
      typeTitle: types.byId[state.order.typeId]?.title ?? '',
    } satisfies LessonPackView);
  });

  return app;
}
