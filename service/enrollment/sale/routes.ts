import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { validate } from '../../core/validate.js';
import { notFound, validationError } from '../../core/errors.js';
import { requestMetadata } from '../../core/metadata.js';
import { MinPositionQuerySchema, awaitProjections } from '../../core/read-after-write.js';
import { CatalogueIdParamSchema, EnrollProgramRequestSchema } from '../../../contracts/enrollment/api.js';
import { EnrollmentIdSchema } from '../../../contracts/enrollment/events.js';
import { enrollInWorkshop, type FamilyParts, type OfferLookup } from './enroll-workshop.js';
import { enrollInProgram } from './enroll-program.js';
import { findEnrollment, findOrder } from './queries.js';
import { rateLimit } from '../../core/rate-limit.js';
import { clientAddress } from '../../core/client-address.js';
import { DiscountPreviewQuerySchema } from '../../../contracts/pricing/discount-codes.js';
import { previewDiscount } from './discount-preview.js';

const OrderParamSchema = z.object({
  orderId: z.string().regex(/^(ORD|FREE|TEST)-[A-Za-z0-9_-]{1,64}$/, 'is not an order number (ORD-, FREE- or TEST-)'),
});
const EnrollmentParamSchema = z.object({ id: EnrollmentIdSchema });

/**
 * Turns an enrollment with a family's saved children (`childIds`) into the form and what the
 * account adds to it (the account slice provides it, see service/app.ts); null for a form sent
 * without them.
 */
export type FamilyResolver = (
  c: Context,
  workshopId: string,
  body: Record<string, unknown>,
) => Promise<{ body: Record<string, unknown>; family: FamilyParts } | null>;

/**
 * The household of a signed-in parent sending the request from a page of the site, or null (the
 * account slice provides it): its credit and the sibling discount price the order.
 */
export type HouseholdResolver = (c: Context) => Promise<string | null>;

/** Routes of the enrollment slice, mounted under /api. */
export function enrollmentRoutes(
  deps: AppDeps,
  options: { findOffer?: OfferLookup; family?: FamilyResolver; household?: HouseholdResolver } = {},
): Hono {
  const app = new Hono();
  const limited = rateLimit(deps);

  app.post('/enroll/workshop/:id', limited, validate('param', CatalogueIdParamSchema), async (c) => {
    const body: unknown = await c.req.json().catch(() => {
      throw validationError('The request body is not valid JSON. Send the enrollment form as JSON.');
    });
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw validationError('Send the enrollment form as a JSON object.');
    const workshopId = c.req.valid('param').id;
    const withFamily = options.family ? await options.family(c, workshopId, body as Record<string, unknown>) : null;
    const household = withFamily ? null : options.household ? await options.household(c) : null;
    const result = await enrollInWorkshop(
      deps,
      workshopId,
      withFamily?.body ?? body,
      requestMetadata(c, deps, 'visitor'),
      clientAddress(c),
      options.findOffer,
      withFamily?.family,
      household ?? undefined,
    );
    return c.json(result, 201);
  });

  // A guessing tool if it were free: under the anonymous calls' shared rate limit.
  app.get(
    '/discount-codes/:code',
    limited,
    validate('param', z.object({ code: z.string().max(64) })),
    validate('query', DiscountPreviewQuerySchema),
    async (c) => {
      const { workshopId, participants } = c.req.valid('query');
      return c.json(await previewDiscount(deps, c.req.valid('param').code, workshopId, participants));
    },
  );

  app.get(
    '/orders/:orderId',
    validate('param', OrderParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      await awaitProjections(deps, c.req.valid('query').minPosition, ['orders']);
      const order = await findOrder(deps.readStore, c.req.valid('param').orderId);
      if (!order)
        throw notFound(
          'We could not find that order. If you just paid, refresh in a moment; otherwise contact us with your order number.',
        );
      return c.json(order);
    },
  );

  // The checkout's lookup in every mode: a checkout link opened in a new tab (or after Stripe's full
  // page load without session storage) asks the server for the amount. No names, no contact details.
  app.get(
    '/enrollments/:id',
    validate('param', EnrollmentParamSchema),
    validate('query', MinPositionQuerySchema),
    async (c) => {
      await awaitProjections(deps, c.req.valid('query').minPosition, ['orders']);
      const enrollment = await findEnrollment(deps.readStore, c.req.valid('param').id);
      if (!enrollment) throw notFound('We could not find that enrollment.');
      return c.json(enrollment);
    },
  );

  if (deps.config.testPages) {
    app.post(
      '/enroll/program/:id',
      limited,
      validate('param', CatalogueIdParamSchema),
      validate('json', EnrollProgramRequestSchema),
      async (c) => {
        const result = await enrollInProgram(
          deps,
          c.req.valid('param').id,
          c.req.valid('json'),
          requestMetadata(c, deps, 'visitor'),
        );
        return c.json(result, 201);
      },
    );
  }

  return app;
}
