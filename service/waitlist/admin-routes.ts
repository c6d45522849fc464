import { Hono } from 'hono';
import { CatalogueIdParamSchema } from '../../contracts/enrollment/api.js';
import type { WaitlistEntryView } from '../../contracts/waitlist/api.js';
import type { AppDeps } from '../core/deps.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';

/**
 * GET /api/admin/workshops/{id}/waitlist (behind the admin key gate): every entry of the
 * workshop's waitlist in the order of joining, with its offer (since when, until when), from the
 * `waitlists` read model.
 */
export function adminWaitlistRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get(
    '/workshops/:id/waitlist',
    validate('param', CatalogueIdParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      await awaitProjections(deps, c.req.valid('query').minPosition, ['waitlists']);
      const { items } = await deps.readStore.find<WaitlistEntryView & Record<string, unknown>>('waitlists', {
        where: { workshopId: c.req.valid('param').id },
        sort: [{ field: 'seq', direction: 'asc' }],
      });
      const entries: WaitlistEntryView[] = items.map(({ doc }) => {
        const { id, workshopId, seq, status, firstName, lastName, email, phone, participants } = doc;
        const { joinedAt, offeredAt, offerExpiresAt, offerEmailSentAt, endedAt, enrollmentId } = doc;
        return {
          ...{ id, workshopId, seq, status, firstName, lastName, email, phone, participants },
          ...{ joinedAt, offeredAt, offerExpiresAt, offerEmailSentAt, endedAt, enrollmentId },
        };
      });
      return c.json(entries);
    },
  );
  return app;
}
