import { z } from 'zod';
import { multiLineText, oneLineText } from '../core/text.js';
import { WorkshopIdSchema } from '../catalogue/workshop.js';
import { OrganizationIdSchema } from './organization.js';

/**
 * A quote to an organization (issue 39), stream `quote-<id>`: numbered `Q-YYYY-NNNN`, drafted and
 * revised by the office (each revision a new version: the links of earlier versions say so), sent
 * to the organization's contact as a signed link `/quote/<token>`, withdrawn, or accepted once
 * (with an optional PO number) while it is valid. Accepting it issues the invoice (invoices.ts).
 */
export const quoteStream = (quoteId: string) => `quote-${quoteId}`;
export const QUOTE_STREAM_PREFIX = 'quote-';
export const QuoteIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a quote id');

const Instant = z.string().datetime({ offset: true });
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
/** The most seats one line buys: a school workshop holds at most a few dozen. */
export const MAX_LINE_SEATS = 500;

const WorkshopLineInputSchema = z.object({
  workshopId: WorkshopIdSchema,
  seats: z
    .number({ error: 'seats is required: a whole number of seats.' })
    .int('seats must be a whole number.')
    .min(1, 'seats must be at least 1.')
    .max(MAX_LINE_SEATS, `seats must be at most ${MAX_LINE_SEATS}.`),
});
const ServiceLineInputSchema = z.object({
  description: multiLineText('Description', { error: 'description is required.' })
    .trim()
    .min(1, 'description is required.')
    .max(2000, 'description must be at most 2000 characters.'),
  amountCents: z
    .number({ error: 'amountCents is required.' })
    .int('amountCents must be whole cents.')
    .min(1, 'amountCents must be at least 1.')
    .max(100_000_000, 'amountCents is too large.'),
});
export const QuoteLineInputSchema = z.union([WorkshopLineInputSchema.strict(), ServiceLineInputSchema.strict()], {
  error: 'Each line is { workshopId, seats } or { description, amountCents }.',
});
export type QuoteLineInput = z.infer<typeof QuoteLineInputSchema>;

/** POST /api/admin/quotes, and PUT /api/admin/quotes/:id (a revision: a new version). */
export const QuoteRequestSchema = z.object({
  organizationId: OrganizationIdSchema,
  lines: z
    .array(QuoteLineInputSchema, { error: 'lines is required: at least one line.' })
    .min(1, 'lines must hold at least one line.')
    .max(30, 'lines must hold at most 30 lines.'),
  paymentTermsDays: z
    .number()
    .int('paymentTermsDays must be a whole number of days.')
    .min(0, 'paymentTermsDays must be 0 or more.')
    .max(180, 'paymentTermsDays must be at most 180.')
    .optional()
    .default(DEFAULT_PAYMENT_TERMS_DAYS),
  /** The last day it can be accepted, on the school's calendar (YYYY-MM-DD). */
  validUntil: z
    .string({ error: 'validUntil is required: the last day the quote can be accepted, like 2025-06-30.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validUntil must be a day like 2025-06-30.'),
  note: multiLineText('Note').trim().max(2000, 'note must be at most 2000 characters.').optional().default(''),
});
export type QuoteRequest = z.input<typeof QuoteRequestSchema>;

/** A line as priced when the quote was drafted: its amounts are the quote's, whatever the catalogue says later. */
export const QuoteLineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('workshop'),
    workshopId: z.string(),
    title: z.string(),
    /** First session's start, with its offset. */
    date: z.string(),
    time: z.string(),
    location: z.string(),
    seats: z.number().int().positive(),
    unitPriceCents: z.number().int().nonnegative(),
    amountCents: z.number().int().nonnegative(),
    /** The pricing rule's words for the amount ("$495.00 x 8 participants", a group price). */
    label: z.string(),
  }),
  z.object({
    kind: z.literal('service'),
    description: z.string(),
    amountCents: z.number().int().nonnegative(),
  }),
]);
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

const terms = {
  lines: z.array(QuoteLineSchema).min(1),
  paymentTermsDays: z.number().int().min(0),
  validUntil: Day,
  note: z.string(),
  totalCents: z.number().int().nonnegative(),
};

export const QuoteDraftedSchema = z.object({
  quoteId: QuoteIdSchema,
  number: z.string(),
  organizationId: OrganizationIdSchema,
  version: z.literal(1),
  ...terms,
  /** `self-serve`: made and accepted at once by an invoice checkout on an enroll page. */
  source: z.enum(['office', 'self-serve']),
  draftedAt: Instant,
});
export const QuoteRevisedSchema = z.object({
  quoteId: QuoteIdSchema,
  version: z.number().int().min(2),
  ...terms,
  revisedAt: Instant,
});
export const QuoteSentSchema = z.object({ quoteId: QuoteIdSchema, version: z.number().int().min(1), sentAt: Instant });
export const QuoteWithdrawnSchema = z.object({ quoteId: QuoteIdSchema, withdrawnAt: Instant });
export const QuoteAcceptedSchema = z.object({
  quoteId: QuoteIdSchema,
  organizationId: OrganizationIdSchema,
  version: z.number().int().min(1),
  /** The invoice it issues (the invoicing workflow writes it). */
  invoiceId: z.string().min(1).max(64),
  /** The buyer's purchase order number, '' when none was given. */
  poNumber: z.string().max(60),
  acceptedAt: Instant,
});
/** The invoice could not be issued (a workshop full or closed since): the quote can be accepted again. */
export const QuoteAcceptanceFailedSchema = z.object({
  quoteId: QuoteIdSchema,
  invoiceId: z.string().min(1).max(64),
  /** The catalogue's refusal code and its words, as the contact reads them. */
  code: z.string(),
  reason: z.string(),
  failedAt: Instant,
});

export const quoteEventSchemas = {
  QuoteDrafted: QuoteDraftedSchema,
  QuoteRevised: QuoteRevisedSchema,
  QuoteSent: QuoteSentSchema,
  QuoteWithdrawn: QuoteWithdrawnSchema,
  QuoteAccepted: QuoteAcceptedSchema,
  QuoteAcceptanceFailed: QuoteAcceptanceFailedSchema,
} as const;

export type QuoteDrafted = z.infer<typeof QuoteDraftedSchema>;
export type QuoteAccepted = z.infer<typeof QuoteAcceptedSchema>;
export type QuoteEvent =
  | { type: 'QuoteDrafted'; data: QuoteDrafted }
  | { type: 'QuoteRevised'; data: z.infer<typeof QuoteRevisedSchema> }
  | { type: 'QuoteSent'; data: z.infer<typeof QuoteSentSchema> }
  | { type: 'QuoteWithdrawn'; data: z.infer<typeof QuoteWithdrawnSchema> }
  | { type: 'QuoteAccepted'; data: QuoteAccepted }
  | { type: 'QuoteAcceptanceFailed'; data: z.infer<typeof QuoteAcceptanceFailedSchema> };

/** 201 answer of POST /api/admin/quotes (and 200 of a revision, with its version). */
export const QuoteCreatedSchema = z.object({
  quoteId: z.string(),
  number: z.string(),
  version: z.number().int().optional(),
  position: z.string().optional(),
});
export type QuoteCreated = z.infer<typeof QuoteCreatedSchema>;

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'withdrawn', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** GET /api/quotes/:token: what the contact reads on /quote/<token>. */
export const QuoteViewSchema = z.object({
  number: z.string(),
  version: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  organization: z.object({ name: z.string() }),
  lines: z.array(QuoteLineSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** Why tax is 0, as the quote says it. */
  taxNote: z.string(),
  paymentTermsDays: z.number().int(),
  validUntil: z.string(),
  note: z.string(),
  /** Once accepted: the invoice's number and its page's token. */
  invoice: z.object({ number: z.string(), token: z.string() }).nullable(),
});
export type QuoteView = z.infer<typeof QuoteViewSchema>;

/** POST /api/quotes/:token/accept */
export const AcceptQuoteRequestSchema = z.object({
  poNumber: oneLineText('PO number').trim().max(60, 'poNumber must be at most 60 characters.').optional().default(''),
});
export const AcceptQuoteResponseSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  dueAt: z.string(),
  /** The invoice page's token (/invoice/<token>), so the page can go there at once. */
  invoiceToken: z.string(),
  position: z.string(),
});
export type AcceptQuoteResponse = z.infer<typeof AcceptQuoteResponseSchema>;

/** One quote as the admin area lists it. */
export const AdminQuoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  version: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  lines: z.array(QuoteLineSchema),
  totalCents: z.number().int(),
  paymentTermsDays: z.number().int(),
  validUntil: z.string(),
  note: z.string(),
  draftedAt: z.string(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  poNumber: z.string().nullable(),
  invoiceId: z.string().nullable(),
  /** The last acceptance that could not issue an invoice, in the words the contact read. */
  lastFailure: z.string().nullable(),
});
export type AdminQuote = z.infer<typeof AdminQuoteSchema>;
