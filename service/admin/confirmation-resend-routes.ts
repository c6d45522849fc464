import { Hono } from 'hono';
import { z } from 'zod';
import type { ConfirmationResendResult } from '../../contracts/admin/confirmation-resend.js';
import { EnrollmentIdSchema, enrollmentStream } from '../../contracts/enrollment/events.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { CONFIRMATION_RESEND_REACTOR } from '../enrollment/emails/confirmation-resend-reactor.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { hasSale } from '../enrollment/decider/enrollment-state.js';

const IdParam = z.object({ id: EnrollmentIdSchema });
const EmptyBody = z.object({}).strict();

/** How long the answer waits for the e-mail to leave before it says 202 (the reactor goes on). */
const SEND_WAIT_MS = 8_000;

/**
 * POST /admin/enrollments/:id/resend-confirmation `{}`: the confirmation e-mail sent again. The
 * request is recorded on the enrollment (with the administrator who asked, for the history) and the
 * e-mail is the reactor's (service/enrollment/emails/confirmation-resend-reactor.ts); 200 once it left,
 * 202 while it is on its way, 409 when the enrollment is not confirmed.
 */
export function adminConfirmationResendRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post(
    '/enrollments/:id/resend-confirmation',
    validate('param', IdParam),
    validate('json', EmptyBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const requestId = deps.newId();
      const stream = enrollmentStream(id);
      const { position } = await deps.commands.handle(
        enrollmentDecider,
        stream,
        { type: 'RequestConfirmationResend', requestId, at: deps.clock().toISOString() },
        requestMetadata(c, deps, 'admin'),
      );
      if (position !== null) await deps.projections.waitFor(position, [CONFIRMATION_RESEND_REACTOR], SEND_WAIT_MS);
      const state = await deps.commands.state(enrollmentDecider, stream);
      const sent = hasSale(state) && state.resends[requestId] === 'sent';
      deps.log.info('confirmation resend requested', { enrollmentId: id, requestId, sent });
      const result: ConfirmationResendResult = {
        enrollmentId: id,
        requestId,
        sent,
        position: (await deps.eventStore.headPosition()).toString(),
      };
      return c.json(result, sent ? 200 : 202);
    },
  );

  return app;
}
