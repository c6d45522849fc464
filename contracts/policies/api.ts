import { z } from 'zod';

/** GET /api/policies: the school's configured rules a parent reads on /terms. */
export const PoliciesSchema = z.object({
  /** Cancelling at least this many days before the start refunds in full; later, nothing. */
  cancellationFullRefundDays: z.number().int().nonnegative(),
  /** The one reminder e-mail leaves once the workshop is less than this many hours away. */
  reminderHours: z.number().positive(),
  /** How long seats are held for an unpaid enrollment, in minutes. */
  seatHoldMinutes: z.number().positive(),
  /** A child's safety details are erased this many days after their booking's last session (/privacy). */
  safetyDataRetentionDays: z.number().int().positive(),
  /** How many dated backups are kept (one a day where the school schedules it so). */
  backupsKept: z.number().int().positive(),
  /** A make-up credit can be booked until this many days after the session missed ends (MAKEUP_VALID_DAYS). */
  makeupValidDays: z.number().int().positive(),
  /** A deposit booking's balance is due this many days before the start, unless the class says otherwise. */
  balanceDueDaysBefore: z.number().int().nonnegative(),
  /** The amounts a gift card can be bought for, in dollars. */
  giftCardMinDollars: z.number().positive(),
  giftCardMaxDollars: z.number().positive(),
});
export type Policies = z.infer<typeof PoliciesSchema>;
