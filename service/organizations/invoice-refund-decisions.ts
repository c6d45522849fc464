import type { InvoiceEvent, PaymentMethod } from '../../contracts/organizations/invoices.js';
import { cardRefundId, overpaidOf, type IssuedState } from './invoice-state.js';
import { refuse } from './refusals.js';

/** The office's refund of an invoice, and the provider's answers to a card refund. */
export type RefundCommand =
  | {
      type: 'RefundInvoice';
      requestId: string;
      amountCents: number;
      method: PaymentMethod;
      reference: string;
      note: string;
      at: string;
    }
  | {
      type: 'RecordCardRefundFailed';
      requestId: string;
      paymentIntentId: string;
      code: string;
      at: string;
    };

type Command<T extends RefundCommand['type']> = Extract<RefundCommand, { type: T }>;

/** `cents` taken back from the card payments, the latest first, each at most what it has left. */
function cardParts(state: IssuedState, cents: number): { paymentIntentId: string; amountCents: number }[] {
  const parts: { paymentIntentId: string; amountCents: number }[] = [];
  let left = cents;
  for (const payment of [...state.payments].reverse()) {
    if (left === 0) break;
    if (!state.cardIntents.includes(payment.paymentId)) continue;
    const take = Math.min(left, payment.amountCents - (state.cardRefunded[payment.paymentId] ?? 0));
    if (take <= 0) continue;
    parts.push({ paymentIntentId: payment.paymentId, amountCents: take });
    left -= take;
  }
  return left === 0 ? parts : [];
}

/**
 * Money sent back to the organization, never more than it paid beyond what it owes (the office
 * issues a credit note first for the rest). By check, ACH or wire the office sent it: recorded. By
 * card, from the card payments made on the invoice's page: asked of the provider by the
 * `invoice-refund` reactor, never here. Each request once, by its id.
 */
function refundInvoice(command: Command<'RefundInvoice'>, state: IssuedState): InvoiceEvent[] {
  const { requestId, amountCents, method, reference, note, at } = command;
  if (state.refundRequests.includes(requestId) || state.refundIds.includes(requestId)) return [];
  const refundableCents = overpaidOf(state);
  if (amountCents > refundableCents) throw refuse({ code: 'refund_beyond_paid', refundableCents, amountCents });
  const { invoiceId } = state.invoice;
  if (method !== 'card')
    return [
      {
        type: 'InvoiceRefundRecorded',
        data: { invoiceId, refundId: requestId, amountCents, method, reference, refundedAt: at },
      },
    ];
  const parts = cardParts(state, amountCents);
  if (parts.length === 0) {
    const onCards = state.payments
      .filter((p) => state.cardIntents.includes(p.paymentId))
      .reduce((n, p) => n + p.amountCents - (state.cardRefunded[p.paymentId] ?? 0), 0);
    throw refuse({ code: 'refund_beyond_card', refundableCents: onCards, amountCents });
  }
  return [
    { type: 'InvoiceCardRefundRequested', data: { invoiceId, requestId, amountCents, parts, note, requestedAt: at } },
  ];
}

export const refundDecisions = {
  RefundInvoice: refundInvoice,
  /** A part the provider refused: once, and only one still pending. */
  RecordCardRefundFailed: (command: Command<'RecordCardRefundFailed'>, state: IssuedState): InvoiceEvent[] => {
    const { requestId, paymentIntentId, code, at } = command;
    const amountCents = state.pendingRefunds[cardRefundId(requestId, paymentIntentId)];
    if (amountCents === undefined) return [];
    const data = { invoiceId: state.invoice.invoiceId, requestId, paymentIntentId, amountCents, code, failedAt: at };
    return [{ type: 'InvoiceCardRefundFailed', data }];
  },
};
