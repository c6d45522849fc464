import { describe, it } from 'vitest';
import { revenueLedgerProjector } from '../../../projections/reports/revenue-ledger.js';
import { given, on } from '../../support/projection.js';

const stream = 'invoice-inv1';
const issued = {
  type: 'InvoiceIssued',
  data: {
    invoiceId: 'inv1',
    number: 'INV-2025-0001',
    quoteId: 'q1',
    quoteNumber: 'Q-2025-0001',
    organizationId: 'org1',
    buyer: {
      name: 'Acme Corp',
      billingAddress: {
        line1: '1 Main St',
        line2: '',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75201',
        country: 'US',
      },
      taxId: '',
    },
    poNumber: 'PO-9',
    issuedAt: '2025-05-01T15:00:00.000Z',
    dueAt: '2025-05-31T15:00:00.000Z',
    paymentTermsDays: 30,
    lines: [
      {
        kind: 'workshop',
        workshopId: '9',
        title: 'Executive Edge',
        date: '2025-09-27T18:00:00-05:00',
        time: '6:00 PM',
        location: 'Legacy Commons, Plano',
        seats: 3,
        unitPriceCents: 10_000,
        amountCents: 30_000,
        label: '3 seats at $100.00',
      },
      { kind: 'service', description: 'Dining etiquette, on site', amountCents: 70_000 },
    ],
    subtotalCents: 100_000,
    taxCents: 0,
    totalCents: 100_000,
  },
};
const payment = (paymentId: string, amountCents: number, receivedAt: string) => ({
  type: 'InvoicePaymentRecorded',
  data: {
    invoiceId: 'inv1',
    paymentId,
    amountCents,
    method: 'card',
    reference: paymentId,
    receivedAt,
    recordedBy: 'provider',
  },
});
const line = (day: string, kind: string, cents: number, item: number, to?: string) => ({
  day,
  kind,
  source: 'invoice',
  ...(to ? { to } : {}),
  cents,
  item,
});

describe('revenue ledger projector: an organization’s invoice (record 125)', () => {
  it('given an invoice paid by card with an overpayment, credited and partly refunded, when projected, then only the money the invoice received and gave back is booked, shared over its lines', async () => {
    await given(revenueLedgerProjector, [
      on(stream, issued),
      // Issuing moves no money; a credit note neither.
      on(stream, payment('pi_1', 100_000, '2025-05-02T15:00:00.000Z')),
      on(stream, {
        type: 'InvoiceOverpaid',
        data: { invoiceId: 'inv1', paymentIntentId: 'pi_1', amountCents: 5_000, at: '2025-05-02T15:00:00.000Z' },
      }),
      on(stream, {
        type: 'InvoiceOverpaymentRefunded',
        data: {
          invoiceId: 'inv1',
          paymentIntentId: 'pi_1',
          refundId: 're_1',
          amountCents: 5_000,
          refundedAt: '2025-05-03T15:00:00.000Z',
        },
      }),
      on(stream, {
        type: 'CreditNoteIssued',
        data: {
          invoiceId: 'inv1',
          creditNoteId: 'cn1',
          number: 'CN-2025-0001',
          amountCents: 10_000,
          reason: 'refund',
          note: '',
          issuedAt: '2025-06-01T15:00:00.000Z',
        },
      }),
      on(stream, {
        type: 'InvoiceRefundRecorded',
        data: {
          invoiceId: 'inv1',
          refundId: 're_2',
          amountCents: 10_000,
          method: 'card',
          reference: 're_2',
          refundedAt: '2025-06-02T15:00:00.000Z',
        },
      }),
    ]).then({
      'invoice-inv1': {
        kind: 'invoice',
        items: [
          { kind: 'workshop', workshopId: '9', programId: null, category: '', location: 'Legacy Commons, Plano' },
          { kind: 'workshop', workshopId: null, programId: null, category: '', location: '' },
        ],
        lineDays: ['2025-09-27', null],
        amounts: [30_000, 70_000],
        lines: [
          line('2025-05-02', 'booked', 30_000, 0),
          line('2025-05-02', 'booked', 70_000, 1),
          line('2025-05-02', 'recognized', 70_000, 1),
          line('2025-06-02', 'recognized', -7_000, 1),
          line('2025-06-02', 'refunded', 3_000, 0, 'card'),
          line('2025-06-02', 'refunded', 7_000, 1, 'card'),
          // The seats' share, less what went back, on the workshop's day.
          line('2025-09-27', 'recognized', 27_000, 0),
        ],
      },
    });
  });
});
