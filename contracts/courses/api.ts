import { z } from 'zod';
import { MakeupCreditIdSchema } from '../catalogue/events.js';
import { WorkshopIdSchema } from '../catalogue/workshop.js';

/** A session's number as a request names it: a whole number from 1. */
const session = z
  .number({ error: 'session must be the session’s number, a whole number from 1.' })
  .int('session must be a whole number from 1.')
  .min(1, 'session must be a whole number from 1.')
  .max(20, 'session must be at most 20 (a course has at most 20 sessions).');

const participant = z
  .number({ error: 'participant must be the participant’s index, a whole number from 0.' })
  .int('participant must be a whole number from 0.')
  .nonnegative('participant must be a whole number from 0.')
  .max(99, 'participant must be at most 99.');

/** POST /api/bookings/{token}/absences: one child (index from 0) will miss one session (from 1). */
export const ReportAbsenceRequestSchema = z.object({ session, participant }).strict();
export type ReportAbsenceRequest = z.infer<typeof ReportAbsenceRequestSchema>;

/** 201: the make-up credit the absence gave, and until when it can be booked. */
export const AbsenceResultSchema = z.object({ creditId: z.string(), validUntil: z.string(), position: z.string() });
export type AbsenceResult = z.infer<typeof AbsenceResultSchema>;

/** POST /api/bookings/{token}/makeups: the credit into one session of an offering of the same program. */
export const BookMakeupRequestSchema = z
  .object({
    creditId: MakeupCreditIdSchema,
    workshopId: WorkshopIdSchema,
    session,
  })
  .strict();
export type BookMakeupRequest = z.infer<typeof BookMakeupRequestSchema>;

export const MakeupResultSchema = z.object({
  creditId: z.string(),
  workshopId: z.string(),
  session: z.number().int(),
  position: z.string(),
});
export type MakeupResult = z.infer<typeof MakeupResultSchema>;

/** POST /api/bookings/{token}/makeups/{creditId}/cancel: `{}`; the credit comes back. */
export const CancelMakeupRequestSchema = z.object({}).strict();
export const MakeupCreditParamSchema = z.object({ creditId: MakeupCreditIdSchema });

/** A session a credit can be booked into: an offering of the same program, not begun, with a free seat. */
export const MakeupOptionSchema = z.object({
  workshopId: z.string(),
  title: z.string(),
  session: z.number().int(),
  sessions: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  seatsLeft: z.number().int(),
});
export type MakeupOption = z.infer<typeof MakeupOptionSchema>;

/** One make-up credit as the booking page and the administrator see it (ids, never a name). */
export const MakeupCreditViewSchema = z.object({
  creditId: z.string(),
  participant: z.number().int(),
  reason: z.enum(['absence', 'school']),
  /** The session missed (an absence), or null (granted by the school). */
  from: z.object({ workshopId: z.string(), session: z.number().int() }).nullable(),
  validUntil: z.string(),
  /**
   * `expired` once past `validUntil` and not booked; `voided` once the place it came from was
   * cancelled or moved to another class (it can never be booked again).
   */
  status: z.enum(['available', 'booked', 'expired', 'voided']),
  booking: z
    .object({ workshopId: z.string(), title: z.string(), session: z.number().int(), startsAt: z.string() })
    .nullable(),
  /** The administrator who granted it, for the school's own credits (admin view only). */
  grantedBy: z.string().nullable().optional(),
  grantedAt: z.string(),
});
export type MakeupCreditView = z.infer<typeof MakeupCreditViewSchema>;

/** The absences a booking reported: which child misses which session. */
export const AbsenceViewSchema = z.object({
  session: z.number().int(),
  participant: z.number().int(),
  creditId: z.string(),
});
export type AbsenceView = z.infer<typeof AbsenceViewSchema>;

/** POST /api/admin/enrollments/{id}/makeup-credits: the school grants a credit to one child. */
export const GrantCreditRequestSchema = z
  .object({
    participant,
    /** Until when it can be booked ('' or absent: MAKEUP_VALID_DAYS from now). */
    validUntil: z
      .string({ error: 'validUntil must be a date, e.g. 2025-12-31.' })
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'validUntil must be a date, e.g. 2025-12-31.')
      .optional(),
  })
  .strict();
export type GrantCreditRequest = z.infer<typeof GrantCreditRequestSchema>;

/** GET /api/admin/enrollments/{id}/makeup-credits */
export const EnrollmentCreditsSchema = z.object({
  enrollmentId: z.string(),
  credits: z.array(MakeupCreditViewSchema),
  absences: z.array(AbsenceViewSchema),
});
export type EnrollmentCredits = z.infer<typeof EnrollmentCreditsSchema>;
