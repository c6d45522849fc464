import { z } from 'zod';
import type { FormValues } from '../core/form-values.js';
import { multiLineText, oneLineText } from '../core/text.js';

/**
 * Payment API shapes. Request `amount` is in dollars (what the page shows); `...Cents` fields are
 * integer US cents (what the provider charges).
 */

export const PaymentProviderSchema = z.enum(['stripe', 'offline']);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

/** GET /api/stripe-config */
export const StripeConfigSchema = z.object({
  /** Null with the offline provider: the page shows the test-card form instead of Stripe Elements. */
  publishableKey: z.string().nullable(),
  hasSecretKey: z.boolean(),
  provider: PaymentProviderSchema,
  /** Whether the test pages and their calls exist (offline provider or TEST_PAGES=true). */
  testPages: z.boolean(),
});
export type StripeConfig = z.infer<typeof StripeConfigSchema>;

/** GET /api/test-stripe-connection */
export const StripeConnectionSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  provider: PaymentProviderSchema,
});
export type StripeConnection = z.infer<typeof StripeConnectionSchema>;

const optionalText = (label: string, max: number) =>
  oneLineText(label).trim().max(max, `${label} must be at most ${max} characters.`).optional();
const optionalArea = (label: string, max: number) =>
  multiLineText(label).trim().max(max, `${label} must be at most ${max} characters.`).optional();

/**
 * POST /api/create-payment-intent. With `enrollmentId` (checkout) the amount is the enrollment's;
 * a different `amount` is refused. Without it (the /enrollment-test page, test mode only) a test
 * enrollment is recorded from the person fields and `amount`.
 */
export const CreatePaymentIntentRequestSchema = z.object({
  enrollmentId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an enrollment id')
    .optional(),
  /** Dollars. */
  amount: z.number({ error: 'amount is required, in dollars.' }).min(0).max(1_000_000),
  workshopId: z.union([oneLineText('Workshop id'), z.number()]).optional(),
  participants: z.coerce.number().int().min(1).max(5).optional(),
  customerEmail: optionalText('Email', 254),
  programName: optionalText('Program name', 200),
  firstName: optionalText('First name', 100),
  lastName: optionalText('Last name', 100),
  phone: optionalText('Phone number', 40),
  participantNames: optionalArea('Participant names', 1000),
  specialRequirements: optionalArea('Special requirements', 2000),
  referralSource: optionalText('Referral source', 40),
});
export type CreatePaymentIntentRequest = z.input<typeof CreatePaymentIntentRequestSchema>;

export const CreatePaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amountCents: z.number().int(),
  /** Set when the test page's call recorded a test enrollment. */
  enrollmentId: z.string().optional(),
});
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponseSchema>;

/** POST /api/create-test-charge: a 1-dollar PaymentIntent with no enrollment. */
export const CreateTestChargeRequestSchema = z.object({
  description: oneLineText('Description').trim().max(200).optional().default('Test charge'),
});
export const TEST_CHARGE_CENTS = 100;

/** Ids the provider gives; also the shape of PaymentIntent ids (pi_...) in URLs. */
export const PaymentIntentIdSchema = z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'is not a payment intent id');

/** POST /api/payments/verify: the payment-success page and the checkout ask the server. */
export const VerifyPaymentRequestSchema = z.object({
  paymentIntentId: PaymentIntentIdSchema,
  clientSecret: oneLineText('Client secret').min(1).max(400),
});

export const VERIFY_STATUSES = ['succeeded', 'processing', 'failed', 'refunded'] as const;
export const VerifyPaymentResponseSchema = z.object({
  status: z.enum(VERIFY_STATUSES),
  enrollmentId: z.string().nullable(),
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
  workshopId: z.string().nullable(),
  attendees: z.number().int().nullable(),
  amountCents: z.number().int(),
  /** The provider's words when failed; why and how much was refunded when refunded. */
  message: z.string().optional(),
  /** Pass as ?minPosition to GET /api/orders/{orderId}. */
  position: z.string().nullable(),
  /** Set when the payment bought a gift card (issue 27). */
  giftCardId: z.string().optional(),
  /** Set when the payment was for a private lesson or party (issue 38); `appointmentPath` is its page. */
  appointmentId: z.string().optional(),
  appointmentPath: z.string().nullable().optional(),
  /** Set when the payment paid an organization's invoice (issue 39). */
  invoiceId: z.string().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponseSchema>;

/** The three cards the offline provider knows, as Stripe's test mode treats them. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined (card_declined)' },
  { number: '4000 0000 0000 9995', outcome: 'is declined for insufficient funds' },
] as const;

/** A card field left empty says so ("Card number is required."); a wrong one says what it should be. */
const given = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);

/** POST /api/offline-payments/confirm: the test-card form (offline provider only). */
export const OfflineConfirmRequestSchema = z.object({
  clientSecret: oneLineText('Client secret').min(1).max(400),
  cardNumber: given('Card number').pipe(
    z.string().regex(/^[\d ]{12,23}$/, 'Please enter the card number, e.g. 4242 4242 4242 4242.'),
  ),
  // "12/29", "12 / 29" or, as typed on a phone's keypad, "1229".
  expiry: given('Expiry').pipe(z.string().regex(/^(0[1-9]|1[0-2]) ?\/? ?\d{2}$/, 'Please enter the expiry as MM/YY.')),
  cvc: given('CVC').pipe(z.string().regex(/^\d{3,4}$/, 'Please enter the 3 or 4 digit security code.')),
  postalCode: oneLineText('Postal code').trim().max(12).optional(),
});
export type OfflineConfirmRequest = z.infer<typeof OfflineConfirmRequestSchema>;
/** The checkout's test-card form: the card fields of the offline confirm. */
export const TestCardFormSchema = OfflineConfirmRequestSchema.pick({ cardNumber: true, expiry: true, cvc: true });
export type TestCardValues = FormValues<typeof TestCardFormSchema>;
export const EMPTY_TEST_CARD_FORM: TestCardValues = { cardNumber: '', expiry: '', cvc: '' };

export const PaymentIntentStatusSchema = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);
export type PaymentIntentStatus = z.infer<typeof PaymentIntentStatusSchema>;

/** Answer of the offline confirm, shaped like stripe.confirmPayment's result. */
export const OfflineConfirmResponseSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: PaymentIntentStatusSchema, amount: z.number().int() }).optional(),
  error: z
    .object({
      /** `invalid_request_error`: the form's PaymentIntent was cancelled (an amount no longer owed). */
      type: z.enum(['card_error', 'invalid_request_error']),
      code: z.string(),
      decline_code: z.string().optional(),
      message: z.string(),
    })
    .optional(),
});
export type OfflineConfirmResponse = z.infer<typeof OfflineConfirmResponseSchema>;

/** POST /api/test/simulate-payment (test mode only): signs a payment_intent.succeeded and delivers it. */
export const SimulatePaymentRequestSchema = z.object({ paymentIntentId: PaymentIntentIdSchema });
