import { Hono } from 'hono';
import { publicLocation } from '../../contracts/locations/location.js';
import { LOCATIONS } from '../../projections/locations/locations.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { listLocations } from './queries.js';

/** GET /api/locations: every location as a visitor may read it (the office's notes left out). */
export function locationRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/locations', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, [LOCATIONS]);
    return c.json((await listLocations(deps.readStore)).map(publicLocation));
  });
  return app;
}
