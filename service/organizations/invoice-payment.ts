import { META } from '../payments/port.js';
import { byIdIn, positionAfter } from '../core/payment-kinds.js';
import { recordInvoiceCardPayment } from './invoice-card-payment.js';

/** An invoice paid by card from its page: recorded on the invoice by the intent's id. */
export const invoicePayment = byIdIn('invoice', META.invoiceId, (invoiceId) => ({
  named: { kind: 'invoice', invoiceId },
  enrollmentId: null,
  record: (deps, _money, intent, metadata) => recordInvoiceCardPayment(deps, invoiceId, intent, metadata),
  verified: async (deps, recorded, base) => ({
    ...base,
    status: 'succeeded',
    invoiceId,
    position: await positionAfter(deps, recorded),
  }),
}));
