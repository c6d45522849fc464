import type { InvoiceEvent, InvoiceIssued, PaymentMethod } from '../../contracts/organizations/invoices.js';
import { refuse } from './refusals.js';
import { balanceDueOf, balanceOf, overpaidOf, type IssuedState } from './invoice-state.js';

/** The money of an invoice: its payments, credit notes, refunds and void. */
export type MoneyCommand =
  | { type: 'RecordInvoiceIntent'; paymentIntentId: string; provider: 'stripe' | 'offline'; amountCents: number }
  | {
      type: 'RecordInvoicePayment';
      paymentId: string;
      amountCents: number;
      method: PaymentMethod;
      reference: string;
      receivedAt: string;
      recordedBy: 'office' | 'provider';
      at: string;
    }
  | { type: 'VoidInvoice'; reason: string; at: string }
  | {
      type: 'IssueCreditNote';
      creditNoteId: string;
      number: string;
      amountCents: number;
      reason: 'seats-cancelled' | 'refund';
      line?: number;
      seats?: number;
      note: string;
      at: string;
    }
  | {
      type: 'RecordInvoiceRefund';
      refundId: string;
      amountCents: number;
      method: PaymentMethod;
      reference: string;
      at: string;
    }
  | { type: 'RecordOverpaymentRefund'; paymentIntentId: string; refundId: string; amountCents: number; at: string }
  | { type: 'RecordInvoiceReminder'; kind: 'week-before' | 'due-date'; messageId: string; at: string };

type Command<T extends MoneyCommand['type']> = Extract<MoneyCommand, { type: T }>;

const paidOnce = (state: IssuedState, balanceAfter: number, invoiceId: string, at: string): InvoiceEvent[] =>
  state.status === 'open' && balanceAfter <= 0 ? [{ type: 'InvoicePaid', data: { invoiceId, paidAt: at } }] : [];

/**
 * A payment, never beyond what is owed. The office's is refused beyond the balance; a card's money
 * has arrived whatever the balance (a check recorded while the contact paid), so what was owed is
 * recorded and the rest is recorded as overpaid, to be refunded. Each payment once, by its id.
 */
function recordPayment(command: Command<'RecordInvoicePayment'>, state: IssuedState): InvoiceEvent[] {
  const { invoiceId } = state.invoice;
  const { paymentId, amountCents, method, reference, receivedAt, recordedBy, at } = command;
  if (state.payments.some((p) => p.paymentId === paymentId) || state.overpaidIntents.includes(paymentId)) return [];
  const due = state.status === 'void' ? 0 : balanceDueOf(state);
  if (recordedBy === 'office') {
    if (state.status === 'void') throw refuse({ code: 'invoice_void' });
    if (amountCents > due) throw refuse({ code: 'payment_beyond_total', balanceCents: due, amountCents });
  }
  const applied = Math.min(amountCents, due);
  const events: InvoiceEvent[] = [];
  if (applied > 0)
    events.push({
      type: 'InvoicePaymentRecorded',
      data: { invoiceId, paymentId, amountCents: applied, method, reference, receivedAt, recordedBy },
    });
  if (amountCents > applied)
    events.push({
      type: 'InvoiceOverpaid',
      data: { invoiceId, paymentIntentId: paymentId, amountCents: amountCents - applied, at },
    });
  return [...events, ...paidOnce(state, balanceOf(state) - applied, invoiceId, at)];
}

/** Seats cancelled or an amount credited: never beyond what the invoice still asks, never seats it does not hold. */
export function creditNoteRefusal(
  state: IssuedState,
  request: { amountCents: number; line?: number; seats?: number },
): void {
  if (state.status === 'void') throw refuse({ code: 'invoice_void' });
  const creditableCents = state.invoice.totalCents - state.creditedCents;
  if (request.amountCents > creditableCents)
    throw refuse({ code: 'credit_beyond_total', creditableCents, amountCents: request.amountCents });
  if (request.line === undefined || request.seats === undefined) return;
  const left = state.lineSeats[request.line] ?? 0;
  if (request.seats > left) throw refuse({ code: 'seats_beyond_line', seats: request.seats, left });
  const named = state.attendees[request.line]?.length ?? 0;
  if (named > left - request.seats) throw refuse({ code: 'seats_named', named, left: left - request.seats });
}

function issueCreditNote(command: Command<'IssueCreditNote'>, state: IssuedState): InvoiceEvent[] {
  if (state.creditNotes.some((c) => c.creditNoteId === command.creditNoteId)) return [];
  creditNoteRefusal(state, command);
  const { invoiceId } = state.invoice;
  const { creditNoteId, number, amountCents, reason, line, seats, note, at } = command;
  const seatsPart = line !== undefined && seats !== undefined ? { line, seats } : {};
  return [
    {
      type: 'CreditNoteIssued',
      data: { invoiceId, creditNoteId, number, amountCents, reason, ...seatsPart, note, issuedAt: at },
    },
    ...paidOnce(state, balanceOf(state) - amountCents, invoiceId, at),
  ];
}

function recordRefund(command: Command<'RecordInvoiceRefund'>, state: IssuedState): InvoiceEvent[] {
  if (state.refundIds.includes(command.refundId)) return [];
  // A card refund's part the provider made was set aside when it was asked.
  const refundableCents = overpaidOf(state) + (state.pendingRefunds[command.refundId] ?? 0);
  if (command.amountCents > refundableCents)
    throw refuse({ code: 'refund_beyond_paid', refundableCents, amountCents: command.amountCents });
  const { refundId, amountCents, method, reference, at } = command;
  return [
    {
      type: 'InvoiceRefundRecorded',
      data: { invoiceId: state.invoice.invoiceId, refundId, amountCents, method, reference, refundedAt: at },
    },
  ];
}

function voidInvoice(command: Command<'VoidInvoice'>, state: IssuedState): InvoiceEvent[] {
  if (state.status === 'void') return [];
  const held = state.paidCents - state.refundedCents;
  if (held > 0) throw refuse({ code: 'invoice_has_payments', paidCents: held });
  return [
    {
      type: 'InvoiceVoided',
      data: { invoiceId: state.invoice.invoiceId, reason: command.reason, voidedAt: command.at },
    },
  ];
}

export const moneyDecisions = {
  RecordInvoiceIntent: (command: Command<'RecordInvoiceIntent'>, state: IssuedState): InvoiceEvent[] => {
    if (state.intentId === command.paymentIntentId) return [];
    if (state.status === 'void') throw refuse({ code: 'invoice_void' });
    if (state.status === 'paid') throw refuse({ code: 'invoice_paid' });
    const { paymentIntentId, provider, amountCents } = command;
    return [
      {
        type: 'InvoicePaymentIntentCreated',
        data: { invoiceId: state.invoice.invoiceId, paymentIntentId, provider, amountCents },
      },
    ];
  },
  RecordInvoicePayment: recordPayment,
  VoidInvoice: voidInvoice,
  IssueCreditNote: issueCreditNote,
  RecordInvoiceRefund: recordRefund,
  /** The excess of an overpaid card payment sent back: once per payment, and only one that was overpaid. */
  RecordOverpaymentRefund: (command: Command<'RecordOverpaymentRefund'>, state: IssuedState): InvoiceEvent[] => {
    const { paymentIntentId, refundId, amountCents, at } = command;
    if (!state.overpaidIntents.includes(paymentIntentId) || state.overpaymentsRefunded.includes(paymentIntentId))
      return [];
    return [
      {
        type: 'InvoiceOverpaymentRefunded',
        data: { invoiceId: state.invoice.invoiceId, paymentIntentId, refundId, amountCents, refundedAt: at },
      },
    ];
  },
  RecordInvoiceReminder: (command: Command<'RecordInvoiceReminder'>, state: IssuedState): InvoiceEvent[] => {
    if (state.reminders.includes(command.kind)) return [];
    const { kind, messageId, at } = command;
    return [{ type: 'InvoiceReminderSent', data: { invoiceId: state.invoice.invoiceId, kind, messageId, sentAt: at } }];
  },
};

export type { InvoiceIssued };
