import { Hono } from 'hono';
import { z } from 'zod';
import {
  CreateDiscountCodeRequestSchema,
  DiscountCodeSchema,
  discountCodeStream,
  type DiscountCodeView,
} from '../../contracts/pricing/discount-codes.js';
import { SCHOOL_SETTINGS_STREAM, SchoolSettingsRequestSchema } from '../../contracts/pricing/settings.js';
import { DISCOUNT_CODES, type DiscountCodeDoc } from '../../projections/pricing/discount-codes.js';
import {
  DISCOUNT_CODE_REDEMPTIONS,
  type DiscountCodeRedemptionDoc,
} from '../../projections/pricing/discount-code-redemptions.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';
import { discountCodeDecider } from './discount-code-decider.js';
import { schoolSettingsDecider } from './settings-decider.js';
import { pricingSettings } from './settings-read.js';
import { codesWithin, mustBeWithin } from './code-scope.js';

const CodeParamSchema = z.object({ code: DiscountCodeSchema });
const position = (p: bigint | null) => (p === null ? null : p.toString());

/**
 * The school's pricing tools behind the admin key (owners and managers; area `pricing`):
 * - POST   /discount-codes: a new code (its stream `discount-code-<CODE>`, created once);
 * - GET    /discount-codes: every code with its redemptions;
 * - DELETE /discount-codes/:code: deactivated, its history kept;
 *   (a location-limited administrator: only codes for her locations' workshops, code-scope.ts)
 * - GET, PUT /settings `{ siblingDiscountPercent }`: recorded as SchoolSettingsChanged.
 */
export function adminPricingRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/discount-codes', validate('json', CreateDiscountCodeRequestSchema), async (c) => {
    const rules = c.req.valid('json');
    await mustBeWithin(deps, c, rules);
    const created = await deps.commands.handle(
      discountCodeDecider,
      discountCodeStream(rules.code),
      { type: 'CreateDiscountCode', rules, at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'admin'),
    );
    return c.json({ code: rules.code, position: position(created.position) }, 201);
  });

  app.get('/discount-codes', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, [DISCOUNT_CODES, DISCOUNT_CODE_REDEMPTIONS]);
    const within = await codesWithin(deps, c);
    const { items: every } = await deps.readStore.find<DiscountCodeDoc>(DISCOUNT_CODES, {
      sort: [{ field: 'createdAt', direction: 'desc' }],
    });
    const items = within ? every.filter((i) => within(i.doc)) : every;
    const redeemed = new Map<string, DiscountCodeView['redeemed']>(items.map((i) => [i.doc.code, []]));
    if (items.length > 0) {
      const uses = await deps.readStore.find<DiscountCodeRedemptionDoc>(DISCOUNT_CODE_REDEMPTIONS, {
        where: { code: [...redeemed.keys()] },
        sort: [{ field: 'redeemedAt', direction: 'desc' }],
      });
      for (const { doc } of uses.items) {
        const { code, ...use } = doc;
        redeemed.get(code)?.push(use);
      }
    }
    return c.json(items.map((i): DiscountCodeView => ({ ...i.doc, redeemed: redeemed.get(i.doc.code) ?? [] })));
  });

  app.delete('/discount-codes/:code', validate('param', CodeParamSchema), async (c) => {
    const { code } = c.req.valid('param');
    const state = await deps.commands.state(discountCodeDecider, discountCodeStream(code));
    if (state.status === 'none') throw notFound(`There is no discount code ${code}.`);
    await mustBeWithin(deps, c, state.rules);
    const done = await deps.commands.handle(
      discountCodeDecider,
      discountCodeStream(code),
      { type: 'DeactivateDiscountCode', at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'admin'),
    );
    return c.json({ code, active: false, position: position(done.position) });
  });

  app.get('/settings', async (c) => c.json(await pricingSettings(deps)));

  app.put('/settings', validate('json', SchoolSettingsRequestSchema), async (c) => {
    const { siblingDiscountPercent } = c.req.valid('json');
    const changed = await deps.commands.handle(
      schoolSettingsDecider,
      SCHOOL_SETTINGS_STREAM,
      { type: 'ChangeSchoolSettings', siblingDiscountPercent, at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'admin'),
    );
    return c.json({ siblingDiscountPercent, position: position(changed.position) });
  });

  return app;
}
