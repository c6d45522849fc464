import { Hono } from 'hono';
import type { Policies } from '../../contracts/policies/api.js';
import { DEFAULT_BALANCE_DUE_DAYS_BEFORE } from '../../contracts/enrollment/pricing.js';
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS } from '../../contracts/gift-cards/events.js';
import type { AppDeps } from '../core/deps.js';

/** The numbers the terms page states, from configuration and the rules the service applies. */
export const policiesOf = (config: AppDeps['config']): Policies => ({
  cancellationFullRefundDays: config.CANCELLATION_FULL_REFUND_DAYS,
  reminderHours: config.REMINDER_HOURS,
  seatHoldMinutes: config.HOLD_MINUTES,
  safetyDataRetentionDays: config.SAFETY_DATA_RETENTION_DAYS,
  backupsKept: config.BACKUP_KEEP,
  makeupValidDays: config.MAKEUP_VALID_DAYS,
  balanceDueDaysBefore: DEFAULT_BALANCE_DUE_DAYS_BEFORE,
  giftCardMinDollars: GIFT_CARD_MIN_CENTS / 100,
  giftCardMaxDollars: GIFT_CARD_MAX_CENTS / 100,
});

/** GET /api/policies: the numbers the terms page states, from configuration, so the page and the service agree. */
export function policyRoutes(deps: Pick<AppDeps, 'config'>): Hono {
  const app = new Hono();
  app.get('/policies', (c) => {
    const body = policiesOf(deps.config);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(body);
  });
  return app;
}
