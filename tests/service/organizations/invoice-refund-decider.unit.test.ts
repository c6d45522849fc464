import { describe, it } from 'vitest';
import { invoiceDecider } from '../../../service/organizations/invoice-decider.js';
import type { InvoiceEvent } from '../../../contracts/organizations/invoices.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(invoiceDecider);
const AT = '2025-05-10T15:00:00Z';

const issued: InvoiceEvent = {
  type: 'InvoiceIssued',
  data: {
    invoiceId: 'i1',
    number: 'INV-2025-0001',
    quoteId: 'q1',
    quoteNumber: 'Q-2025-0001',
    organizationId: 'acme',
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
    poNumber: '',
    issuedAt: AT,
    dueAt: '2025-06-09T15:00:00Z',
    paymentTermsDays: 30,
    lines: [{ kind: 'service', description: 'On site', amountCents: 80_000 }],
    subtotalCents: 80_000,
    taxCents: 0,
    totalCents: 80_000,
  },
};
const paid = (paymentId: string, amountCents: number, recordedBy: 'office' | 'provider'): InvoiceEvent => ({
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
const credited = (amountCents: number): InvoiceEvent => ({
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
});
const refund = (requestId: string, amountCents: number, method: 'card' | 'check') =>
  ({ type: 'RefundInvoice', requestId, amountCents, method, reference: '', note: '', at: AT }) as const;
const requested = (requestId: string, parts: { paymentIntentId: string; amountCents: number }[]): InvoiceEvent => ({
  type: 'InvoiceCardRefundRequested',
  data: {
    invoiceId: 'i1',
    requestId,
    amountCents: parts.reduce((n, p) => n + p.amountCents, 0),
    parts,
    note: '',
    requestedAt: AT,
  },
});

describe('invoice decider: the office’s refunds (issue 39)', () => {
  // $300 by check, then $500 by card: paid in full, then $600 credited.
  const history = [issued, paid('chk-1', 30_000, 'office'), paid('pi_1', 50_000, 'provider'), credited(60_000)];

  it('given $600 credited on an invoice paid by check and card, when $600 go back to the card, then the card payment gives $500 and the refund is refused beyond it', () => {
    given(history)
      .when(refund('r1', 60_000, 'card'))
      .thenThrows({ refusal: { code: 'refund_beyond_card', refundableCents: 50_000, amountCents: 60_000 } });
    given(history)
      .when(refund('r1', 50_000, 'card'))
      .then([requested('r1', [{ paymentIntentId: 'pi_1', amountCents: 50_000 }])]);
  });

  it('given a card refund under way, when more is asked than is left beyond it, then it is refused; asked again by the same id, nothing more', () => {
    const underway = [...history, requested('r1', [{ paymentIntentId: 'pi_1', amountCents: 50_000 }])];
    given(underway)
      .when(refund('r2', 10_001, 'check'))
      .thenThrows({ refusal: { code: 'refund_beyond_paid', refundableCents: 10_000, amountCents: 10_001 } });
    given(underway)
      .when(refund('r1', 50_000, 'card'))
      .then([]);
  });

  it('given a card refund the provider refused, when it is recorded as failed, then it is no longer under way and the money can go back by check', () => {
    const underway = [...history, requested('r1', [{ paymentIntentId: 'pi_1', amountCents: 50_000 }])];
    const failed: InvoiceEvent = {
      type: 'InvoiceCardRefundFailed',
      data: {
        invoiceId: 'i1',
        requestId: 'r1',
        paymentIntentId: 'pi_1',
        amountCents: 50_000,
        code: 'expired_card',
        failedAt: AT,
      },
    };
    const fail = {
      type: 'RecordCardRefundFailed',
      requestId: 'r1',
      paymentIntentId: 'pi_1',
      code: 'expired_card',
      at: AT,
    } as const;
    given(underway).when(fail).then([failed]);
    given([...underway, failed])
      .when(fail)
      .then([]);
    given([...underway, failed])
      .when(refund('r2', 60_000, 'check'))
      .then([
        {
          type: 'InvoiceRefundRecorded',
          data: {
            invoiceId: 'i1',
            refundId: 'r2',
            amountCents: 60_000,
            method: 'check',
            reference: '',
            refundedAt: AT,
          },
        },
      ]);
  });
});
