import { Hono } from 'hono';
import { z } from 'zod';
import type { HotReads } from '../core/hot-reads.js';
import { notFound } from '../core/errors.js';
import { LOCATION_NOT_FOUND, locationsRead, pickLocation } from './hot-locations.js';
import { publicLocation } from '../../contracts/locations/location.js';
import { LOCATIONS } from '../../projections/locations/locations.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { listLocations } from './queries.js';

const SlugParam = z.object({ slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'is not a location slug') });

/**
 * GET /api/locations: every location as a visitor may read it (the office's notes left out);
 * GET /api/locations/:slug: one, for its page (issue 41 item 4), from the same hot read the page uses.
 */
export function locationRoutes(deps: AppDeps, hot: HotReads): Hono {
  const app = new Hono();
  const locations = locationsRead(deps.readStore);
  app.get('/locations', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, [LOCATIONS]);
    return c.json((await listLocations(deps.readStore)).map(publicLocation));
  });
  app.get('/locations/:slug', validate('param', SlugParam), validate('query', MinPositionQuerySchema), async (c) => {
    const { slug } = c.req.valid('param');
    const { minPosition } = c.req.valid('query');
    const ask = (at: string | undefined) =>
      hot.answer(c, locations, { minPosition: at, part: slug, pick: (list) => pickLocation(list, slug) });
    const answer = (await ask(minPosition)) ?? (minPosition === undefined ? await ask(await hot.written()) : null);
    if (!answer) throw notFound(LOCATION_NOT_FOUND);
    return answer;
  });
  return app;
}
