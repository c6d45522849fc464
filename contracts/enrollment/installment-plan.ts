import { z } from 'zod';
import { InstallmentSchema } from '../catalogue/payment-plan.js';
import { PaidCardSchema } from './events.js';
import { EnrollmentIdSchema } from './lookup.js';

/**
 * Events of the stream `installment-plan-<enrollmentId>` (issue 43): a booking paid in instalments
 * on a saved card. Each charge is decided here with the stream's revision, under a key of the plan,
 * the instalment and the attempt, so a crash and a retry ask the provider for the same charge.
 */
export const installmentPlanStream = (enrollmentId: string) => `installment-plan-${enrollmentId}`;

/** The key of one attempt at one instalment: the provider answers the same charge to the same key. */
export const installmentChargeKey = (enrollmentId: string, n: number, attempt: number) =>
  `installment-${enrollmentId}-${n}-${attempt}`;

/**
 * The payment kind of an instalment the parent pays by hand from the booking page, after the saved
 * card was declined (the metadata of its PaymentIntent, with the enrollment and `installment`: n).
 */
export const INSTALLMENT_BY_PARENT_KIND = 'installment-by-parent';

/** A declined instalment is tried again this many days after its due date, twice (three tries over 7 days). */
export const INSTALLMENT_RETRY_DAYS = [3, 7] as const;

const Instant = z.string().datetime({ offset: true });
const SavedCardSchema = z.object({ customerId: z.string().min(1), paymentMethodId: z.string().min(1) });

export const InstallmentPlanStartedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** Every instalment, the first already paid by the checkout's payment. */
  installments: z.array(InstallmentSchema).min(2),
  savedCard: SavedCardSchema,
  /** The first instalment's payment (the checkout's PaymentIntent). */
  firstPaymentIntentId: z.string().min(1),
  startedAt: Instant,
});

export const InstallmentChargeStartedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  n: z.number().int().min(2),
  attempt: z.number().int().min(1),
  amountCents: z.number().int().positive(),
  idempotencyKey: z.string().min(1),
  startedAt: Instant,
});

export const InstallmentPaidSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  n: z.number().int().min(1),
  attempt: z.number().int().min(1),
  amountCents: z.number().int().nonnegative(),
  paymentIntentId: z.string().min(1),
  paidAt: Instant,
  /** Who paid it: the saved card on its date (absent, as before), or the parent by hand from the booking page. */
  paidBy: z.literal('parent').optional(),
  /** The card that paid (issue 37, record 152), as the provider answered the charge. Absent: not known. */
  card: PaidCardSchema.optional(),
});

export const InstallmentChargeFailedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  n: z.number().int().min(2),
  attempt: z.number().int().min(1),
  paymentIntentId: z.string().min(1),
  code: z.string(),
  reason: z.string(),
  failedAt: Instant,
  /** When it is tried again; null after the last try (the parent pays it from the booking page). */
  nextAttemptAt: Instant.nullable(),
});

/** The parent told of a declined instalment (with the link to pay it by hand), once per declined attempt. */
export const InstallmentDeclineNoticeSentSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  n: z.number().int().min(2),
  attempt: z.number().int().min(1),
  messageId: z.string().min(1),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/** The office asked to charge instalment `n` now (issue 43): the charging reactor charges it, never the request. */
export const InstallmentChargeRequestedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  n: z.number().int().min(2),
  requestedAt: Instant,
});

/** The office waived instalment `n`: it is never charged, and the booking owes it no more. */
export const InstallmentWaivedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  n: z.number().int().min(2),
  amountCents: z.number().int().nonnegative(),
  waivedAt: Instant,
});

/**
 * The parent removed the saved card from the booking page: no instalment is charged automatically
 * any more (the card is detached by a reactor); each left is paid by hand from the booking page.
 */
export const InstallmentCardRemovedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  removedAt: Instant,
});

/**
 * The plan is over (issue 43): every instalment paid or waived, the booking cancelled, or the
 * family erased. Nothing more is charged, and its saved card is forgotten (detached by a reactor).
 */
export const InstallmentPlanEndedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  reason: z.enum(['paid', 'cancelled', 'erased']),
  endedAt: Instant,
});

/** The saved card was detached at the provider (removed by the parent, or the plan ended): once per plan. */
export const InstallmentCardDetachedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  detachedAt: Instant,
});

export const installmentPlanEventSchemas = {
  InstallmentPlanStarted: InstallmentPlanStartedSchema,
  InstallmentChargeStarted: InstallmentChargeStartedSchema,
  InstallmentPaid: InstallmentPaidSchema,
  InstallmentChargeFailed: InstallmentChargeFailedSchema,
  InstallmentDeclineNoticeSent: InstallmentDeclineNoticeSentSchema,
  InstallmentChargeRequested: InstallmentChargeRequestedSchema,
  InstallmentWaived: InstallmentWaivedSchema,
  InstallmentCardRemoved: InstallmentCardRemovedSchema,
  InstallmentPlanEnded: InstallmentPlanEndedSchema,
  InstallmentCardDetached: InstallmentCardDetachedSchema,
} as const;

export type InstallmentPlanStarted = z.infer<typeof InstallmentPlanStartedSchema>;
export type InstallmentChargeStarted = z.infer<typeof InstallmentChargeStartedSchema>;
export type InstallmentPaid = z.infer<typeof InstallmentPaidSchema>;
export type InstallmentChargeFailed = z.infer<typeof InstallmentChargeFailedSchema>;
export type InstallmentDeclineNoticeSent = z.infer<typeof InstallmentDeclineNoticeSentSchema>;
export type InstallmentChargeRequested = z.infer<typeof InstallmentChargeRequestedSchema>;
export type InstallmentWaived = z.infer<typeof InstallmentWaivedSchema>;
export type InstallmentCardRemoved = z.infer<typeof InstallmentCardRemovedSchema>;
export type InstallmentPlanEnded = z.infer<typeof InstallmentPlanEndedSchema>;
export type InstallmentCardDetached = z.infer<typeof InstallmentCardDetachedSchema>;
export type InstallmentPlanEvent =
  | { type: 'InstallmentPlanStarted'; data: InstallmentPlanStarted }
  | { type: 'InstallmentChargeStarted'; data: InstallmentChargeStarted }
  | { type: 'InstallmentPaid'; data: InstallmentPaid }
  | { type: 'InstallmentChargeFailed'; data: InstallmentChargeFailed }
  | { type: 'InstallmentDeclineNoticeSent'; data: InstallmentDeclineNoticeSent }
  | { type: 'InstallmentChargeRequested'; data: InstallmentChargeRequested }
  | { type: 'InstallmentWaived'; data: InstallmentWaived }
  | { type: 'InstallmentCardRemoved'; data: InstallmentCardRemoved }
  | { type: 'InstallmentPlanEnded'; data: InstallmentPlanEnded }
  | { type: 'InstallmentCardDetached'; data: InstallmentCardDetached };

/** One instalment of a plan as the booking page shows it: a `failed` one is paid from the page with another card. */
export const BookingInstallmentSchema = z.object({
  n: z.number().int().positive(),
  amountCents: z.number().int().nonnegative(),
  dueAt: z.string(),
  status: z.enum(['paid', 'due', 'failed', 'waived']),
  paidAt: z.string().optional(),
});
export type BookingInstallment = z.infer<typeof BookingInstallmentSchema>;
