import { SCHOOL } from '../../contracts/core/school.js';
import { TAX_NOTE, type InvoiceView } from '../../contracts/organizations/invoices.js';
import type { Config } from '../core/config.js';
import { balanceDueOf, type IssuedState } from './invoice-decider.js';
import { siteUrl } from './links.js';

/** How the organization can pay: the card on the invoice's page, a check, ACH or wire (words of the page and the PDF). */
export function paymentInstructions(config: Config, number: string, invoiceToken: string): string[] {
  return [
    `By card: ${siteUrl(config, `/invoice/${invoiceToken}`)}`,
    `By check: payable to ${SCHOOL.fullName}, mailed to ${SCHOOL.address.line1}, ${SCHOOL.address.line2}, ` +
      `${SCHOOL.address.city}, ${SCHOOL.address.region} ${SCHOOL.address.postalCode}; write ${number} on it.`,
    `By ACH or wire: write to ${SCHOOL.email} for the school's bank details; quote ${number} as the reference.`,
  ];
}

/** The invoice as its page (/invoice/<token>), its PDF and the office read it, at `now`. */
export function invoiceViewOf(state: IssuedState, config: Config, invoiceToken: string, now: Date): InvoiceView {
  const { invoice } = state;
  const status = state.status;
  return {
    invoiceId: invoice.invoiceId,
    number: invoice.number,
    quoteNumber: invoice.quoteNumber,
    status,
    overdue: status === 'open' && Date.parse(invoice.dueAt) < now.getTime(),
    buyer: invoice.buyer,
    poNumber: invoice.poNumber,
    issuedAt: invoice.issuedAt,
    dueAt: invoice.dueAt,
    paymentTermsDays: invoice.paymentTermsDays,
    lines: invoice.lines,
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    taxNote: TAX_NOTE,
    totalCents: invoice.totalCents,
    creditedCents: state.creditedCents,
    paidCents: state.paidCents,
    refundedCents: state.refundedCents,
    balanceCents: status === 'void' ? 0 : balanceDueOf(state),
    payments: state.payments,
    creditNotes: state.creditNotes.map(({ creditNoteId, number, amountCents, reason, note, issuedAt }) => ({
      creditNoteId,
      number,
      amountCents,
      reason,
      note,
      issuedAt,
    })),
    paymentInstructions: paymentInstructions(config, invoice.number, invoiceToken),
  };
}
