import { z } from 'zod';
import { oneLineText, personName } from '../core/text.js';
import { OrganizationIdSchema } from './organization.js';

/**
 * An invoice to an organization (issue 39), stream `invoice-<id>`: issued once from an accepted
 * quote with its number `INV-YYYY-NNNN` (numbering.ts), then its payments (by card through the
 * payments port, or recorded by the office), never beyond what it asks; its credit notes
 * `CN-YYYY-NNNN` (seats cancelled, money refunded), its void, its reminders, and the attendees
 * the organization's coordinator names for its seats. Its seats are held in each workshop until
 * the due date, confirmed once it is paid, given back when it is voided or a seat is cancelled.
 */
export const invoiceStream = (invoiceId: string) => `invoice-${invoiceId}`;
export const INVOICE_STREAM_PREFIX = 'invoice-';
export const InvoiceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an invoice id');

export function invoiceIdOf(event: { streamId: string }): string {
  if (!event.streamId.startsWith(INVOICE_STREAM_PREFIX)) throw new Error(`${event.streamId} is not an invoice stream`);
  return event.streamId.slice(INVOICE_STREAM_PREFIX.length);
}

/**
 * The seats of one workshop line, as the workshop's stream and the coordinator's link name them:
 * `<invoiceId>-L<line>` (the line's index from 0).
 */
export const groupIdOf = (invoiceId: string, line: number) => `${invoiceId}-L${line}`;
export function lineOfGroupId(groupId: string): { invoiceId: string; line: number } | null {
  const m = /^(.+)-L(\d{1,2})$/.exec(groupId);
  return m ? { invoiceId: m[1]!, line: Number(m[2]) } : null;
}

const Instant = z.string().datetime({ offset: true });
const Cents = z.number().int().nonnegative();
export const TAX_NOTE = 'Tax: $0.00. Etiquette instruction is a non-taxable educational service in Texas.';

export const InvoiceLineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('workshop'),
    workshopId: z.string(),
    title: z.string(),
    date: z.string(),
    time: z.string(),
    location: z.string(),
    seats: z.number().int().positive(),
    unitPriceCents: Cents,
    amountCents: Cents,
    label: z.string(),
  }),
  /** A description only (on-site training): a private workshop the office schedules for the organization later. */
  z.object({ kind: z.literal('service'), description: z.string(), amountCents: Cents }),
]);
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const BuyerSchema = z.object({
  name: z.string(),
  billingAddress: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  taxId: z.string(),
});
export type Buyer = z.infer<typeof BuyerSchema>;

export const InvoiceIssuedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  number: z.string(),
  quoteId: z.string(),
  quoteNumber: z.string(),
  organizationId: OrganizationIdSchema,
  buyer: BuyerSchema,
  poNumber: z.string(),
  issuedAt: Instant,
  dueAt: Instant,
  paymentTermsDays: z.number().int().nonnegative(),
  lines: z.array(InvoiceLineSchema).min(1),
  subtotalCents: Cents,
  taxCents: Cents,
  totalCents: Cents,
});
export type InvoiceIssued = z.infer<typeof InvoiceIssuedSchema>;

export const PAYMENT_METHODS = ['check', 'ach', 'wire', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const InvoicePaymentIntentCreatedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  paymentIntentId: z.string().min(1),
  provider: z.enum(['stripe', 'offline']),
  amountCents: z.number().int().positive(),
});
export const InvoicePaymentRecordedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  /** The office's record id, or the PaymentIntent's id for a card payment on the invoice page. */
  paymentId: z.string().min(1).max(100),
  amountCents: z.number().int().positive(),
  method: z.enum(PAYMENT_METHODS),
  /** The check number, the bank's reference, the provider's payment id. */
  reference: z.string().max(120),
  receivedAt: Instant,
  recordedBy: z.enum(['office', 'provider']),
});
/** A card payment arrived for more than was still owed (the office recorded a check meanwhile): the rest is refunded. */
export const InvoiceOverpaidSchema = z.object({
  invoiceId: InvoiceIdSchema,
  paymentIntentId: z.string().min(1),
  amountCents: z.number().int().positive(),
  at: Instant,
});
/** What a card paid beyond what was owed went back to the card, once per payment (the invoice's balance unchanged). */
export const InvoiceOverpaymentRefundedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  paymentIntentId: z.string().min(1),
  refundId: z.string().min(1).max(100),
  amountCents: z.number().int().positive(),
  refundedAt: Instant,
});
/** Nothing is owed any more: the seats are the organization's. */
export const InvoicePaidSchema = z.object({ invoiceId: InvoiceIdSchema, paidAt: Instant });
export const InvoiceVoidedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  reason: z.string().max(500),
  voidedAt: Instant,
});
export const CREDIT_REASONS = ['seats-cancelled', 'refund'] as const;
export const CreditNoteIssuedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  creditNoteId: z.string().min(1).max(64),
  number: z.string(),
  amountCents: z.number().int().positive(),
  reason: z.enum(CREDIT_REASONS),
  /** Seats cancelled: the line and how many of its seats. */
  line: z.number().int().nonnegative().optional(),
  seats: z.number().int().positive().optional(),
  note: z.string().max(500),
  issuedAt: Instant,
});
export const InvoiceRefundRecordedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  refundId: z.string().min(1).max(100),
  amountCents: z.number().int().positive(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().max(120),
  refundedAt: Instant,
});
/**
 * The office refunded money paid by card on the invoice's page: the provider's refund is the
 * `invoice-refund` reactor's, part by card payment (`parts`, decided here so a redelivery refunds
 * the same), each recorded as InvoiceRefundRecorded `<requestId>-<paymentIntentId>` once made.
 */
export const InvoiceCardRefundRequestedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  requestId: z.string().min(1).max(64),
  amountCents: z.number().int().positive(),
  parts: z.array(z.object({ paymentIntentId: z.string().min(1), amountCents: z.number().int().positive() })).min(1),
  note: z.string().max(500),
  requestedAt: Instant,
});
/** The provider refused one part of a card refund: it is no longer pending, the money is still held (the office sends it back another way). */
export const InvoiceCardRefundFailedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  requestId: z.string().min(1).max(64),
  paymentIntentId: z.string().min(1),
  amountCents: z.number().int().positive(),
  code: z.string().max(100),
  failedAt: Instant,
});
export const InvoiceReminderSentSchema = z.object({
  invoiceId: InvoiceIdSchema,
  kind: z.enum(['week-before', 'due-date']),
  messageId: z.string(),
  sentAt: Instant,
});

/** One named attendee of a line's seats. */
export const GroupAttendeeSchema = z.object({
  attendeeId: z.string().min(1).max(64),
  name: z.string(),
  email: z.string(),
  dietaryRestrictions: z.string(),
});
export type GroupAttendee = z.infer<typeof GroupAttendeeSchema>;

/**
 * The coordinator named the attendees of a line's seats (the whole list as it now is): `added` are
 * the ids of those named this time (each e-mailed their confirmation), `removed` those whose seat
 * was given to someone else (each told).
 */
export const GroupAttendeesNamedSchema = z.object({
  invoiceId: InvoiceIdSchema,
  organizationId: OrganizationIdSchema,
  organizationName: z.string(),
  line: z.number().int().nonnegative(),
  workshopId: z.string(),
  attendees: z.array(GroupAttendeeSchema),
  added: z.array(z.string()),
  removed: z.array(z.object({ name: z.string(), email: z.string() })),
  namedAt: Instant,
});
export type GroupAttendeesNamed = z.infer<typeof GroupAttendeesNamedSchema>;

/** A description-only line got its private workshop: its seats are held there for the organization's attendees. */
export const PrivateWorkshopScheduledSchema = z.object({
  invoiceId: InvoiceIdSchema,
  line: z.number().int().nonnegative(),
  workshopId: z.string(),
  seats: z.number().int().positive(),
  scheduledAt: Instant,
});

export const invoiceEventSchemas = {
  InvoiceIssued: InvoiceIssuedSchema,
  InvoicePaymentIntentCreated: InvoicePaymentIntentCreatedSchema,
  InvoicePaymentRecorded: InvoicePaymentRecordedSchema,
  InvoiceOverpaid: InvoiceOverpaidSchema,
  InvoiceOverpaymentRefunded: InvoiceOverpaymentRefundedSchema,
  InvoicePaid: InvoicePaidSchema,
  InvoiceVoided: InvoiceVoidedSchema,
  CreditNoteIssued: CreditNoteIssuedSchema,
  InvoiceRefundRecorded: InvoiceRefundRecordedSchema,
  InvoiceCardRefundRequested: InvoiceCardRefundRequestedSchema,
  InvoiceCardRefundFailed: InvoiceCardRefundFailedSchema,
  InvoiceReminderSent: InvoiceReminderSentSchema,
  GroupAttendeesNamed: GroupAttendeesNamedSchema,
  PrivateWorkshopScheduled: PrivateWorkshopScheduledSchema,
} as const;

type Data<K extends keyof typeof invoiceEventSchemas> = z.infer<(typeof invoiceEventSchemas)[K]>;
export type InvoiceEvent = {
  [K in keyof typeof invoiceEventSchemas]: { type: K; data: Data<K> };
}[keyof typeof invoiceEventSchemas];
export type CreditNoteIssued = Data<'CreditNoteIssued'>;

/* ---- The API ---- */

const reference = oneLineText('reference').trim().max(120, 'reference must be at most 120 characters.');

/** POST /api/admin/invoices/:id/payments: a payment the office received. */
export const RecordInvoicePaymentRequestSchema = z.object({
  amountCents: z
    .number({ error: 'amountCents is required: the amount received, in cents.' })
    .int('amountCents must be whole cents.')
    .min(1, 'amountCents must be at least 1.'),
  method: z.enum(PAYMENT_METHODS, { error: 'method must be one of check, ach, wire, card.' }),
  reference: reference.optional().default(''),
  receivedAt: z
    .string({ error: 'receivedAt is required: when the money arrived, like 2025-06-02.' })
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) || !Number.isNaN(Date.parse(v)),
      'receivedAt must be a day like 2025-06-02 or an instant.',
    ),
});
export type RecordInvoicePaymentRequest = z.input<typeof RecordInvoicePaymentRequestSchema>;

/** POST /api/admin/invoices/:id/void */
export const VoidInvoiceRequestSchema = z.object({
  reason: oneLineText('reason').trim().max(500, 'reason must be at most 500 characters.').optional().default(''),
});

/** POST /api/admin/invoices/:id/credit-notes: seats of a line cancelled, or an amount credited. */
export const CreditNoteRequestSchema = z.union(
  [
    z
      .object({
        line: z.number().int('line must be a line index.').min(0, 'line must be a line index.'),
        seats: z.number().int('seats must be a whole number.').min(1, 'seats must be at least 1.'),
        note: oneLineText('note').trim().max(500).optional().default(''),
      })
      .strict(),
    z
      .object({
        amountCents: z.number().int('amountCents must be whole cents.').min(1, 'amountCents must be at least 1.'),
        note: oneLineText('note').trim().max(500).optional().default(''),
      })
      .strict(),
  ],
  { error: 'Send { line, seats } to cancel seats, or { amountCents } to credit an amount.' },
);

/**
 * POST /api/admin/invoices/:id/refunds: money sent back to the organization; a credit note first
 * for what was not credited. `method: card` refunds the invoice's card payments through the
 * provider (a reactor's effect); check, ACH and wire are the office's, recorded as sent.
 */
export const InvoiceRefundRequestSchema = z.object({
  amountCents: z
    .number({ error: 'amountCents is required.' })
    .int('amountCents must be whole cents.')
    .min(1, 'amountCents must be at least 1.'),
  method: z.enum(PAYMENT_METHODS, { error: 'method must be one of check, ach, wire, card.' }),
  reference: reference.optional().default(''),
  note: oneLineText('note').trim().max(500).optional().default(''),
});

/** POST /api/admin/invoices/:id/private-workshops: a description-only line's private workshop. */
export const PrivateWorkshopRequestSchema = z.object({
  line: z.number().int().min(0, 'line must be a line index.'),
  title: oneLineText('title').trim().min(1, 'title is required.').max(200),
  date: z.string().datetime({ offset: true, message: 'date must be a date and time with its UTC offset.' }),
  time: oneLineText('time').trim().min(1, 'time is required.').max(100),
  location: oneLineText('location').trim().min(1, 'location is required.').max(300),
  instructor: oneLineText('instructor').trim().max(200).optional().default(''),
  duration: oneLineText('duration').trim().max(100).optional().default(''),
  seats: z.number().int().min(1, 'seats must be at least 1.').max(500, 'seats must be at most 500.'),
});

/** PUT /api/group-bookings/:token/attendees */
export const NameAttendeesRequestSchema = z.object({
  attendees: z
    .array(
      z.object({
        name: personName('Name', { error: 'name is required.' })
          .trim()
          .min(2, 'name must be at least 2 characters.')
          .max(100, 'name must be at most 100 characters.'),
        email: z
          .string({ error: 'email is required.' })
          .trim()
          .max(254)
          .pipe(z.email('Please enter a valid email address.')),
        dietaryRestrictions: oneLineText('dietaryRestrictions')
          .trim()
          .max(300, 'dietaryRestrictions must be at most 300 characters.')
          .optional()
          .default(''),
      }),
      { error: 'attendees is required: a list of { name, email, dietaryRestrictions? }.' },
    )
    .max(500, 'attendees holds too many names.'),
});

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the invoice page (/invoice/<token>), its PDF and the admin area show of an invoice. */
export const InvoiceViewSchema = z.object({
  invoiceId: z.string(),
  number: z.string(),
  quoteNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
  overdue: z.boolean(),
  buyer: BuyerSchema,
  poNumber: z.string(),
  issuedAt: z.string(),
  dueAt: z.string(),
  paymentTermsDays: z.number().int(),
  lines: z.array(InvoiceLineSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  taxNote: z.string(),
  totalCents: z.number().int(),
  creditedCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  /** What is still owed (0 when paid; never negative). */
  balanceCents: z.number().int(),
  payments: z.array(
    z.object({
      paymentId: z.string(),
      amountCents: z.number().int(),
      method: z.enum(PAYMENT_METHODS),
      reference: z.string(),
      receivedAt: z.string(),
    }),
  ),
  creditNotes: z.array(
    z.object({
      creditNoteId: z.string(),
      number: z.string(),
      amountCents: z.number().int(),
      reason: z.enum(CREDIT_REASONS),
      note: z.string(),
      issuedAt: z.string(),
    }),
  ),
  /** How to pay: the card on this page, a check, ACH or wire. */
  paymentInstructions: z.array(z.string()),
});
export type InvoiceView = z.infer<typeof InvoiceViewSchema>;

/** 201 of POST /api/admin/invoices/:id/refunds */
export const InvoiceRefundResponseSchema = z.object({
  refundId: z.string(),
  /** `pending`: a card refund the provider is asked for after the answer; `recorded`: the office's, done. */
  refund: z.enum(['recorded', 'pending']),
  /** The credit note issued first for what the refund takes beyond what was paid over the balance. */
  creditNote: z.object({ creditNoteId: z.string(), number: z.string(), amountCents: z.number().int() }).nullable(),
  invoiceId: z.string(),
  status: z.enum(['none', ...INVOICE_STATUSES]),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  position: z.string(),
});
export type InvoiceRefundResponse = z.infer<typeof InvoiceRefundResponseSchema>;

/** POST /api/invoices/:token/payment */
export const InvoicePaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  amountCents: z.number().int(),
  paymentIntentId: z.string(),
});

/** GET /api/group-bookings/:token: the seats bought on one line, and who holds them. */
export const GroupBookingViewSchema = z.object({
  organization: z.object({ name: z.string() }),
  invoiceNumber: z.string(),
  workshop: z.object({
    id: z.string(),
    title: z.string(),
    date: z.string(),
    time: z.string(),
    location: z.string(),
  }),
  seats: z.number().int(),
  attendees: z.array(z.object({ name: z.string(), email: z.string(), dietaryRestrictions: z.string() })),
  /** Until when names can be given or changed. */
  cutoffAt: z.string(),
  open: z.boolean(),
});
export type GroupBookingView = z.infer<typeof GroupBookingViewSchema>;
