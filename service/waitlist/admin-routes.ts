import { Hono } from 'hono';
import { CatalogueIdParamSchema } from '../../contracts/enrollment/api.js';
import {
  AdminWaitlistOfferRequestSchema,
  type AdminWaitlistActionResult,
  type WaitlistEntryView,
} from '../../contracts/waitlist/api.js';
import { WaitlistEntryIdSchema } from '../../contracts/waitlist/events.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';
import { offerNow, removeEntry } from './admin-actions.js';
import { recordAccess } from '../core/access-log.js';

const EntryParam = CatalogueIdParamSchema.extend({ entryId: WaitlistEntryIdSchema });

/** How long an answer waits for the list (and the offer's e-mail) to show what was written. */
const SHOWN_WAIT_MS = 8_000;

/**
 * The waitlist of a workshop for the administrator (behind the key gate, area `waitlists`):
 * - GET /api/admin/workshops/{id}/waitlist: every entry in the order of joining, with its
 *   confirmation and its offer (since when, until when, how many seats), from `waitlists`.
 * - DELETE /api/admin/workshops/{id}/waitlist/{entryId}: the family is taken off the list (an
 *   offer it held passes on); 409 once it has left the list, 404 for no such entry.
 * - POST /api/admin/workshops/{id}/waitlist/{entryId}/offer `{ seats? }`: seats offered now, ahead
 *   of the line, e-mailed as any offer; 409 when too few seats are free, the entry is not
 *   confirmed, holds an offer already or has left.
 * Both answer once the list shows it (and the offer e-mail reactor has had its turn).
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
        const { joinedAt, confirmBy, confirmedAt, offeredAt, offerExpiresAt, offerSeats } = doc;
        const { offerEmailSentAt, endedAt, enrollmentId } = doc;
        return {
          ...{ id, workshopId, seq, status, firstName, lastName, email, phone, participants },
          ...{ joinedAt, confirmBy, confirmedAt, offeredAt, offerExpiresAt, offerSeats },
          ...{ offerEmailSentAt, endedAt, enrollmentId },
        };
      });
      await recordAccess(deps, c, { kind: 'waitlist', workshopId: c.req.valid('param').id });
      return c.json(entries);
    },
  );

  const shown = async (position: bigint | null) => {
    if (position !== null)
      await deps.projections.waitFor(position, ['waitlists', 'waitlist-offer-email', 'waitlist-offers'], SHOWN_WAIT_MS);
    return (await deps.eventStore.headPosition()).toString();
  };

  app.delete('/workshops/:id/waitlist/:entryId', validate('param', EntryParam), async (c) => {
    const { id, entryId } = c.req.valid('param');
    const removed = await removeEntry(deps, id, entryId, requestMetadata(c, deps, 'admin'));
    const result: AdminWaitlistActionResult = {
      entryId,
      status: 'left',
      declinedOffer: removed.declinedOffer,
      position: await shown(removed.position),
    };
    return c.json(result);
  });

  app.post(
    '/workshops/:id/waitlist/:entryId/offer',
    validate('param', EntryParam),
    validate('json', AdminWaitlistOfferRequestSchema),
    async (c) => {
      const { id, entryId } = c.req.valid('param');
      const offer = await offerNow(deps, id, entryId, c.req.valid('json').seats, requestMetadata(c, deps, 'admin'));
      const result: AdminWaitlistActionResult = {
        entryId,
        status: 'offered',
        seats: offer.seats,
        expiresAt: offer.expiresAt,
        position: await shown(offer.position),
      };
      return c.json(result);
    },
  );
  return app;
}
