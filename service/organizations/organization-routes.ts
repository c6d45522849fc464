import { Hono } from 'hono';
import { z } from 'zod';
import {
  OrganizationIdSchema,
  OrganizationInputSchema,
  organizationStream,
  type OrganizationCreated,
} from '../../contracts/organizations/organization.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { organizationDecider } from './organization-decider.js';

const IdParamSchema = z.object({ id: OrganizationIdSchema });

/**
 * The office's organizations, mounted under /api/admin:
 * - POST /organizations: register one (201 `{ organizationId, position }`);
 * - PUT  /organizations/:id: replace its details (200 `{ organizationId, position }`).
 */
export function adminOrganizationRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/organizations', validate('json', OrganizationInputSchema), async (c) => {
    const organizationId = deps.newId();
    const metadata = requestMetadata(c, deps, 'admin');
    const handled = await deps.commands.handle(
      organizationDecider,
      organizationStream(organizationId),
      { type: 'RegisterOrganization', organizationId, input: c.req.valid('json'), source: 'office', at: metadata.at },
      metadata,
    );
    return c.json({ organizationId, position: String(handled.position ?? 0n) } satisfies OrganizationCreated, 201);
  });

  app.put(
    '/organizations/:id',
    validate('param', IdParamSchema),
    validate('json', OrganizationInputSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const metadata = requestMetadata(c, deps, 'admin');
      const handled = await deps.commands.handle(
        organizationDecider,
        organizationStream(id),
        { type: 'UpdateOrganization', input: c.req.valid('json'), at: metadata.at },
        metadata,
      );
      return c.json({ organizationId: id, position: String(handled.position ?? 0n) } satisfies OrganizationCreated);
    },
  );

  return app;
}
