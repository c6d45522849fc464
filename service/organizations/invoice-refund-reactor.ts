import { invoiceIdOf, invoiceStream, type InvoiceEvent } from '../../contracts/organizations/invoices.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { RefundRefusedError } from '../payments/port.js';
import { invoiceDecider } from './invoice-decider.js';
import { cardRefundId } from './invoice-state.js';

export const INVOICE_REFUND_REACTOR = 'invoice-refund';

/** One provider refund per part: a second call after a crash gets the refund made the first time. */
export const invoiceRefundKey = (requestId: string, paymentIntentId: string) =>
  `invoice-refund-${cardRefundId(requestId, paymentIntentId)}`;

type Input = Extract<InvoiceEvent, { type: 'InvoiceCardRefundRequested' }>;

/**
 * The office's card refund of an invoice, where the effects run (never in the request): each part
 * asked of the provider on its card payment, then recorded as InvoiceRefundRecorded (its refund id
 * `<requestId>-<paymentIntentId>`, the provider's id as the reference). A part already recorded or
 * refused is skipped, and the provider's key is one per part, so a redelivery refunds once. A
 * refusal is recorded (the money stays held, the office sends it another way); an outage is thrown
 * and retried.
 */
export function invoiceRefundReactor(deps: Pick<AppDeps, 'commands' | 'payments' | 'clock' | 'log'>) {
  return defineReactor<Input>({
    name: INVOICE_REFUND_REACTOR,
    eventTypes: ['InvoiceCardRefundRequested'],
    async handle(event, { metadata }) {
      const invoiceId = invoiceIdOf(event);
      const { requestId, parts } = event.data;
      for (const { paymentIntentId, amountCents } of parts) {
        const state = await deps.commands.state(invoiceDecider, invoiceStream(invoiceId));
        const refundId = cardRefundId(requestId, paymentIntentId);
        if (state.status === 'none' || !(refundId in state.pendingRefunds)) continue;
        const at = () => deps.clock().toISOString();
        try {
          const refund = await deps.payments.refund(
            paymentIntentId,
            invoiceRefundKey(requestId, paymentIntentId),
            amountCents,
          );
          await deps.commands.handle(
            invoiceDecider,
            invoiceStream(invoiceId),
            {
              type: 'RecordInvoiceRefund',
              refundId,
              amountCents: refund.amountCents,
              method: 'card',
              reference: refund.refundId,
              at: at(),
            },
            metadata,
          );
          deps.log.info('invoice refunded to the card', { invoiceId, paymentIntentId, amountCents });
        } catch (err) {
          if (!(err instanceof RefundRefusedError)) throw err;
          deps.log.error('invoice card refund refused by the provider', { invoiceId, paymentIntentId, code: err.code });
          await deps.commands.handle(
            invoiceDecider,
            invoiceStream(invoiceId),
            { type: 'RecordCardRefundFailed', requestId, paymentIntentId, code: err.code, at: at() },
            metadata,
          );
        }
      }
    },
  });
}
