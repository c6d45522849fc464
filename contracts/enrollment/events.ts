import { z } from 'zod';
import { EnrollmentFormDataSchema } from './form.js';

/**
 * Events of the stream `enrollment-{enrollmentId}`.
 *
 * MONEY: every amount in these events (and in the `orders` read model) is an integer number of
 * US cents, in fields named `...Cents`. The catalogue holds whole-dollar prices; the API's
 * `totalPrice` and `amount` travel in dollars as the specification's client sends them.
 */

export const enrollmentStream = (enrollmentId: string) => `enrollment-${enrollmentId}`;
export const ENROLLMENT_STREAM_PREFIX = 'enrollment-';

/**
 * The enrollment an event on an enrollment stream (`enrollment-<id>`) belongs to. Enrollment events
 * are written to their enrollment's stream only; one anywhere else is refused rather than read as
 * belonging to no enrollment.
 */
export function enrollmentIdOf(event: { streamId: string }): string {
  if (!event.streamId.startsWith(ENROLLMENT_STREAM_PREFIX))
    throw new Error(`${event.streamId} is not an enrollment stream`);
  return event.streamId.slice(ENROLLMENT_STREAM_PREFIX.length);
}

const Cents = z.number().int().nonnegative();
const Instant = z.string().datetime({ offset: true });
export const EnrollmentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an enrollment id');

export const PAYMENT_METHODS = ['Credit Card', 'Free Enrollment'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** What was bought, frozen at submission: later catalogue edits do not change an order. */
export const PurchasedItemSchema = z.object({
  kind: z.enum(['workshop', 'program', 'test']),
  /** Workshop id, program id, or null for a test-page enrollment. */
  id: z.string().nullable(),
  title: z.string(),
  /** ISO instant with offset; null for programs (no fixed date). */
  date: z.string().nullable(),
  /** As people read it, e.g. "12:30 PM - 2:00 PM"; '' when not known. */
  time: z.string(),
  location: z.string(),
  instructor: z.string(),
  duration: z.string(),
  /** Workshop category (children, tea-party, ...) or program category. */
  category: z.string(),
  attire: z.string(),
  unitPriceCents: Cents,
  /** The workshop's group prices when it was bought (added later: absent means none). */
  priceTiers: z.array(z.object({ participants: z.number().int().positive(), totalCents: Cents })).optional(),
});
export type PurchasedItem = z.infer<typeof PurchasedItemSchema>;

export const EnrollmentSubmittedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** Exactly one of workshopId / programId is set, except for test-page enrollments (both null). */
  workshopId: z.string().nullable(),
  programId: z.string().nullable(),
  /** The whole parsed form (base fields always present, strict ones '' / false / null when not asked). */
  form: EnrollmentFormDataSchema,
  item: PurchasedItemSchema,
  participants: z.number().int().positive(),
  /** Names of everyone attending, contact person or student first. */
  attendees: z.array(z.string()),
  /** unitPriceCents x participants, or the item's tier for that many; tax 0; computed by the server. */
  subtotalCents: Cents,
  taxCents: Cents,
  amountCents: Cents,
  currency: z.literal('usd'),
  isFree: z.boolean(),
  /** When the seat hold lapses unless paid; null when nothing is held (free, program, test). */
  holdExpiresAt: Instant.nullable(),
  /** Test-page enrollments are confirmed with TEST- order ids. */
  test: z.boolean(),
  submittedAt: Instant,
  /**
   * The keyed hash of the client address whose unpaid-hold allowance this enrollment uses
   * (stream `client-holds-<clientKey>`), so the allowance is given back when it is paid or replaced.
   * Absent on enrollments made before the allowance existed, or with the limit off.
   */
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});

export const PaymentIntentCreatedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  provider: z.enum(['stripe', 'offline']),
  amountCents: Cents,
  currency: z.literal('usd'),
});

export const PaymentSucceededSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  amountCents: Cents,
  /** The provider event that told us (evt_...), or null when found by asking the provider. */
  providerEventId: z.string().nullable(),
  source: z.enum(['webhook', 'verification']),
  succeededAt: Instant,
});

export const PaymentFailedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  providerEventId: z.string().nullable(),
  /** Provider decline code, e.g. card_declined, insufficient_funds. */
  code: z.string(),
  /** The provider's message, shown to the visitor. */
  reason: z.string(),
  failedAt: Instant,
});

export const EnrollmentConfirmedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** ORD-{enrollmentId} (paid), FREE-{enrollmentId} (free), TEST-{enrollmentId} (test pages). */
  orderId: z.string().regex(/^(ORD|FREE|TEST)-[A-Za-z0-9_-]+$/),
  /** GL- + the last 6 digits of the confirmation time in epoch milliseconds. */
  orderReference: z.string().regex(/^GL-\d{6}$/),
  paymentMethod: PaymentMethodSchema,
  amountCents: Cents,
  /** Null for free enrollments. */
  paymentIntentId: z.string().nullable(),
  confirmedAt: Instant,
});

export const EnrollmentExpiredSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** The hold that lapsed. */
  holdExpiresAt: Instant,
  expiredAt: Instant,
});

export const EnrollmentCancelledSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  /** `replaced-by-new-submission`: the same parent submitted again for the workshop while this was unpaid. */
  reason: z.enum([
    'seats-unavailable',
    'payment-failed',
    'cancelled-by-admin',
    'cancelled-by-visitor',
    'replaced-by-new-submission',
  ]),
  cancelledAt: Instant,
  /** With `replaced-by-new-submission`: the newer enrollment. */
  replacedBy: EnrollmentIdSchema.optional(),
});

/**
 * Money given back, e.g. a payment that arrived after the hold lapsed and the seats were taken, or
 * (`workshop-begun`) one that arrived once the workshop had started.
 */
export const RefundIssuedSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  paymentIntentId: z.string().min(1),
  refundId: z.string().min(1),
  amountCents: Cents,
  reason: z.enum(['seats-unavailable', 'cancelled', 'workshop-begun']),
  refundedAt: Instant,
});

/** Recorded after the confirmation e-mail left; the mailer sends only while this is absent. */
export const ConfirmationEmailSentSchema = z.object({
  enrollmentId: EnrollmentIdSchema,
  orderId: z.string(),
  /** The RFC 5322 Message-ID, derived from the order id so a re-send is recognisably the same mail. */
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

export const enrollmentEventSchemas = {
  EnrollmentSubmitted: EnrollmentSubmittedSchema,
  PaymentIntentCreated: PaymentIntentCreatedSchema,
  PaymentSucceeded: PaymentSucceededSchema,
  PaymentFailed: PaymentFailedSchema,
  EnrollmentConfirmed: EnrollmentConfirmedSchema,
  EnrollmentExpired: EnrollmentExpiredSchema,
  EnrollmentCancelled: EnrollmentCancelledSchema,
  RefundIssued: RefundIssuedSchema,
  ConfirmationEmailSent: ConfirmationEmailSentSchema,
} as const;

export type EnrollmentSubmitted = z.infer<typeof EnrollmentSubmittedSchema>;
export type PaymentIntentCreated = z.infer<typeof PaymentIntentCreatedSchema>;
export type PaymentSucceeded = z.infer<typeof PaymentSucceededSchema>;
export type PaymentFailed = z.infer<typeof PaymentFailedSchema>;
export type EnrollmentConfirmed = z.infer<typeof EnrollmentConfirmedSchema>;
export type EnrollmentExpired = z.infer<typeof EnrollmentExpiredSchema>;
export type EnrollmentCancelled = z.infer<typeof EnrollmentCancelledSchema>;
export type RefundIssued = z.infer<typeof RefundIssuedSchema>;
export type ConfirmationEmailSent = z.infer<typeof ConfirmationEmailSentSchema>;

export type EnrollmentEvent =
  | { type: 'EnrollmentSubmitted'; data: EnrollmentSubmitted }
  | { type: 'PaymentIntentCreated'; data: PaymentIntentCreated }
  | { type: 'PaymentSucceeded'; data: PaymentSucceeded }
  | { type: 'PaymentFailed'; data: PaymentFailed }
  | { type: 'EnrollmentConfirmed'; data: EnrollmentConfirmed }
  | { type: 'EnrollmentExpired'; data: EnrollmentExpired }
  | { type: 'EnrollmentCancelled'; data: EnrollmentCancelled }
  | { type: 'RefundIssued'; data: RefundIssued }
  | { type: 'ConfirmationEmailSent'; data: ConfirmationEmailSent };

export type EnrollmentEventType = EnrollmentEvent['type'];
export const ENROLLMENT_EVENT_TYPES = Object.keys(enrollmentEventSchemas) as EnrollmentEventType[];

/** Order ids and the order reference, as the specification defines them. */
export const orderIdFor = (kind: 'paid' | 'free' | 'test', enrollmentId: string) =>
  `${kind === 'free' ? 'FREE' : kind === 'test' ? 'TEST' : 'ORD'}-${enrollmentId}`;
export const orderReferenceFor = (at: Date) => `GL-${String(at.getTime()).slice(-6).padStart(6, '0')}`;
