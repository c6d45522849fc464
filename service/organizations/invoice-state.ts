import type {
  CreditNoteIssued,
  GroupAttendee,
  InvoiceEvent,
  InvoiceIssued,
  PaymentMethod,
} from '../../contracts/organizations/invoices.js';

export interface InvoicePayment {
  paymentId: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string;
  receivedAt: string;
}

export interface Issued {
  invoice: InvoiceIssued;
  payments: InvoicePayment[];
  paidCents: number;
  refundedCents: number;
  creditedCents: number;
  creditNotes: CreditNoteIssued[];
  refundIds: string[];
  /** The card payments made on the invoice's page (their PaymentIntents), which a card refund takes back. */
  cardIntents: string[];
  /** Asked back from each of those card payments, by PaymentIntent (a refused part given back). */
  cardRefunded: Record<string, number>;
  /** Card refunds asked and not yet made or refused, by their refund id (`<requestId>-<paymentIntentId>`). */
  pendingRefunds: Record<string, number>;
  /** The office's refunds asked so far, by request id (each once). */
  refundRequests: string[];
  /** Seats of each line now (cancelled ones taken off); a description-only line: its private workshop's, 0 until scheduled. */
  lineSeats: number[];
  /** The workshop of each line: its own, a description-only line's private one once scheduled, else null. */
  lineWorkshops: (string | null)[];
  /** Who holds each line's seats, by line. */
  attendees: Record<number, GroupAttendee[]>;
  intentId: string | null;
  /** Card payments whose money was beyond what was owed (refunded). */
  overpaidIntents: string[];
  /** Those card payments whose excess went back to the card. */
  overpaymentsRefunded: string[];
  reminders: string[];
}

/** Open until nothing is owed (`paid`), or voided: a union of phases, each with what it holds. */
export type InvoiceState =
  { status: 'none' } | ({ status: 'open' | 'paid' } & Issued) | ({ status: 'void'; voidedAt: string } & Issued);

export type IssuedState = Exclude<InvoiceState, { status: 'none' }>;

/** What is owed now: the total, less credit notes and payments, plus refunds; below 0 when more was paid. */
export const balanceOf = (s: Issued) => s.invoice.totalCents - s.creditedCents - s.paidCents + s.refundedCents;
export const balanceDueOf = (s: Issued) => Math.max(0, balanceOf(s));
/** Money held beyond what is owed: what can be refunded without crediting more (card refunds under way taken off). */
export const overpaidOf = (s: Issued) => Math.max(0, -balanceOf(s) - pendingOf(s));
export const pendingOf = (s: Issued) => Object.values(s.pendingRefunds).reduce((n, c) => n + c, 0);
/** The refund id of one card payment's part of a refund. */
export const cardRefundId = (requestId: string, paymentIntentId: string) => `${requestId}-${paymentIntentId}`;
const without = (record: Record<string, number>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

export function issuedOf(invoice: InvoiceIssued): Issued {
  return {
    invoice,
    payments: [],
    paidCents: 0,
    refundedCents: 0,
    creditedCents: 0,
    creditNotes: [],
    refundIds: [],
    cardIntents: [],
    cardRefunded: {},
    pendingRefunds: {},
    refundRequests: [],
    lineSeats: invoice.lines.map((l) => (l.kind === 'workshop' ? l.seats : 0)),
    lineWorkshops: invoice.lines.map((l) => (l.kind === 'workshop' ? l.workshopId : null)),
    attendees: {},
    intentId: null,
    overpaidIntents: [],
    overpaymentsRefunded: [],
    reminders: [],
  };
}

export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  if (event.type === 'InvoiceIssued') return { status: 'open', ...issuedOf(event.data) };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'InvoicePaymentIntentCreated':
      return { ...state, intentId: event.data.paymentIntentId };
    case 'InvoicePaymentRecorded': {
      const { paymentId, amountCents, method, reference, receivedAt, recordedBy } = event.data;
      return {
        ...state,
        payments: [...state.payments, { paymentId, amountCents, method, reference, receivedAt }],
        paidCents: state.paidCents + amountCents,
        cardIntents: recordedBy === 'provider' ? [...state.cardIntents, paymentId] : state.cardIntents,
      };
    }
    case 'InvoiceOverpaid':
      return { ...state, overpaidIntents: [...state.overpaidIntents, event.data.paymentIntentId] };
    case 'InvoiceOverpaymentRefunded':
      return { ...state, overpaymentsRefunded: [...state.overpaymentsRefunded, event.data.paymentIntentId] };
    case 'InvoicePaid':
      return state.status === 'open' ? { ...state, status: 'paid' } : state;
    case 'InvoiceVoided':
      return { ...state, status: 'void', voidedAt: event.data.voidedAt };
    case 'CreditNoteIssued': {
      const { line, seats, amountCents } = event.data;
      const lineSeats =
        line !== undefined && seats !== undefined
          ? state.lineSeats.map((n, i) => (i === line ? Math.max(0, n - seats) : n))
          : state.lineSeats;
      return {
        ...state,
        creditNotes: [...state.creditNotes, event.data],
        creditedCents: state.creditedCents + amountCents,
        lineSeats,
      };
    }
    case 'InvoiceRefundRecorded':
      return {
        ...state,
        refundIds: [...state.refundIds, event.data.refundId],
        refundedCents: state.refundedCents + event.data.amountCents,
        pendingRefunds: without(state.pendingRefunds, event.data.refundId),
      };
    case 'InvoiceCardRefundRequested': {
      const { requestId, parts } = event.data;
      const cardRefunded = { ...state.cardRefunded };
      const pendingRefunds = { ...state.pendingRefunds };
      for (const { paymentIntentId, amountCents } of parts) {
        cardRefunded[paymentIntentId] = (cardRefunded[paymentIntentId] ?? 0) + amountCents;
        pendingRefunds[cardRefundId(requestId, paymentIntentId)] = amountCents;
      }
      return { ...state, cardRefunded, pendingRefunds, refundRequests: [...state.refundRequests, requestId] };
    }
    case 'InvoiceCardRefundFailed': {
      const { requestId, paymentIntentId, amountCents } = event.data;
      return {
        ...state,
        cardRefunded: {
          ...state.cardRefunded,
          [paymentIntentId]: (state.cardRefunded[paymentIntentId] ?? 0) - amountCents,
        },
        pendingRefunds: without(state.pendingRefunds, cardRefundId(requestId, paymentIntentId)),
      };
    }
    case 'InvoiceReminderSent':
      return { ...state, reminders: [...state.reminders, event.data.kind] };
    case 'GroupAttendeesNamed':
      return { ...state, attendees: { ...state.attendees, [event.data.line]: event.data.attendees } };
    case 'PrivateWorkshopScheduled': {
      const { line, workshopId, seats } = event.data;
      return {
        ...state,
        lineSeats: state.lineSeats.map((n, i) => (i === line ? seats : n)),
        lineWorkshops: state.lineWorkshops.map((w, i) => (i === line ? workshopId : w)),
      };
    }
  }
}
