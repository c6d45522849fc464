import { z } from 'zod';
import { AccessKindSchema } from './events.js';
import { emailAddress } from '../core/text.js';

/** POST /api/admin/privacy/erasures: erase a family by the e-mail it booked with (owner only). */
export const EraseFamilyInputSchema = z.object({
  email: emailAddress(),
  /**
   * The family has an upcoming paid booking: erasing it without cancelling leaves a class the
   * school cannot reach the family about. True cancels each under the school's policy first.
   */
  cancelUpcoming: z.boolean().optional().default(false),
});
export type EraseFamilyInput = z.infer<typeof EraseFamilyInputSchema>;

/** 202 answer: the subject's keys are destroyed; the read models and files follow (the scrub). */
export const ErasureAcceptedSchema = z.object({
  subjectId: z.string(),
  erasedAt: z.string(),
  /** Global position of the record, for ?minPosition. */
  position: z.string(),
});
export type ErasureAccepted = z.infer<typeof ErasureAcceptedSchema>;

/** One upcoming paid booking named in the 409 answer `{ error, code: 'upcoming_bookings', upcoming }`. */
export const UpcomingBookingSchema = z.object({
  enrollmentId: z.string(),
  title: z.string(),
  date: z.string(),
  /** Dollars paid. */
  amount: z.number(),
  /** What cancelling under the policy gives today. */
  refund: z.enum(['full', 'none', 'free']),
});
export type UpcomingBooking = z.infer<typeof UpcomingBookingSchema>;
export const UPCOMING_BOOKINGS_CODE = 'upcoming_bookings';

/** One row of GET /api/admin/privacy/access-log (owner only): who read what, by id only. */
export const AccessLogEntrySchema = z.object({
  id: z.string(),
  kind: AccessKindSchema,
  workshopId: z.string().nullable(),
  enrollmentId: z.string().nullable(),
  /** The tracker and its CSV: whether a search narrowed it (absent for other reads). */
  search: z.boolean().optional(),
  at: z.string(),
  administrator: z.object({ id: z.string(), name: z.string() }),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccessLogQuerySchema = z.object({
  /** An administrator's id (`owner` for the holder of ADMIN_KEY); all when absent. */
  administrator: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an administrator id')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  offset: z.coerce.number().int().min(0).max(100_000).optional().default(0),
});
export const AccessLogPageSchema = z.object({ entries: z.array(AccessLogEntrySchema), total: z.number() });
export type AccessLogPage = z.infer<typeof AccessLogPageSchema>;

/** POST /api/account/erase: a signed-in parent erases their own household (the family page). */
export const EraseOwnFamilyInputSchema = z.object({
  /** As for the school's erasure: true cancels the family's paid classes ahead under the policy first. */
  cancelUpcoming: z.boolean().optional().default(false),
});
export type EraseOwnFamilyInput = z.infer<typeof EraseOwnFamilyInputSchema>;
