import type { EventMetadata } from '../../contracts/core/events.js';
import { invoiceStream } from '../../contracts/organizations/invoices.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { META, type PaymentIntentInfo } from '../payments/port.js';
import { balanceDueOf, invoiceDecider } from './invoice-decider.js';
import { refuse } from './refusals.js';

/**
 * The PaymentIntent of an invoice's card payment (`POST /api/invoices/:token/payment`), as a
 * balance payment's: for exactly what is owed now, one per invoice and amount (asking twice, or at
 * once, gives the same intent: the idempotency key names the invoice, the amount and the intent it
 * follows). An earlier form for another amount (a check recorded since) is cancelled at the
 * provider, so an older tab cannot charge what is no longer owed; paid already, its money is
 * recorded as it arrives and what was beyond the balance goes back (invoice-overpaid-reactor.ts).
 */
export async function createInvoiceIntent(
  deps: AppDeps,
  invoiceId: string,
  metadata: EventMetadata,
): Promise<{ clientSecret: string; paymentIntentId: string; amountCents: number }> {
  const stream = invoiceStream(invoiceId);
  const state = await deps.commands.state(invoiceDecider, stream);
  if (state.status === 'none') throw refuse({ code: 'invoice_unknown' });
  if (state.status === 'void') throw refuse({ code: 'invoice_void' });
  const due = balanceDueOf(state);
  if (state.status === 'paid' || due === 0) throw refuse({ code: 'invoice_paid' });
  const existing = state.intentId ? await deps.payments.retrievePaymentIntent(state.intentId) : null;
  if (existing && existing.amountCents !== due) await deps.payments.cancelPaymentIntent(existing.id);
  const intent =
    existing && existing.amountCents === due && existing.status !== 'canceled'
      ? existing
      : await deps.payments.createPaymentIntent({
          amountCents: due,
          idempotencyKey: `invoice-${invoiceId}-${due}-after-${existing?.id ?? 'none'}`,
          description: `Invoice ${state.invoice.number}`,
          metadata: { [META.invoiceId]: invoiceId, [META.kind]: 'invoice' },
        });
  await deps.commands.handle(
    invoiceDecider,
    stream,
    { type: 'RecordInvoiceIntent', paymentIntentId: intent.id, provider: deps.payments.provider, amountCents: due },
    metadata,
  );
  if (!intent.clientSecret)
    throw new AppError('payment_provider', 'The payment provider did not return a payment form. Please try again.');
  return { clientSecret: intent.clientSecret, amountCents: intent.amountCents, paymentIntentId: intent.id };
}

/**
 * A succeeded card payment of an invoice, whoever reports it (the webhook, the page's
 * verification): recorded on the invoice once by the intent's id; what was beyond the balance is
 * recorded as overpaid. Only the fact: the seats confirmed once paid and an excess refunded are
 * the reactors'. Answers the position written, or null when nothing was new.
 */
export async function recordInvoiceCardPayment(
  deps: Pick<AppDeps, 'commands' | 'clock'>,
  invoiceId: string,
  intent: PaymentIntentInfo,
  metadata: EventMetadata,
): Promise<bigint | null> {
  const at = deps.clock().toISOString();
  const recorded = await deps.commands.handle(
    invoiceDecider,
    invoiceStream(invoiceId),
    {
      type: 'RecordInvoicePayment',
      paymentId: intent.id,
      amountCents: intent.amountCents,
      method: 'card',
      reference: intent.id,
      receivedAt: at,
      recordedBy: 'provider',
      at,
    },
    metadata,
  );
  return recorded.position;
}
