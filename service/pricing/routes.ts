import { Hono } from 'hono';
import type { AppDeps } from '../core/deps.js';
import type { HotReads } from '../core/hot-reads.js';
import { pricingSettingsRead } from './settings-read.js';

/** GET /pricing-settings: the sibling discount the enroll page prices with (public, kept in memory like the catalogue). */
export function pricingRoutes(deps: AppDeps, hot: HotReads): Hono {
  const app = new Hono();
  const settings = pricingSettingsRead(deps.readStore);
  app.get('/pricing-settings', (c) => hot.answerAll(c, settings, c.req.query('minPosition')));
  return app;
}
