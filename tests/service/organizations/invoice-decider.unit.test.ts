import { describe, it } from 'vitest';
import { invoiceDecider } from '../../../service/organizations/invoice-decider.js';
import type { InvoiceEvent, InvoiceIssued } from '../../../contracts/organizations/invoices.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(invoiceDecider);
const AT = '2025-05-10T15:00:00Z';

const invoice: InvoiceIssued = {
  invoiceId: 'i1',
  number: 'INV-2025-0001',
  quoteId: 'q1',
  quoteNumber: 'Q-2025-0001',
  organizationId: 'acme',
  buyer: {
    name: 'Acme Corp',
    billingAddress: { line1: '1 Main St', line2: '', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
    taxId: '12-3456789',
  },
  poNumber: 'PO-77',
  issuedAt: AT,
  dueAt: '2025-06-09T15:00:00Z',
  paymentTermsDays: 30,
  lines: [
    {
      kind: 'workshop',
      workshopId: 'w1',
      title: 'Executive Edge',
      date: '2025-06-14T09:00:00-05:00',
      time: '9:00 AM',
      location: 'Dallas',
      seats: 8,
      unitPriceCents: 10_000,
      amountCents: 80_000,
      label: '$100.00 x 8 participants',
    },
  ],
  subtotalCents: 80_000,
  taxCents: 0,
  totalCents: 80_000,
};
const issued: InvoiceEvent = { type: 'InvoiceIssued', data: invoice };
const pay = (paymentId: string, amountCents: number, recordedBy: 'office' | 'provider' = 'office') =>
  ({
    type: 'RecordInvoicePayment',
    paymentId,
    amountCents,
    method: recordedBy === 'office' ? 'check' : 'card',
    reference: paymentId,
    receivedAt: AT,
    recordedBy,
    at: AT,
  }) as const;
const paid = (paymentId: string, amountCents: number, recordedBy: 'office' | 'provider' = 'office'): InvoiceEvent => ({
  type: 'InvoicePaymentRecorded',
  data: {
    invoiceId: 'i1',
    paymentId,
    amountCents,
    method: recordedBy === 'office' ? 'check' : 'card',
    reference: paymentId,
    receivedAt: AT,
    recordedBy,
  },
});
const paidInFull: InvoiceEvent = { type: 'InvoicePaid', data: { invoiceId: 'i1', paidAt: AT } };

describe('invoice decider', () => {
  it('given nothing, when the invoice is issued, then it is issued once; issued again, nothing more', () => {
    given([]).when({ type: 'IssueInvoice', invoice }).then([issued]);
    given([issued]).when({ type: 'IssueInvoice', invoice }).then([]);
  });

  it('given an open invoice, when a partial check arrives, then it is recorded and the invoice stays open', () => {
    given([issued])
      .when(pay('chk-1', 30_000))
      .then([paid('chk-1', 30_000)]);
  });

  it('given $300 of $800 paid, when the rest arrives, then the invoice is paid', () => {
    given([issued, paid('chk-1', 30_000)])
      .when(pay('chk-2', 50_000))
      .then([paid('chk-2', 50_000), paidInFull]);
  });

  it('given $300 of $800 paid, when the office records $600, then it is refused: never beyond the total', () => {
    given([issued, paid('chk-1', 30_000)])
      .when(pay('chk-2', 60_000))
      .thenThrows({
        code: 'validation',
        refusal: { code: 'payment_beyond_total', balanceCents: 50_000, amountCents: 60_000 },
      });
  });

  it('given a check recorded while the contact paid by card, when the card payment arrives, then only what was owed is applied and the rest is overpaid', () => {
    given([issued, paid('chk-1', 30_000)])
      .when(pay('pi_1', 80_000, 'provider'))
      .then([
        paid('pi_1', 50_000, 'provider'),
        { type: 'InvoiceOverpaid', data: { invoiceId: 'i1', paymentIntentId: 'pi_1', amountCents: 30_000, at: AT } },
        paidInFull,
      ]);
  });

  it('given a payment recorded, when the same payment is recorded again, then nothing changes', () => {
    given([issued, paid('chk-1', 30_000)])
      .when(pay('chk-1', 30_000))
      .then([]);
  });

  it('given an open invoice, when 2 of its 8 seats are cancelled, then a credit note takes them off', () => {
    given([issued])
      .when({
        type: 'IssueCreditNote',
        creditNoteId: 'cn1',
        number: 'CN-2025-0001',
        amountCents: 20_000,
        reason: 'seats-cancelled',
        line: 0,
        seats: 2,
        note: '',
        at: AT,
      })
      .then([
        {
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
        },
      ]);
  });

  it('given $600 paid, when $200 is credited, then nothing is owed: the invoice is paid', () => {
    given([issued, paid('chk-1', 60_000)])
      .when({
        type: 'IssueCreditNote',
        creditNoteId: 'cn1',
        number: 'CN-2025-0001',
        amountCents: 20_000,
        reason: 'refund',
        note: '',
        at: AT,
      })
      .then([creditOf(20_000), paidInFull]);
  });

  it('given an open invoice, when more than its total is credited, then it is refused', () => {
    given([issued])
      .when({
        type: 'IssueCreditNote',
        creditNoteId: 'cn1',
        number: 'CN-2025-0001',
        amountCents: 90_000,
        reason: 'refund',
        note: '',
        at: AT,
      })
      .thenThrows({ refusal: { code: 'credit_beyond_total', creditableCents: 80_000 } });
  });

  it('given an open invoice with nothing paid, when it is voided, then it is void; a payment after is refused', () => {
    const voided: InvoiceEvent = {
      type: 'InvoiceVoided',
      data: { invoiceId: 'i1', reason: 'cancelled', voidedAt: AT },
    };
    given([issued]).when({ type: 'VoidInvoice', reason: 'cancelled', at: AT }).then([voided]);
    given([issued, voided])
      .when(pay('chk-1', 100))
      .thenThrows({ refusal: { code: 'invoice_void' } });
  });

  it('given money paid on an invoice, when it is voided, then it is refused until refunded or credited', () => {
    given([issued, paid('chk-1', 30_000)])
      .when({ type: 'VoidInvoice', reason: '', at: AT })
      .thenThrows({ code: 'conflict', refusal: { code: 'invoice_has_payments', paidCents: 30_000 } });
  });

  it('given 8 seats on a line, when the coordinator names 9, then it is refused naming the attendees', () => {
    const attendees = Array.from({ length: 9 }, (_, i) => ({
      name: `Person ${i}`,
      email: `p${i}@acme.example`,
      dietaryRestrictions: '',
    }));
    given([issued])
      .when({
        type: 'NameAttendees',
        line: 0,
        attendees,
        newIds: attendees.map((_, i) => `a${i}`),
        organizationName: 'Acme Corp',
        cutoffAt: '2025-06-12T14:00:00Z',
        at: AT,
      })
      .thenThrows({ code: 'validation', refusal: { code: 'too_many_attendees', seats: 8, named: 9 } });
  });

  it('given the cutoff passed, when the coordinator names an attendee, then it is refused', () => {
    given([issued])
      .when({
        type: 'NameAttendees',
        line: 0,
        attendees: [{ name: 'Ann Lee', email: 'ann@acme.example', dietaryRestrictions: '' }],
        newIds: ['a0'],
        organizationName: 'Acme Corp',
        cutoffAt: '2025-05-10T14:00:00Z',
        at: AT,
      })
      .thenThrows({ refusal: { code: 'group_names_closed' } });
  });
});

function creditOf(amountCents: number): InvoiceEvent {
  return {
    type: 'CreditNoteIssued',
    data: {
      invoiceId: 'i1',
      creditNoteId: 'cn1',
      number: 'CN-2025-0001',
      amountCents,
      reason: 'refund',
      note: '',
      issuedAt: AT,
    },
  };
}

describe('invoice decider: a card payment beyond what was owed goes back', () => {
  const overpaid: InvoiceEvent = {
    type: 'InvoiceOverpaid',
    data: { invoiceId: 'i1', paymentIntentId: 'pi_1', amountCents: 30_000, at: AT },
  };
  const refund = (paymentIntentId: string) =>
    ({ type: 'RecordOverpaymentRefund', paymentIntentId, refundId: 're_1', amountCents: 30_000, at: AT }) as const;
  const refunded: InvoiceEvent = {
    type: 'InvoiceOverpaymentRefunded',
    data: { invoiceId: 'i1', paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 30_000, refundedAt: AT },
  };

  it('given a card payment overpaid by $300, when its refund is recorded, then it is recorded once; again, nothing more', () => {
    const history = [issued, paid('chk-1', 30_000), paid('pi_1', 50_000, 'provider'), overpaid, paidInFull];
    given(history).when(refund('pi_1')).then([refunded]);
    given([...history, refunded])
      .when(refund('pi_1'))
      .then([]);
  });

  it('given a card payment that was not overpaid, when a refund of its excess is recorded, then nothing is recorded', () => {
    given([issued, paid('pi_1', 80_000, 'provider'), paidInFull])
      .when(refund('pi_1'))
      .then([]);
  });

  it('given an invoice paid by check, when the same card payment is reported twice (webhook and page), then it is overpaid once', () => {
    const history = [issued, paid('chk-1', 80_000), paidInFull];
    given(history)
      .when(pay('pi_2', 80_000, 'provider'))
      .then([
        { type: 'InvoiceOverpaid', data: { invoiceId: 'i1', paymentIntentId: 'pi_2', amountCents: 80_000, at: AT } },
      ]);
    given([
      ...history,
      { type: 'InvoiceOverpaid', data: { invoiceId: 'i1', paymentIntentId: 'pi_2', amountCents: 80_000, at: AT } },
    ])
      .when(pay('pi_2', 80_000, 'provider'))
      .then([]);
  });
});
