import { Hono } from 'hono';
import { z } from 'zod';
import { HideReviewRequestSchema, ReplyToReviewRequestSchema } from '../../contracts/reviews/api.js';
import { EnrollmentIdSchema } from '../../contracts/enrollment/lookup.js';
import { reviewStream } from '../../contracts/reviews/events.js';
import type { AppDeps } from '../core/deps.js';
import { administratorOf, locationLimit } from '../core/admin-identity.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { reviewDecider } from './review-decider.js';
import { byInstructor, givenReviews } from './lists.js';
import { listPrograms } from '../catalogue/queries.js';
import { workshopIdsWithin } from '../locations/location-limit.js';
import { recordAccess } from '../core/access-log.js';
import { forbidden } from '../core/errors.js';

/** A review is known by its booking: one review per booking. */
const ReviewParam = z.object({ id: EnrollmentIdSchema });

/**
 * Moderation by the office (issue 40), the owner's and managers' (the `other` area): hide a
 * published review only with a reason from the fixed list, recorded with the moderator's name;
 * reply once, publicly, as the school; list every review given (`GET /admin/reviews`) and, for the
 * owner, each instructor's (`GET /admin/reviews/instructors`). Nothing here acts on a rating.
 */
export function adminReviewRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const by = (c: Parameters<typeof administratorOf>[0]) => administratorOf(c)?.name ?? 'The school';

  const everyReview = async () => {
    const titles = new Map((await listPrograms(deps.readStore)).map((p) => [p.id, p.title]));
    return givenReviews(deps.readStore, titles);
  };

  // Every review given, whatever its stars: the list has no filter and no order by rating; a
  // location-limited administrator's holds her locations' classes only.
  app.get('/reviews', async (c) => {
    const limit = locationLimit(c);
    const within = limit && new Set(await workshopIdsWithin(deps.readStore, limit));
    const reviews = (await everyReview()).filter((r) => !within || within.has(r.workshopId));
    await recordAccess(deps, c, { kind: 'reviews' });
    return c.json({ reviews, total: reviews.length });
  });

  // Each instructor's reviews, for the owner alone.
  app.get('/reviews/instructors', async (c) => {
    if (administratorOf(c)?.role !== 'owner') throw forbidden('Only the owner sees the reviews by instructor.');
    return c.json(byInstructor(await everyReview()));
  });

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
