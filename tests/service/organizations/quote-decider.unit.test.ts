import { describe, it } from 'vitest';
import { quoteDecider, type QuoteTerms } from '../../../service/organizations/quote-decider.js';
import type { QuoteEvent } from '../../../contracts/organizations/quotes.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(quoteDecider);

const terms = (seats: number, validUntil = '2025-05-31'): QuoteTerms => ({
  lines: [
    {
      kind: 'workshop',
      workshopId: 'w1',
      title: 'Executive Edge',
      date: '2025-06-14T09:00:00-05:00',
      time: '9:00 AM',
      location: 'Dallas',
      seats,
      unitPriceCents: 49_500,
      amountCents: 49_500 * seats,
      label: `$495.00 x ${seats} participants`,
    },
  ],
  paymentTermsDays: 30,
  validUntil,
  note: '',
  totalCents: 49_500 * seats,
});

const drafted: QuoteEvent = {
  type: 'QuoteDrafted',
  data: {
    quoteId: 'q1',
    number: 'Q-2025-0001',
    organizationId: 'acme',
    version: 1,
    ...terms(8),
    source: 'office',
    draftedAt: '2025-05-01T12:00:00Z',
  },
};
const sent = (version = 1): QuoteEvent => ({
  type: 'QuoteSent',
  data: { quoteId: 'q1', version, sentAt: '2025-05-01T13:00:00Z' },
});
const revised: QuoteEvent = {
  type: 'QuoteRevised',
  data: { quoteId: 'q1', version: 2, ...terms(10), revisedAt: '2025-05-02T12:00:00Z' },
};
const accept = (tokenVersion = 1, at = '2025-05-10T15:00:00Z', invoiceId = 'i1') =>
  ({ type: 'AcceptQuote', tokenVersion, invoiceId, poNumber: 'PO-77', at }) as const;
const accepted = (version = 1, invoiceId = 'i1'): QuoteEvent => ({
  type: 'QuoteAccepted',
  data: {
    quoteId: 'q1',
    organizationId: 'acme',
    version,
    invoiceId,
    poNumber: 'PO-77',
    acceptedAt: '2025-05-10T15:00:00Z',
  },
});

describe('quote decider', () => {
  it('given nothing, when the office drafts a quote, then it is version 1 with its number and terms', () => {
    given([])
      .when({
        type: 'DraftQuote',
        quoteId: 'q1',
        number: 'Q-2025-0001',
        organizationId: 'acme',
        terms: terms(8),
        source: 'office',
        at: '2025-05-01T12:00:00Z',
      })
      .then([drafted]);
  });

  it('given a sent quote, when it is revised, then the revision is the next version', () => {
    given([drafted, sent()])
      .when({ type: 'ReviseQuote', terms: terms(10), at: '2025-05-02T12:00:00Z' })
      .then([revised]);
  });

  it('given a sent quote, when the contact accepts it with a PO number, then it is accepted with the invoice to issue', () => {
    given([drafted, sent()]).when(accept()).then([accepted()]);
  });

  it('given a revised quote, when the link of version 1 accepts it, then the link says it was revised', () => {
    given([drafted, sent(), revised, sent(2)])
      .when(accept(1))
      .thenThrows({ code: 'gone', refusal: { code: 'quote_revised', version: 2 } });
  });

  it('given a revised and sent quote, when the link of version 2 accepts it, then version 2 is accepted', () => {
    given([drafted, sent(), revised, sent(2)])
      .when(accept(2))
      .then([accepted(2)]);
  });

  it('given a quote valid until May 31, when it is accepted on June 1 (school time), then it has expired', () => {
    given([drafted, sent()])
      .when(accept(1, '2025-06-01T06:00:00Z'))
      .thenThrows({ code: 'gone', refusal: { code: 'quote_expired', validUntil: '2025-05-31' } });
  });

  it('given a quote valid until May 31, when it is accepted late on May 31 in Texas, then it is still valid', () => {
    given([drafted, sent()])
      .when(accept(1, '2025-06-01T04:30:00Z'))
      .then([{ ...accepted(), data: { ...accepted().data, acceptedAt: '2025-06-01T04:30:00Z' } }]);
  });

  it('given an accepted quote, when it is accepted again, then it is refused: one acceptance, one invoice', () => {
    given([drafted, sent(), accepted()])
      .when(accept(1, '2025-05-10T15:00:01Z', 'i2'))
      .thenThrows({ code: 'conflict', refusal: { code: 'quote_accepted' } });
  });

  it('given a withdrawn quote, when the contact accepts it, then it is gone', () => {
    given([drafted, sent(), { type: 'QuoteWithdrawn', data: { quoteId: 'q1', withdrawnAt: '2025-05-03T00:00:00Z' } }])
      .when(accept())
      .thenThrows({ code: 'gone', refusal: { code: 'quote_withdrawn' } });
  });

  it('given a draft never sent, when it is accepted, then it is refused', () => {
    given([drafted])
      .when(accept())
      .thenThrows({ refusal: { code: 'quote_not_sent' } });
  });

  it('given an accepted quote, when the office revises or withdraws it, then it is refused', () => {
    given([drafted, sent(), accepted()])
      .when({ type: 'ReviseQuote', terms: terms(9), at: '2025-05-11T00:00:00Z' })
      .thenThrows({ refusal: { code: 'quote_accepted' } });
    given([drafted, sent(), accepted()])
      .when({ type: 'WithdrawQuote', at: '2025-05-11T00:00:00Z' })
      .thenThrows({ refusal: { code: 'quote_accepted' } });
  });

  it('given an acceptance whose invoice failed, when it is accepted again, then it is accepted again', () => {
    const failed: QuoteEvent = {
      type: 'QuoteAcceptanceFailed',
      data: { quoteId: 'q1', invoiceId: 'i1', code: 'seats_short', reason: 'full', failedAt: '2025-05-10T15:00:00Z' },
    };
    given([drafted, sent(), accepted(), failed])
      .when(accept(1, '2025-05-10T15:00:00Z', 'i2'))
      .then([accepted(1, 'i2')]);
  });
});
