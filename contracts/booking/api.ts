import { z } from 'zod';
import { BookingInstallmentSchema } from '../enrollment/installment-plan.js';
import { ParticipantIndexSchema, REFUND_STATUSES, RefundToSchema } from '../admin/after-sale.js';
import { ENROLLMENT_STATUSES, PaymentLineSchema } from '../enrollment/api.js';
import {
  MoneySourceSchema,
  PaidCardSchema,
  PaymentMethodSchema,
  PurchasedItemSchema,
  REFUND_REASONS,
  WorkshopWhenWhereSchema,
} from '../enrollment/events.js';
import { isStrictItem } from '../enrollment/form.js';
import { PricingViewSchema } from '../enrollment/pricing.js';
import { AbsenceViewSchema, MakeupCreditViewSchema, MakeupOptionSchema } from '../courses/api.js';
import {
  BaseParticipantSchema,
  countMismatch,
  ParticipantDetailDataSchema,
  participantList,
  StrictParticipantSchema,
} from '../enrollment/participants.js';
import { LeftParticipantSchema } from '../enrollment/left-participants.js';

/**
 * The parent's own booking page (`/booking/<token>`), reached by the signed link in every e-mail.
 * The token names one enrollment; whoever holds it sees and changes that booking only.
 */

/**
 * `<enrollmentId>.<signature>`, or `<enrollmentId>.<version>.<signature>` once the booking's link
 * was replaced: anything else is not a booking link (404, like a forged one).
 */
export const BookingTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}(\.[1-9][0-9]{0,8})?\.[A-Za-z0-9_-]{43}$/);

/** 202 of `POST /api/bookings/:token/new-link`: the current link went to the booking's contact. */
export const NewBookingLinkAnswerSchema = z.object({ message: z.string() });
export type NewBookingLinkAnswer = z.infer<typeof NewBookingLinkAnswerSchema>;
export const BookingTokenParamSchema = z.object({ token: BookingTokenSchema });

/**
 * What cancelling gives today under the school's policy (`CANCELLATION_FULL_REFUND_DAYS` before
 * the start, counted on the school's clock):
 * - `full-refund`: cancel now and everything still refundable goes back (`refundCents`);
 * - `no-refund`: past the full-refund deadline, cancelling refunds nothing;
 * - `free`: nothing was paid, cancelling is free until the start;
 * - `closed`: it cannot be cancelled here (begun, already cancelled, no date, not confirmed): `reason` says why.
 * `movedBySchool` (present only when true): the school moved the class after it was booked, so the
 * deadline is the later of the booked date's and the new date's, and never after the new start.
 */
export const CancellationTermsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('full-refund'),
    refundCents: z.number().int(),
    deadline: z.string(),
    movedBySchool: z.literal(true).optional(),
  }),
  z.object({
    kind: z.literal('no-refund'),
    refundCents: z.literal(0),
    deadline: z.string(),
    movedBySchool: z.literal(true).optional(),
  }),
  z.object({ kind: z.literal('free'), refundCents: z.literal(0) }),
  z.object({ kind: z.literal('closed'), reason: z.string() }),
]);
export type CancellationTerms = z.infer<typeof CancellationTermsSchema>;

export const BookingRefundSchema = z.object({
  amountCents: z.number().int(),
  /** Where it goes: back to the card, to the family credit, back to the gift card (issue 37). */
  to: MoneySourceSchema,
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
});
export type BookingRefund = z.infer<typeof BookingRefundSchema>;

export { BookingInstallmentSchema, type BookingInstallment } from '../enrollment/installment-plan.js';

/** GET /api/bookings/{token}: this booking only, for the parent who holds its link. */
export const BookingViewSchema = z.object({
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
  status: z.enum(ENROLLMENT_STATUSES),
  /** The workshop as bought (a transfer replaces it; a move by the school changes its date, time and place). */
  item: PurchasedItemSchema,
  /** The date, time and place as booked, when the school has moved the workshop since; else null. */
  movedFrom: WorkshopWhenWhereSchema.nullable(),
  /** The stricter categories ask each participant's age, grade, school, diet and photography choices. */
  strict: z.boolean(),
  contactName: z.string(),
  participants: z.array(ParticipantDetailDataSchema),
  paymentMethod: PaymentMethodSchema.nullable(),
  /** The card that paid the sale, when the provider said; absent: not known. */
  card: PaidCardSchema.optional(),
  submittedAt: z.string(),
  confirmedAt: z.string().nullable(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  amountCents: z.number().int(),
  isFree: z.boolean(),
  /** Money taken by the provider (0 when free or unpaid). */
  paidCents: z.number().int(),
  /** Each payment that came in: what, when, how (the deposit and the balance, a gift card's part). */
  payments: z.array(PaymentLineSchema),
  refundedCents: z.number().int(),
  refunds: z.array(BookingRefundSchema),
  /** Participants who gave up their place while the others still come (their details stay in `participants`, by index). */
  leftParticipants: z.array(LeftParticipantSchema),
  /** What the booking costs now: its price, or what those still coming pay once some left. */
  amountNowCents: z.number().int().nonnegative(),
  /**
   * What cancelling one participant's place gives today, while two or more still come (else null):
   * the policy's terms for that place (`refundCents` its share), and what those still coming would
   * then pay (`remainingCents`).
   */
  cancelOne: z.object({ terms: CancellationTermsSchema, remainingCents: z.number().int() }).nullable(),
  /** Whether the details can still be corrected (confirmed and not begun). */
  editable: z.boolean(),
  /** The price breakdown: seats, discounts, what the gift card and credit paid, what was due at once (issue 27). */
  pricing: PricingViewSchema,
  /** What a deposit booking still owes (0 once paid in full), and by when. */
  balanceCents: z.number().int().nonnegative(),
  balanceDueAt: z.string().nullable(),
  /** A booking paid in instalments on a saved card (issue 43): each, and how it stands; empty when paid in full. */
  installments: z.array(BookingInstallmentSchema),
  /**
   * Whether a card is saved to pay the instalments left on their dates; false once the parent
   * removed it (each is then paid from this page) or when there is no plan.
   */
  savedCard: z.boolean(),
  /** A refund may go to the family's credit instead of the card (a booking of a signed-in household). */
  refundToCredit: z.boolean(),
  cancellation: CancellationTermsSchema,
  /** A course's absences reported from this page (which child misses which session). */
  absences: z.array(AbsenceViewSchema),
  /** The booking's make-up credits, each with the sessions it can be booked into now. */
  credits: z.array(MakeupCreditViewSchema.extend({ options: z.array(MakeupOptionSchema) })),
  /**
   * The children's safety details: erased on `erasedAt` after the retention period, or kept until
   * `days` after the last session (SAFETY_DATA_RETENTION_DAYS).
   */
  safetyData: z.object({ days: z.number().int().positive(), erasedAt: z.string().nullable() }),
  /** Feed position the view reflects. */
  position: z.string(),
});
export type BookingView = z.infer<typeof BookingViewSchema>;

/**
 * PATCH /api/bookings/{token}: every participant's details as they should now read, one entry per
 * participant, checked by the enrollment form's own participant schemas (the stricter one for a
 * booking enrolled with it: isStrictItem). A problem names its field (`participantDetails.0.age`).
 */
export function correctionSchemaFor(item: Parameters<typeof isStrictItem>[0], participants: number) {
  const schema = isStrictItem(item) ? StrictParticipantSchema : BaseParticipantSchema;
  return z
    .object(
      { participantDetails: participantList(schema) },
      { error: 'Send the participants as { "participantDetails": [...] }.' },
    )
    .strict()
    .superRefine((v, ctx) => {
      if (v.participantDetails.length !== participants)
        ctx.addIssue({
          code: 'custom',
          path: ['participantDetails'],
          message: countMismatch(participants, v.participantDetails.length),
        });
    });
}
export type CorrectParticipantsRequest = z.input<ReturnType<typeof correctionSchemaFor>>;

/**
 * POST /api/bookings/{token}/cancel: `{}` cancels the booking, `{ participant }` (index from 0) one
 * participant's place while the others still come; the refund is the policy's (for one place, its
 * share: `cancelOne`). `{ refundTo: 'credit' }` keeps the refund as the family's credit (a booking
 * of a signed-in household). The answer is the booking as it now stands, as PATCH's.
 */
export const CancelBookingRequestSchema = z
  .object({ participant: ParticipantIndexSchema.optional(), refundTo: RefundToSchema.optional() })
  .strict();

/** POST /api/bookings/{token}/balance-payment: `{}`; answers the PaymentIntent of the balance, paid like any. */
export const BalancePaymentRequestSchema = z.object({}).strict();
export const BalancePaymentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amountCents: z.number().int().positive(),
});
export type BalancePaymentResponse = z.infer<typeof BalancePaymentResponseSchema>;

/**
 * POST /api/bookings/{token}/installments/{n}/payment: `{}`; answers the PaymentIntent of instalment
 * `n` (from 1) that the saved card failed to pay, paid like any (the same shape as the balance's).
 */
export const InstallmentPaymentRequestSchema = z.object({}).strict();
/** DELETE /api/bookings/{token}/saved-card: the plan's saved card removed; answers how the instalments left are paid. */
export const RemoveSavedCardResponseSchema = z.object({ message: z.string(), position: z.string() });
export type RemoveSavedCardResponse = z.infer<typeof RemoveSavedCardResponseSchema>;

export const InstallmentNumberSchema = z.object({ n: z.coerce.number().int().min(1).max(12) });
