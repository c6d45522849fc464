import { Hono } from 'hono';
import { z } from 'zod';
import { HideReviewRequestSchema, ReplyToReviewRequestSchema } from '../../contracts/reviews/api.js';
import { EnrollmentIdSchema } from '../../contracts/enrollment/lookup.js';
import { reviewStream } from '../../contracts/reviews/events.js';
import type { AppDeps } from '../core/deps.js';
import { administratorOf } from '../core/admin-identity.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { reviewDecider } from './review-decider.js';

/** A review is known by its booking: one review per booking. */
const ReviewParam = z.object({ id: EnrollmentIdSchema });

/**
 * Moderation by the office (issue 40), the owner's and managers' (the `other` area): hide a
 * published review only with a reason from the fixed list, recorded with the moderator's name;
 * reply once, publicly, as the school. Nothing here acts on a rating.
 */
export function adminReviewRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const by = (c: Parameters<typeof administratorOf>[0]) => administratorOf(c)?.name ?? 'The school';

  app.post(
    '/reviews/:id/hide',
    validate('param', ReviewParam),
    validate('json', HideReviewRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const { position } = await deps.commands.handle(
        reviewDecider,
        reviewStream(id),
        { type: 'HideReview', reason, by: by(c), at: deps.clock().toISOString() },
        requestMetadata(c, deps, 'admin'),
      );
      deps.log.info('review hidden', { enrollmentId: id, reason });
      return c.json({ status: 'hidden', position: position?.toString() ?? null });
    },
  );

  app.post(
    '/reviews/:id/reply',
    validate('param', ReviewParam),
    validate('json', ReplyToReviewRequestSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { text } = c.req.valid('json');
      const { position } = await deps.commands.handle(
        reviewDecider,
        reviewStream(id),
        { type: 'ReplyToReview', text, by: by(c), at: deps.clock().toISOString() },
        requestMetadata(c, deps, 'admin'),
      );
      return c.json({ status: 'replied', position: position?.toString() ?? null }, 201);
    },
  );

  return app;
}
