import { Hono } from 'hono';
import type { AppDeps } from '../core/deps.js';
import type { HotReads } from '../core/hot-reads.js';
import { PreparedBody } from '../core/prepared-body.js';
import { listPrograms, listWorkshops } from '../catalogue/queries.js';
import { listLocations } from '../locations/queries.js';
import { LOCATIONS } from '../../projections/locations/locations.js';
import { siteOrigin } from './origin.js';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap.js';

/** robots.txt and sitemap.xml; the sitemap comes from the read models, kept per projection position. */
export function siteRoutes(deps: AppDeps, hot: HotReads): Hono {
  const app = new Hono();
  const catalogue = {
    key: 'sitemap',
    projections: ['programs', 'schedule', LOCATIONS],
    load: async () => {
      const [programs, workshops, locations] = await Promise.all([
        listPrograms(deps.readStore),
        listWorkshops(deps.readStore),
        listLocations(deps.readStore),
      ]);
      return sitemapPaths(programs, workshops, locations);
    },
  };

  // The configured origin, never the request's Host: these answers are kept by shared caches.
  const origin = siteOrigin(deps.config);
  const robots = robotsTxt(origin);

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robots);
  });

  app.get('/sitemap.xml', async (c) => {
    return (await hot.answer(c, catalogue, {
      part: 'sitemap',
      pick: (paths) => sitemapXml(origin, paths),
      serialise: (xml) => new PreparedBody(Buffer.from(xml as string), 'application/xml; charset=UTF-8'),
    }))!;
  });

  return app;
}
