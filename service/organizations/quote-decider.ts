import type { Decider } from '../../platform/command/decider.js';
import type { QuoteEvent, QuoteLine, QuoteStatus } from '../../contracts/organizations/quotes.js';
import { schoolDay } from '../core/school-day.js';
import { refuse } from './refusals.js';

/** What a version of a quote offers. */
export interface QuoteTerms {
  lines: QuoteLine[];
  paymentTermsDays: number;
  validUntil: string;
  note: string;
  totalCents: number;
}

export type QuoteCommand =
  | {
      type: 'DraftQuote';
      quoteId: string;
      number: string;
      organizationId: string;
      terms: QuoteTerms;
      source: 'office' | 'self-serve';
      at: string;
    }
  | { type: 'ReviseQuote'; terms: QuoteTerms; at: string }
  | { type: 'SendQuote'; at: string }
  | { type: 'WithdrawQuote'; at: string }
  /** The contact accepts the version its link names; a self-serve checkout accepts its own quote at once. */
  | { type: 'AcceptQuote'; tokenVersion: number; invoiceId: string; poNumber: string; at: string }
  | { type: 'RecordAcceptanceFailure'; invoiceId: string; code: string; reason: string; at: string };

interface Quote {
  quoteId: string;
  number: string;
  organizationId: string;
  source: 'office' | 'self-serve';
  draftedAt: string;
  version: number;
  terms: QuoteTerms;
  sentAt: string | null;
  lastFailure: string | null;
}
export interface Acceptance {
  invoiceId: string;
  poNumber: string;
  acceptedAt: string;
  version: number;
}

/** A quote is a draft until sent, sent until accepted or withdrawn; a revision makes it a draft again. */
export type QuoteState =
  | { status: 'none' }
  | ({ status: 'draft' | 'sent' | 'withdrawn' } & Quote)
  | ({ status: 'accepted'; acceptance: Acceptance } & Quote);

/** As the office and the contact see it: a quote past its last day that nobody accepted is expired. */
export function quoteStatusAt(state: Exclude<QuoteState, { status: 'none' }>, now: Date): QuoteStatus {
  if ((state.status === 'draft' || state.status === 'sent') && schoolDay(now) > state.terms.validUntil)
    return 'expired';
  return state.status;
}

/**
 * One quote (`quote-<id>`): drafted with its number, revised (a new version, a draft again until
 * sent), sent (again: the same link), withdrawn, and accepted once, by the version the contact's
 * link names, while it is valid. An acceptance whose invoice could not be issued (a workshop full
 * since) is recorded as failed, and the quote can be accepted again.
 */
export const quoteDecider: Decider<QuoteCommand, QuoteEvent, QuoteState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'QuoteDrafted': {
        const { quoteId, number, organizationId, source, draftedAt, version, ...terms } = event.data;
        return {
          status: 'draft',
          quoteId,
          number,
          organizationId,
          source,
          draftedAt,
          version,
          terms: termsOf(terms),
          sentAt: null,
          lastFailure: null,
        };
      }
      case 'QuoteRevised':
        if (state.status === 'none') return state;
        return { ...quoteOf(state), status: 'draft', version: event.data.version, terms: termsOf(event.data) };
      case 'QuoteSent':
        return state.status === 'none' ? state : { ...quoteOf(state), status: 'sent', sentAt: event.data.sentAt };
      case 'QuoteWithdrawn':
        return state.status === 'none' ? state : { ...quoteOf(state), status: 'withdrawn' };
      case 'QuoteAccepted': {
        if (state.status === 'none') return state;
        const { invoiceId, poNumber, acceptedAt, version } = event.data;
        return { ...quoteOf(state), status: 'accepted', acceptance: { invoiceId, poNumber, acceptedAt, version } };
      }
      case 'QuoteAcceptanceFailed':
        if (state.status === 'none') return state;
        return { ...quoteOf(state), status: 'sent', lastFailure: event.data.reason };
    }
  },

  decide(command, state) {
    if (command.type === 'DraftQuote') {
      if (state.status !== 'none') throw refuse({ code: 'quote_exists' });
      const { quoteId, number, organizationId, terms, source, at } = command;
      return [
        {
          type: 'QuoteDrafted',
          data: { quoteId, number, organizationId, version: 1, ...terms, source, draftedAt: at },
        },
      ];
    }
    if (state.status === 'none') throw refuse({ code: 'quote_unknown' });
    const { quoteId } = state;
    switch (command.type) {
      case 'ReviseQuote':
        if (state.status === 'accepted') throw refuse({ code: 'quote_accepted' });
        if (state.status === 'withdrawn') throw refuse({ code: 'quote_withdrawn' });
        return [
          {
            type: 'QuoteRevised',
            data: { quoteId, version: state.version + 1, ...command.terms, revisedAt: command.at },
          },
        ];
      case 'SendQuote':
        if (state.status === 'accepted') throw refuse({ code: 'quote_accepted' });
        if (state.status === 'withdrawn') throw refuse({ code: 'quote_withdrawn' });
        return [{ type: 'QuoteSent', data: { quoteId, version: state.version, sentAt: command.at } }];
      case 'WithdrawQuote':
        if (state.status === 'accepted') throw refuse({ code: 'quote_accepted' });
        if (state.status === 'withdrawn') return [];
        return [{ type: 'QuoteWithdrawn', data: { quoteId, withdrawnAt: command.at } }];
      case 'AcceptQuote':
        return accept(command, state);
      case 'RecordAcceptanceFailure': {
        if (state.status !== 'accepted' || state.acceptance.invoiceId !== command.invoiceId) return [];
        const { invoiceId, code, reason, at } = command;
        return [{ type: 'QuoteAcceptanceFailed', data: { quoteId, invoiceId, code, reason, failedAt: at } }];
      }
    }
  },
};

function accept(
  command: Extract<QuoteCommand, { type: 'AcceptQuote' }>,
  state: Exclude<QuoteState, { status: 'none' }>,
): QuoteEvent[] {
  if (state.status === 'withdrawn') throw refuse({ code: 'quote_withdrawn' });
  if (state.status === 'accepted') throw refuse({ code: 'quote_accepted' });
  if (command.tokenVersion !== state.version) throw refuse({ code: 'quote_revised', version: state.version });
  if (state.status === 'draft' && state.source !== 'self-serve') throw refuse({ code: 'quote_not_sent' });
  if (schoolDay(new Date(command.at)) > state.terms.validUntil)
    throw refuse({ code: 'quote_expired', validUntil: state.terms.validUntil });
  const { invoiceId, poNumber, at } = command;
  return [
    {
      type: 'QuoteAccepted',
      data: {
        quoteId: state.quoteId,
        organizationId: state.organizationId,
        version: state.version,
        invoiceId,
        poNumber,
        acceptedAt: at,
      },
    },
  ];
}

const termsOf = (t: QuoteTerms): QuoteTerms => ({
  lines: t.lines,
  paymentTermsDays: t.paymentTermsDays,
  validUntil: t.validUntil,
  note: t.note,
  totalCents: t.totalCents,
});

const quoteOf = (s: Exclude<QuoteState, { status: 'none' }>): Quote => ({
  quoteId: s.quoteId,
  number: s.number,
  organizationId: s.organizationId,
  source: s.source,
  draftedAt: s.draftedAt,
  version: s.version,
  terms: s.terms,
  sentAt: s.sentAt,
  lastFailure: s.lastFailure,
});
