import { describe, expect, it } from 'vitest';
import { decideInvoiceSeats } from '../../../service/organizations/invoice-seats-workflow.js';
import { invoiceDecider, type IssuedState } from '../../../service/organizations/invoice-decider.js';
import { quoteDecider } from '../../../service/organizations/quote-decider.js';
import type { InvoiceEvent, InvoiceIssued } from '../../../contracts/organizations/invoices.js';
import type { QuoteEvent } from '../../../contracts/organizations/quotes.js';

const AT = '2025-05-10T15:00:00Z';
const workshopLine = (workshopId: string, seats: number) => ({
  kind: 'workshop' as const,
  workshopId,
  title: 'Executive Edge',
  date: '2025-06-14T09:00:00-05:00',
  time: '9:00 AM',
  location: 'Plano',
  seats,
  unitPriceCents: 10_000,
  amountCents: seats * 10_000,
  label: `$100.00 x ${seats} participants`,
});
const lines = [
  workshopLine('w1', 8),
  { kind: 'service' as const, description: 'On site', amountCents: 5_000 },
  workshopLine('w2', 3),
];
const invoice: InvoiceIssued = {
  invoiceId: 'i1',
  number: 'INV-2025-0001',
  quoteId: 'q1',
  quoteNumber: 'Q-2025-0001',
  organizationId: 'acme',
  buyer: {
    name: 'Acme Corp',
    billingAddress: { line1: '1 Main St', line2: '', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
    taxId: '',
  },
  poNumber: '',
  issuedAt: AT,
  dueAt: '2025-06-09T15:00:00Z',
  paymentTermsDays: 30,
  lines,
  subtotalCents: 115_000,
  taxCents: 0,
  totalCents: 115_000,
};
const given = (events: InvoiceEvent[]) =>
  events.reduce(invoiceDecider.evolve, invoiceDecider.initialState) as IssuedState;
const issued: InvoiceEvent = { type: 'InvoiceIssued', data: invoice };

describe('invoice seats workflow', () => {
  it('given an invoice paid, then each workshop line’s held seats are confirmed, the service line has none', () => {
    const paid: InvoiceEvent = { type: 'InvoicePaid', data: { invoiceId: 'i1', paidAt: AT } };
    expect(decideInvoiceSeats(paid, { invoice: given([issued, paid]), quote: null }, AT)).toEqual([
      {
        workshopId: 'w1',
        command: { type: 'ConfirmSeats', workshopId: 'w1', enrollmentId: 'i1-L0', seats: 8, at: AT },
      },
      {
        workshopId: 'w2',
        command: { type: 'ConfirmSeats', workshopId: 'w2', enrollmentId: 'i1-L2', seats: 3, at: AT },
      },
    ]);
  });

  it('given an invoice voided, then every workshop line’s seats are given back', () => {
    const voided: InvoiceEvent = { type: 'InvoiceVoided', data: { invoiceId: 'i1', reason: '', voidedAt: AT } };
    expect(
      decideInvoiceSeats(voided, { invoice: given([issued, voided]), quote: null }, AT).map((o) => o.command),
    ).toEqual([
      { type: 'GiveBackSeats', workshopId: 'w1', enrollmentId: 'i1-L0', reason: 'cancelled' },
      { type: 'GiveBackSeats', workshopId: 'w2', enrollmentId: 'i1-L2', reason: 'cancelled' },
    ]);
  });

  it('given 2 of a line’s 8 seats cancelled by a credit note, then that line gives back down to the 6 it keeps', () => {
    const credit: InvoiceEvent = {
      type: 'CreditNoteIssued',
      data: {
        invoiceId: 'i1',
        creditNoteId: 'cn1',
        number: 'CN-2025-0001',
        amountCents: 20_000,
        reason: 'seats-cancelled',
        line: 0,
        seats: 2,
        note: '',
        issuedAt: AT,
      },
    };
    expect(decideInvoiceSeats(credit, { invoice: given([issued, credit]), quote: null }, AT)).toEqual([
      {
        workshopId: 'w1',
        command: { type: 'GiveBackSeats', workshopId: 'w1', enrollmentId: 'i1-L0', reason: 'cancelled', keep: 6 },
      },
    ]);
  });

  it('given an acceptance that failed, then the seats its workshop lines may hold are given back', () => {
    const quoteEvents: QuoteEvent[] = [
      {
        type: 'QuoteDrafted',
        data: {
          quoteId: 'q1',
          number: 'Q-2025-0001',
          organizationId: 'acme',
          version: 1,
          lines,
          paymentTermsDays: 30,
          validUntil: '2025-05-31',
          note: '',
          totalCents: 115_000,
          source: 'office',
          draftedAt: AT,
        },
      },
    ];
    const failed = {
      type: 'QuoteAcceptanceFailed' as const,
      data: { quoteId: 'q1', invoiceId: 'i9', code: 'seats_short', reason: 'full', failedAt: AT },
    };
    const quote = quoteEvents.reduce(quoteDecider.evolve, quoteDecider.initialState);
    expect(decideInvoiceSeats(failed, { invoice: null, quote }, AT).map((o) => o.command.type)).toEqual([
      'GiveBackSeats',
      'GiveBackSeats',
    ]);
    expect(decideInvoiceSeats(failed, { invoice: null, quote }, AT).map((o) => o.workshopId)).toEqual(['w1', 'w2']);
  });
});
