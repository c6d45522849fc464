import { z } from 'zod';
import { multiLineText, oneLineText, personName } from '../core/text.js';
import { AppointmentKindSchema } from '../instructors/calendar.js';
import { InstructorIdSchema } from '../instructors/instructor.js';
import { SchoolDateSchema } from '../instructors/availability.js';

const Instant = z.string().datetime({ offset: true });

/** GET /api/appointment-types/:id/slots?from=YYYY-MM-DD&to=YYYY-MM-DD&instructorId= */
export const SlotsQuerySchema = z
  .object({ from: SchoolDateSchema, to: SchoolDateSchema, instructorId: InstructorIdSchema.optional() })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'must not be before from.' });

const name = (label: string) =>
  personName(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} must be at most 100 characters.`);

/** POST /api/appointment-types/:id/bookings (issue 38 item 4). */
export const AppointmentBookingInputSchema = z.object({
  startsAt: Instant.describe('the slot, as GET .../slots answered it'),
  instructorId: InstructorIdSchema.optional(),
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .max(254)
    .pipe(z.email('Please enter a valid email address.'))
    .transform((v) => v.toLowerCase()),
  phone: oneLineText('Phone number', { error: 'Please enter a valid phone number.' })
    .trim()
    .min(10, 'Please enter a valid phone number.')
    .max(40),
  participantName: name('Participant name'),
  participantAge: z.number().int().min(1, 'must be at least 1.').max(120, 'must be at most 120.').optional(),
  guests: z.number().int('must be a whole number.').min(1, 'must be at least 1.').max(100).optional(),
  childId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  notes: multiLineText('Notes').trim().max(2000, 'Notes must be at most 2,000 characters.').optional(),
  agreeToTerms: z.literal(true, { error: 'Please agree to the terms.' }),
  packCode: oneLineText('Pack code').trim().max(40).optional(),
});
export type AppointmentBookingInput = z.infer<typeof AppointmentBookingInputSchema>;

/** What the booking costs: its lines, the total, what is due now (a party's deposit) and later. */
export const AppointmentPricingSchema = z.object({
  lines: z.array(z.object({ label: z.string(), amountCents: z.number().int() })),
  totalCents: z.number().int(),
  dueNowCents: z.number().int(),
  dueLaterCents: z.number().int(),
});
export type AppointmentPricing = z.infer<typeof AppointmentPricingSchema>;

/** 201 of POST /api/appointment-types/:id/bookings; no `clientSecret` when nothing is due by card. */
export const AppointmentBookedAnswerSchema = z.object({
  appointmentId: z.string(),
  holdExpiresAt: z.string().nullable(),
  amountCents: z.number().int(),
  pricing: AppointmentPricingSchema,
  clientSecret: z.string().optional(),
});
export type AppointmentBookedAnswer = z.infer<typeof AppointmentBookedAnswerSchema>;

export const appointmentStream = (appointmentId: string) => `appointment-${appointmentId}`;

/**
 * A parent asked for an appointment and its time is held on the instructor's calendar: who it is
 * for and how to reach the family (under the family's key), what it costs, until when it is held.
 */
export const AppointmentRequestedSchema = z.object({
  appointmentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  typeId: z.string().min(1).max(64),
  kind: AppointmentKindSchema,
  /** The type's program when booked (the revenue report's program); absent on events written before. */
  programId: z.string().max(64).optional(),
  instructorId: InstructorIdSchema,
  startsAt: Instant,
  endsAt: Instant,
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  email: z.string().min(1).max(254),
  phone: z.string().min(1).max(40),
  participantName: z.string().min(1).max(100),
  /** Null once the family is erased (a personal number reads as null). */
  participantAge: z.number().int().nullable().optional(),
  guests: z.number().int().optional(),
  childId: z.string().max(64).optional(),
  notes: z.string().max(2000).optional(),
  amountCents: z.number().int().nonnegative(),
  dueNowCents: z.number().int().nonnegative(),
  holdExpiresAt: Instant.nullable(),
  /** The card payment of what is due now (none when nothing is). */
  paymentIntentId: z.string().min(1).max(200).optional(),
  /** The lesson pack that paid for it (one of its lessons, issue 38 item 7). */
  lessonPackId: z.string().max(64).optional(),
  requestedAt: Instant,
});
export type AppointmentRequested = z.infer<typeof AppointmentRequestedSchema>;

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The provider's "succeeded" for the appointment's payment, recorded once (the webhook or the page's verification). */
export const AppointmentPaidSchema = z.object({
  appointmentId: Id,
  paymentIntentId: z.string().min(1).max(200),
  amountCents: z.number().int().nonnegative(),
  providerEventId: z.string().max(200).nullable(),
  source: z.enum(['webhook', 'verification']),
  paidAt: Instant,
});

/** Sold: its time is the instructor's for good (paid, or nothing was due). */
export const AppointmentConfirmedSchema = z.object({
  appointmentId: Id,
  paymentIntentId: z.string().max(200).nullable(),
  confirmedAt: Instant,
});

/** Not paid before its hold lapsed: its time is given back (a payment arriving later takes it again if free). */
export const AppointmentExpiredSchema = z.object({ appointmentId: Id, expiredAt: Instant });

/**
 * Money given back: all of it when the time was gone before the payment arrived (`time-taken`),
 * or what the cancellation policy gives (`cancelled`).
 */
export const AppointmentRefundedSchema = z.object({
  appointmentId: Id,
  paymentIntentId: z.string().min(1).max(200),
  refundId: z.string().min(1).max(200),
  amountCents: z.number().int().nonnegative(),
  reason: z.enum(['time-taken', 'cancelled']),
  refundedAt: Instant,
});

/**
 * Cancelled from the appointment page or by the office: its time is given back and `refundCents`
 * (by the cancellation policy: all that was paid when at least LESSON_FULL_REFUND_HOURS ahead,
 * nothing later) goes back to the card.
 */
export const AppointmentCancelledSchema = z.object({
  appointmentId: Id,
  by: z.enum(['parent', 'office']),
  refundCents: z.number().int().nonnegative(),
  /** Paid by a lesson pack: whether its lesson goes back to the pack (by the same rule as a refund in full). */
  lessonBack: z.boolean().optional(),
  cancelledAt: Instant,
});

/** Moved to another free time of the same instructor, decided on their calendar (AppointmentSlotMoved, `moveId`). */
export const AppointmentRescheduledSchema = z.object({
  appointmentId: Id,
  moveId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  from: z.object({ startsAt: Instant, endsAt: Instant }),
  startsAt: Instant,
  endsAt: Instant,
  by: z.enum(['parent', 'office']),
  rescheduledAt: Instant,
});

export type AppointmentPaid = z.infer<typeof AppointmentPaidSchema>;
export type AppointmentRescheduled = z.infer<typeof AppointmentRescheduledSchema>;

export type AppointmentEvent =
  | { type: 'AppointmentRequested'; data: AppointmentRequested }
  | { type: 'AppointmentPaid'; data: AppointmentPaid }
  | { type: 'AppointmentConfirmed'; data: z.infer<typeof AppointmentConfirmedSchema> }
  | { type: 'AppointmentExpired'; data: z.infer<typeof AppointmentExpiredSchema> }
  | { type: 'AppointmentRefunded'; data: z.infer<typeof AppointmentRefundedSchema> }
  | { type: 'AppointmentCancelled'; data: z.infer<typeof AppointmentCancelledSchema> }
  | { type: 'AppointmentRescheduled'; data: AppointmentRescheduled };

export const appointmentEventSchemas = {
  AppointmentRequested: AppointmentRequestedSchema,
  AppointmentPaid: AppointmentPaidSchema,
  AppointmentConfirmed: AppointmentConfirmedSchema,
  AppointmentExpired: AppointmentExpiredSchema,
  AppointmentRefunded: AppointmentRefundedSchema,
  AppointmentCancelled: AppointmentCancelledSchema,
  AppointmentRescheduled: AppointmentRescheduledSchema,
} as const;

/** POST /api/appointments/:token/reschedule: another of the type's free times. */
export const RescheduleAppointmentRequestSchema = z.object({
  startsAt: Instant.describe('the new slot, as GET .../slots answered it'),
});

/** POST /api/appointments/:token/cancel: nothing to say. */
export const CancelAppointmentRequestSchema = z.object({}).strict();

export const APPOINTMENT_STATUSES = ['held', 'confirmed', 'expired', 'refunded', 'cancelled'] as const;

/** GET /api/appointments/:token: the parent's appointment page. */
export const AppointmentViewSchema = z.object({
  appointmentId: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  typeId: z.string(),
  title: z.string(),
  kind: AppointmentKindSchema,
  instructorId: z.string(),
  instructorName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  participantName: z.string(),
  guests: z.number().int().optional(),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  dueLaterCents: z.number().int(),
  refundedCents: z.number().int(),
  holdExpiresAt: z.string().nullable(),
  /** Until when cancelling refunds all that was paid, and a reschedule is taken online. */
  fullRefundUntil: z.string(),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  /** What cancelling now gives back. */
  refundIfCancelledCents: z.number().int(),
});
export type AppointmentView = z.infer<typeof AppointmentViewSchema>;

/** Metadata `kind` of an appointment's PaymentIntent; its id under `appointmentId`. */
export const APPOINTMENT_PAYMENT_KIND = 'appointment';
