import { z } from 'zod';
import { ActorSchema } from '../core/events.js';

/** One event of an enrollment's stream, as the audit trail shows it. */
export const HistoryEntrySchema = z.object({
  /** Global feed position, as a decimal string. */
  position: z.string(),
  revision: z.number().int().nonnegative(),
  type: z.string(),
  at: z.string(),
  actor: ActorSchema,
  /** The named administrator who did it, on admin actions recorded since administrators had names. */
  by: z.string().optional(),
  /** A sentence for the administrator; it names no person but the participant an attendance mark is about. */
  summary: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** GET /api/admin/enrollments/{id}/history: every event of the stream in order. */
export const EnrollmentHistorySchema = z.object({
  id: z.string(),
  events: z.array(HistoryEntrySchema),
});
export type EnrollmentHistory = z.infer<typeof EnrollmentHistorySchema>;
