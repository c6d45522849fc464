import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptQuoteResponse, QuoteView } from '../../contracts/organizations/quotes.js';
import type { InvoiceView } from '../../contracts/organizations/invoices.js';
import { apiJson } from '../core/api.js';

const quoteUrl = (token: string) => `/api/quotes/${encodeURIComponent(token)}`;
const invoiceUrl = (token: string) => `/api/invoices/${encodeURIComponent(token)}`;

/** The quote behind its link's token (410 when a revision replaced it). */
export function useQuote(token: string) {
  return useQuery<QuoteView>({ queryKey: [quoteUrl(token)], enabled: Boolean(token), retry: false });
}

/** Accepts the quote with an optional PO number: the invoice is issued at once. */
export const acceptQuote = (token: string, poNumber: string) =>
  apiJson<AcceptQuoteResponse>('POST', `${quoteUrl(token)}/accept`, poNumber ? { poNumber } : {});

/** The invoice behind its link's token; read again (at a position) after a payment. */
export function useInvoice(token: string) {
  return useQuery<InvoiceView>({ queryKey: [invoiceUrl(token)], enabled: Boolean(token), retry: false });
}

/** The invoice read again (its page reads the invoice's own stream: a payment just recorded is there). */
export function useRefreshInvoice(token: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [invoiceUrl(token)] });
}

/** The card form's PaymentIntent for what the invoice still owes (the same one however often it is asked). */
export const openInvoicePayment = (token: string) =>
  apiJson<{ clientSecret: string; amountCents: number; paymentIntentId: string }>(
    'POST',
    `${invoiceUrl(token)}/payment`,
    {},
  );

export const invoicePdfHref = (token: string) => `${invoiceUrl(token)}/invoice.pdf`;
