import { Hono } from 'hono';
import type { GiftCardView } from '../../contracts/gift-cards/api.js';
import { GIFT_CARDS, type GiftCardDoc } from '../../projections/gift-cards/gift-cards.js';
import type { AppDeps } from '../core/deps.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';
import { recordAccess } from '../core/access-log.js';

const viewOf = ({ emailDue: _due, ...view }: GiftCardDoc): GiftCardView => view;

/** GET /gift-cards (admin, area `pricing`): every card, newest first, with its balance and redemptions; never a code. */
export function adminGiftCardRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/gift-cards', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, [GIFT_CARDS]);
    const { items } = await deps.readStore.find<GiftCardDoc>(GIFT_CARDS, {
      sort: [{ field: 'orderedAt', direction: 'desc' }],
      limit: 500,
    });
    // Buyers' and recipients' names and e-mails: a read of personal data.
    await recordAccess(deps, c, { kind: 'gift-cards' });
    return c.json(items.map((i) => viewOf(i.doc)));
  });
  return app;
}
