import { invoiceIdOf, invoiceStream, type InvoiceEvent } from '../../contracts/organizations/invoices.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { RefundRefusedError } from '../payments/port.js';
import { invoiceDecider } from './invoice-decider.js';

export const INVOICE_OVERPAID_REACTOR = 'invoice-overpaid';

/** One refund per overpaid payment: a second call after a crash gets the refund made the first time. */
export const overpaymentRefundKey = (paymentIntentId: string) => `invoice-overpaid-${paymentIntentId}`;

type Input = Extract<InvoiceEvent, { type: 'InvoiceOverpaid' }>;

/**
 * A card payment of an invoice that arrived for more than was owed (the office recorded a check
 * while the contact paid): the excess goes back to the card, where the effects run, never in a
 * request. The invoice is read first (refunded already: nothing more); the provider's call carries
 * one key per payment, so a redelivery refunds once. The provider refusing is logged for the
 * office (the money is then theirs to send back by hand); an outage is thrown and retried.
 */
export function invoiceOverpaidReactor(deps: Pick<AppDeps, 'commands' | 'payments' | 'clock' | 'log'>) {
  return defineReactor<Input>({
    name: INVOICE_OVERPAID_REACTOR,
    eventTypes: ['InvoiceOverpaid'],
    async handle(event, { metadata }) {
      const invoiceId = invoiceIdOf(event);
      const { paymentIntentId, amountCents } = event.data;
      const state = await deps.commands.state(invoiceDecider, invoiceStream(invoiceId));
      if (state.status === 'none' || state.overpaymentsRefunded.includes(paymentIntentId)) return;
      try {
        const refund = await deps.payments.refund(paymentIntentId, overpaymentRefundKey(paymentIntentId), amountCents);
        await deps.commands.handle(
          invoiceDecider,
          invoiceStream(invoiceId),
          {
            type: 'RecordOverpaymentRefund',
            paymentIntentId,
            refundId: refund.refundId,
            amountCents: refund.amountCents,
            at: deps.clock().toISOString(),
          },
          metadata,
        );
        deps.log.info('invoice overpayment refunded', { invoiceId, paymentIntentId, amountCents });
      } catch (err) {
        if (!(err instanceof RefundRefusedError)) throw err;
        deps.log.error('invoice overpayment refund refused by the provider', {
          invoiceId,
          paymentIntentId,
          code: err.code,
        });
      }
    },
  });
}
