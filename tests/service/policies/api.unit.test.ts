import { afterEach, describe, expect, it } from 'vitest';
import { PoliciesSchema } from '../../../contracts/policies/api.js';
import { makeTestApp, type TestApp } from '../../support/app.js';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('policies API', () => {
  it('given no policy settings, then GET /api/policies answers the defaults: full refund until 7 days before, a reminder 48 hours before, safety details kept 90 days, 14 backups', async () => {
    t = await makeTestApp({ seed: false });
    const res = await t.app.request('/api/policies');
    expect(res.status).toBe(200);
    expect(PoliciesSchema.parse(await res.json())).toEqual({
      cancellationFullRefundDays: 7,
      reminderHours: 48,
      seatHoldMinutes: 30,
      safetyDataRetentionDays: 90,
      backupsKept: 14,
      makeupValidDays: 90,
      balanceDueDaysBefore: 14,
      giftCardMinDollars: 25,
      giftCardMaxDollars: 500,
    });
  });

  it('given MAKEUP_VALID_DAYS=45, then the terms page is told a make-up credit lasts 45 days', async () => {
    t = await makeTestApp({ seed: false, env: { MAKEUP_VALID_DAYS: '45' } });
    expect(await (await t.app.request('/api/policies')).json()).toMatchObject({ makeupValidDays: 45 });
  });

  it('given CANCELLATION_FULL_REFUND_DAYS=14 and REMINDER_HOURS=24, then the terms page is told those numbers', async () => {
    t = await makeTestApp({ seed: false, env: { CANCELLATION_FULL_REFUND_DAYS: '14', REMINDER_HOURS: '24' } });
    const body = await (await t.app.request('/api/policies')).json();
    expect(body).toMatchObject({ cancellationFullRefundDays: 14, reminderHours: 24 });
  });

  it('given a refund window that is not a whole number of days, then the configuration is refused naming the variable', async () => {
    await expect(makeTestApp({ seed: false, env: { CANCELLATION_FULL_REFUND_DAYS: '2.5' } })).rejects.toThrow(
      /CANCELLATION_FULL_REFUND_DAYS/,
    );
    await expect(makeTestApp({ seed: false, env: { REMINDER_HOURS: '0' } })).rejects.toThrow(/REMINDER_HOURS/);
  });
});
