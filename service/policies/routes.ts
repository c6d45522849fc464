import { Hono } from 'hono';
import type { Policies } from '../../contracts/policies/api.js';
import type { AppDeps } from '../core/deps.js';

/** GET /api/policies: the numbers the terms page states, from configuration, so the page and the service agree. */
export function policyRoutes(deps: Pick<AppDeps, 'config'>): Hono {
  const app = new Hono();
  app.get('/policies', (c) => {
    const body: Policies = {
      cancellationFullRefundDays: deps.config.CANCELLATION_FULL_REFUND_DAYS,
      reminderHours: deps.config.REMINDER_HOURS,
      seatHoldMinutes: deps.config.HOLD_MINUTES,
    };
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(body);
  });
  return app;
}
