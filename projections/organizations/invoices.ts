import { defineProjector } from '../../platform/processor/projector.js';
import { invoiceIdOf, type InvoiceEvent, type InvoiceStatus } from '../../contracts/organizations/invoices.js';

export const INVOICES = 'invoices';

/** One invoice as the office's receivables list it: what it asks, what came in, what is still owed. */
export interface InvoiceDoc {
  [key: string]: unknown;
  id: string;
  number: string;
  organizationId: string;
  organizationName: string;
  quoteNumber: string;
  poNumber: string;
  issuedAt: string;
  dueAt: string;
  status: InvoiceStatus;
  seats: number;
  totalCents: number;
  creditedCents: number;
  paidCents: number;
  refundedCents: number;
  /** What is still owed (0 once paid or void). */
  balanceCents: number;
  paidAt: string | null;
}

type Input = Extract<
  InvoiceEvent,
  {
    type:
      | 'InvoiceIssued'
      | 'InvoicePaymentRecorded'
      | 'InvoicePaid'
      | 'InvoiceVoided'
      | 'CreditNoteIssued'
      | 'InvoiceRefundRecorded';
  }
>;

const withBalance = (doc: InvoiceDoc): InvoiceDoc => ({
  ...doc,
  balanceCents:
    doc.status === 'void' ? 0 : Math.max(0, doc.totalCents - doc.creditedCents - doc.paidCents + doc.refundedCents),
});

/**
 * `invoices`: one document per invoice (id = its id), for the receivables (open, overdue, paid),
 * an organization's figures and the dashboard's invoiced, received and outstanding, each invoice
 * counted once. No personal data: the buyer is an organization, its contact is not here.
 */
export const invoicesProjector = defineProjector<Input, InvoiceDoc>({
  name: INVOICES,
  collection: INVOICES,
  indexes: [
    [{ field: 'status' }, { field: 'dueAt' }],
    [{ field: 'organizationId' }, { field: 'issuedAt' }],
  ],
  eventTypes: [
    'InvoiceIssued',
    'InvoicePaymentRecorded',
    'InvoicePaid',
    'InvoiceVoided',
    'CreditNoteIssued',
    'InvoiceRefundRecorded',
  ],
  keys: (e) => [invoiceIdOf(e)],
  project(doc, e) {
    if (e.type === 'InvoiceIssued') {
      const d = e.data;
      return withBalance({
        id: d.invoiceId,
        number: d.number,
        organizationId: d.organizationId,
        organizationName: d.buyer.name,
        quoteNumber: d.quoteNumber,
        poNumber: d.poNumber,
        issuedAt: d.issuedAt,
        dueAt: d.dueAt,
        status: 'open',
        seats: d.lines.reduce((n, l) => n + (l.kind === 'workshop' ? l.seats : 0), 0),
        totalCents: d.totalCents,
        creditedCents: 0,
        paidCents: 0,
        refundedCents: 0,
        balanceCents: d.totalCents,
        paidAt: null,
      });
    }
    if (!doc) return undefined;
    switch (e.type) {
      case 'InvoicePaymentRecorded':
        return withBalance({ ...doc, paidCents: doc.paidCents + e.data.amountCents });
      case 'InvoicePaid':
        return withBalance({ ...doc, status: 'paid', paidAt: e.data.paidAt });
      case 'InvoiceVoided':
        return withBalance({ ...doc, status: 'void', seats: 0 });
      case 'CreditNoteIssued':
        return withBalance({
          ...doc,
          creditedCents: doc.creditedCents + e.data.amountCents,
          seats: Math.max(0, doc.seats - (e.data.seats ?? 0)),
        });
      case 'InvoiceRefundRecorded':
        return withBalance({ ...doc, refundedCents: doc.refundedCents + e.data.amountCents });
    }
  },
});
