import { z } from 'zod';
import { oneLineText } from '../core/text.js';
import { OrganizationInputSchema } from './organization.js';
import { MAX_LINE_SEATS } from './quotes.js';

/**
 * POST /api/workshops/:id/invoice-checkout (issue 39 item 6): an organization books a workshop
 * that allows "Pay by invoice" from its enroll page, `minSeats` or more up to the seats left, and
 * gets its invoice at once, as if the office had quoted it and the contact accepted.
 */
export const InvoiceCheckoutRequestSchema = z.object({
  seats: z
    .number({ error: 'seats is required: a whole number of seats.' })
    .int('seats must be a whole number.')
    .min(1, 'seats must be at least 1.')
    .max(MAX_LINE_SEATS, `seats must be at most ${MAX_LINE_SEATS}.`),
  organization: OrganizationInputSchema,
  poNumber: oneLineText('PO number').trim().max(60, 'poNumber must be at most 60 characters.').optional().default(''),
});
export type InvoiceCheckoutRequest = z.input<typeof InvoiceCheckoutRequestSchema>;

/** 201: the invoice issued, and its page (`/invoice/<token>`) for the browser to go to. */
export const InvoiceCheckoutResponseSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoicePath: z.string(),
  dueAt: z.string(),
  position: z.string(),
});
export type InvoiceCheckoutResponse = z.infer<typeof InvoiceCheckoutResponseSchema>;
