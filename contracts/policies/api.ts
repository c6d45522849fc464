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
});
export type Policies = z.infer<typeof PoliciesSchema>;
