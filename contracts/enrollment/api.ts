import { z } from 'zod';
import { multiLineText, oneLineText, personName } from '../core/text.js';
import {
  EnrollmentIdSchema,
  PaidCardSchema,
  PaymentMethodSchema,
  PurchasedItemSchema,
  WorkshopWhenWhereSchema,
} from './events.js';
import { LeftParticipantSchema } from './left-participants.js';
import { ParticipantDetailDataSchema } from './participants.js';
import { ENROLLMENT_STATUSES, PAYMENT_STATUSES } from './lookup.js';
import { OrderDiscountsSchema, PricingViewSchema } from './pricing.js';
import { MAX_INSTALLMENTS } from '../catalogue/payment-plan.js';

/** One payment of an order, as every page that shows the order lists it: "Paid $100.00 on …, Credit Card". */
export const PaymentLineSchema = z.object({
  amountCents: z.number().int().nonnegative(),
  paidAt: z.string(),
  /** "Visa ending 4242" (the card, once recorded: record 152), "Credit Card", "Gift card ending 4F7Q", "Family credit". */
  method: z.string(),
});
export type PaymentLine = z.infer<typeof PaymentLineSchema>;

/**
 * What a deposit booking still owes, once sold: its balance and when it is due (0 and null when
 * paid in full). Absent on documents projected before issue 27.
 */
const balanceShape = {
  /** The price breakdown (lines, discounts, gift card, credit, what was due at once). */
  pricing: PricingViewSchema.optional(),
  balanceCents: z.number().int().nonnegative().optional(),
  balanceDueAt: z.string().nullable().optional(),
  /** Everything that came in for it (card, gift card, credit): what the balance is measured against. */
  receivedCents: z.number().int().nonnegative().optional(),
  /** Each payment that came in, in order: what, when, how (issue 37; absent on documents projected before). */
  payments: z.array(PaymentLineSchema).optional(),
};

/**
 * Request and response shapes of the enrollment API. Request money (`totalPrice`) is in dollars,
 * as the form shows it; every `...Cents` field is integer US cents.
 */

/** `<enrollmentId>.<signature>`: proves the sender made that enrollment (service/enrollment/sale/hold-token.ts). */
export const HoldTokenSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/,
    'The saved reservation of this page is damaged. Please reload the page and send the form again.',
  );

/** Path ids of workshops and programs, e.g. "4". */
export const CatalogueIdParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a valid id') });

/**
 * POST /api/enroll/workshop/{id}: the form fields (checked with the workshop's form schema on the
 * server, see form.ts) plus these two. `totalPrice` is what the page showed; the server refuses it
 * when it differs from price x participants.
 */
export const EnrollWorkshopExtrasSchema = z.object({
  workshopId: z.union([oneLineText('Workshop id'), z.number()]).optional(),
  totalPrice: z
    .number({ error: 'totalPrice is required: the total the page showed, in dollars.' })
    .nonnegative()
    .max(1_000_000),
  /** The token of a waitlist offer's link (`/enroll/<id>?offer=<token>`): the seats held for this parent are theirs. */
  offerToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,200}$/, 'The waitlist offer link is damaged. Please open the link from the e-mail again.')
    .optional(),
  /**
   * The `holdToken` an earlier answer to this browser gave: sent again with the form, the new
   * enrollment replaces that unpaid hold (and keeps its expiry). Without it, or for a hold no
   * longer unpaid, the form is a new enrollment.
   */
  holdToken: HoldTokenSchema.optional(),
  /** A discount code (issue 27): checked and taken with the seats; `totalPrice` is the total with it. */
  discountCode: oneLineText('Discount code')
    .trim()
    .max(64, 'This code is not valid. Please check it, or leave the field empty.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** A gift card's code: it pays what it can of the total; the card pays the rest. */
  giftCardCode: oneLineText('Gift card code')
    .trim()
    .max(40, 'This gift card code is not valid. Please check the code on the card.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** A signed-in household's credit is used first unless this is false (for this checkout only). */
  useCredit: z.boolean().optional(),
  /**
   * Pay in this many instalments on a saved card (issue 43): 1 or absent pays in full. The
   * workshop's plan says how many it can offer now (GET /api/workshops, `paymentPlanOffer`).
   */
  installments: z
    .number({ error: 'installments must be a whole number of instalments (1 to pay in full).' })
    .int('installments must be a whole number of instalments (1 to pay in full).')
    .min(1, 'installments must be at least 1 (1 pays in full).')
    .max(MAX_INSTALLMENTS, `installments must be at most ${MAX_INSTALLMENTS}.`)
    .optional(),
});

export const EnrollmentResponseSchema = z.object({
  success: z.literal(true),
  isFree: z.boolean(),
  enrollmentId: EnrollmentIdSchema,
  /** FREE-{enrollmentId} when free (confirmed at once); absent when payment is due. */
  orderId: z.string().optional(),
  /** When the seat hold lapses unless paid (ISO), absent when free. */
  holdExpiresAt: z.string().optional(),
  /**
   * Absent when free. A secret only this answer carries: sent back with the form (`holdToken`), it
   * lets the same browser change its unpaid enrollment, which nobody else can replace.
   */
  holdToken: z.string().optional(),
  /**
   * Proof that this browser made the enrollment (the same signature as `holdToken`, kept apart):
   * POSTed, never put in an address, to /api/orders/{orderId}/receipt.pdf, it lets the order
   * confirmation page's PDF name the participants. Absent from answers made before it existed.
   */
  receiptToken: z.string().optional(),
  amountCents: z.number().int(),
  /** The price breakdown: lines, total, what the gift card and credit pay, what is due now and later. */
  pricing: PricingViewSchema,
  /** Global position of the last event written; pass it as ?minPosition to the next query. */
  position: z.string(),
});
export type EnrollmentResponse = z.infer<typeof EnrollmentResponseSchema>;

/** POST /api/enroll/program/{id} (test page). */
export const EnrollProgramRequestSchema = z.object({
  firstName: personName('First name').trim().min(2, 'First name must be at least 2 characters.').max(100),
  lastName: personName('Last name').trim().min(2, 'Last name must be at least 2 characters.').max(100),
  email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address.')),
  phone: oneLineText('Phone number').trim().min(10, 'Please enter a valid phone number.').max(40),
  participants: z.coerce
    .number()
    .int()
    .min(1, 'At least 1 participant is required.')
    .max(5, 'Maximum 5 participants allowed per registration.')
    .default(1),
  notes: multiLineText('Notes').trim().max(2000).optional().default(''),
});
export type EnrollProgramRequest = z.input<typeof EnrollProgramRequestSchema>;

export const EnrollProgramResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  enrollmentId: EnrollmentIdSchema,
  isFree: z.boolean(),
  orderId: z.string().optional(),
  position: z.string(),
});
export type EnrollProgramResponse = z.infer<typeof EnrollProgramResponseSchema>;

export { ENROLLMENT_STATUSES, PAYMENT_STATUSES };

/**
 * The `orders` read model document (one per enrollment, id = enrollmentId), as
 * GET /api/orders/{orderId} answers it. `orderId` is set once the enrollment is confirmed.
 */
export const OrderSchema = z.object({
  id: EnrollmentIdSchema,
  enrollmentId: EnrollmentIdSchema,
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
  status: z.enum(ENROLLMENT_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: PaymentMethodSchema.nullable(),
  /** The card that paid the sale, when the provider said ("Visa ending 4242" on the receipts); absent: not known. */
  card: PaidCardSchema.optional(),
  workshopId: z.string().nullable(),
  programId: z.string().nullable(),
  /** What was bought; its date, time and place follow the workshop when the school moves it. */
  item: PurchasedItemSchema,
  /**
   * The date, time and place as booked (or as transferred to), once the school has moved the
   * workshop since; null when it has not. Absent on documents projected before it was kept.
   */
  movedFrom: WorkshopWhenWhereSchema.nullable().optional(),
  participants: z.number().int(),
  attendees: z.array(z.string()),
  /**
   * Each participant's details, in order. Absent on a document projected before they existed,
   * until the projection is rebuilt (`npm run projections -- rebuild orders`).
   */
  participantDetails: z.array(ParticipantDetailDataSchema).optional(),
  /** Participants who gave up their place while the others still come (absent: none). */
  leftParticipants: z.array(LeftParticipantSchema).optional(),
  /**
   * What the booking costs now, once a participant left or it was transferred (absent: `amountCents`,
   * what was bought): the base against which the next participant's share is measured.
   */
  amountNowCents: z.number().int().optional(),
  contactName: z.string(),
  email: z.string(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  amountCents: z.number().int(),
  currency: z.literal('usd'),
  isFree: z.boolean(),
  test: z.boolean(),
  holdExpiresAt: z.string().nullable(),
  submittedAt: z.string(),
  confirmedAt: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  /** The provider's words for the last failed attempt, if any. */
  lastPaymentError: z.string().nullable(),
  refundedCents: z.number().int(),
  /** What of `refundedCents` went to the family credit rather than back to the card (issue 27; absent: none, or projected before). */
  refundedToCreditCents: z.number().int().nonnegative().optional(),
  emailSent: z.boolean(),
  ...balanceShape,
  /**
   * The family account that enrolled: its saved children, or a signed-in household whose credit
   * and sibling discount priced the order (issue 27). Absent without one (and on older documents).
   */
  householdId: z.string().optional(),
  /** The parent ticked "Save these details to my family account" (absent: not ticked). */
  saveToFamilyAccount: z.boolean().optional(),
  /**
   * The booking's own discounts (its code, its sibling discount), so one place's share is priced as
   * the decider prices it (issue 37; absent on documents projected before, and without any).
   */
  discounts: OrderDiscountsSchema.optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * GET /api/orders/{orderId}: what the order confirmation page shows, and nothing that names a
 * person (no names, e-mail, children's details) nor the payment's handle: an order number is
 * printed on receipts and read out on the phone, so it is no secret. The names and details are in
 * the confirmation e-mail and on the parent's booking page, behind its signed link.
 */
export const OrderViewSchema = OrderSchema.omit({
  email: true,
  contactName: true,
  attendees: true,
  participantDetails: true,
  leftParticipants: true,
  paymentIntentId: true,
  lastPaymentError: true,
  householdId: true,
  saveToFamilyAccount: true,
  discounts: true,
});
export type OrderView = z.infer<typeof OrderViewSchema>;

export { EnrollmentLookupSchema, type EnrollmentLookup } from './lookup.js';
