import { Hono } from 'hono';
import {
  AccessLogQuerySchema,
  EraseFamilyInputSchema,
  type AccessLogPage,
  type ErasureAccepted,
} from '../../contracts/privacy/api.js';
import { ACCESS_LOG, type AccessLogDoc } from '../../projections/privacy/access-log.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { eraseFamily } from './erase.js';
import { eraseOrganization } from './erase-organization.js';
import { OrganizationIdSchema } from '../../contracts/organizations/organization.js';
import { scrubbed } from './scrub-reactor.js';
import { PositionStringSchema, fromWire } from '../../contracts/core/events.js';
import { z } from 'zod';

const ScrubQuerySchema = z.object({ position: PositionStringSchema });
const OrganizationParamSchema = z.object({ id: OrganizationIdSchema });

/**
 * The owner's privacy tools (area `privacy`: the owner only, service/admin/permissions.ts):
 * - POST /admin/privacy/erasures `{ email, cancelUpcoming? }` → 202 `{ subjectId, erasedAt, position }`,
 *   or 409 `{ code: 'upcoming_bookings', upcoming }` for a family with a paid class ahead;
 * - POST /admin/privacy/organizations/:id/erasure → 202, the same answer: an organization's
 *   contact and named attendees erased, its documents and money kept (erase-organization.ts);
 * - GET /admin/privacy/erasures/scrubbed `?position=` → `{ scrubbed }`: the read models rebuilt and
 *   the embedded files compacted after the erasure answered at that position;
 * - GET /admin/privacy/access-log `?administrator=&limit=&offset=` → `{ entries, total }`, newest first.
 */
export function adminPrivacyRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/privacy/erasures', validate('json', EraseFamilyInputSchema), async (c) => {
    const { email, cancelUpcoming } = c.req.valid('json');
    const erasure = await eraseFamily(
      deps,
      { emails: [email], cancelUpcoming, by: 'school' },
      requestMetadata(c, deps, 'admin'),
    );
    const body: ErasureAccepted = {
      subjectId: erasure.subjectId,
      erasedAt: erasure.erasedAt,
      position: erasure.position.toString(),
    };
    return c.json(body, 202);
  });

  app.post('/privacy/organizations/:id/erasure', validate('param', OrganizationParamSchema), async (c) => {
    const erasure = await eraseOrganization(deps, c.req.valid('param').id, requestMetadata(c, deps, 'admin'));
    const body: ErasureAccepted = {
      subjectId: erasure.subjectId,
      erasedAt: erasure.erasedAt,
      position: erasure.position.toString(),
    };
    return c.json(body, 202);
  });

  // Whether the erasure answered at `position` is done in the read models and the files too.
  app.get('/privacy/erasures/scrubbed', validate('query', ScrubQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ scrubbed: await scrubbed(deps, fromWire(c.req.valid('query').position)) });
  });

  app.get('/privacy/access-log', validate('query', AccessLogQuerySchema), async (c) => {
    const { administrator, limit, offset } = c.req.valid('query');
    const { items, total } = await deps.readStore.findWithTotal<AccessLogDoc>(ACCESS_LOG, {
      where: administrator ? { administratorId: administrator } : undefined,
      sort: [{ field: 'seq', direction: 'desc' }],
      offset,
      limit,
    });
    const body: AccessLogPage = {
      entries: items.map(({ doc }) => ({
        id: doc.id,
        kind: doc.kind,
        workshopId: doc.workshopId,
        enrollmentId: doc.enrollmentId,
        ...(doc.search === undefined ? {} : { search: doc.search }),
        at: doc.at,
        administrator: { id: doc.administratorId, name: doc.administratorName },
      })),
      total,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  return app;
}
