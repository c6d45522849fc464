import type { InvoiceEvent } from '../../contracts/organizations/invoices.js';
import { invoiceIdOf } from '../../contracts/organizations/invoices.js';
import type { QuoteEvent } from '../../contracts/organizations/quotes.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { sendInvoiceEmail, sendQuoteEmail } from './organization-emails.js';

export const ORGANIZATION_EMAIL_REACTOR = 'organization-email';

type Input = Extract<QuoteEvent, { type: 'QuoteSent' }> | Extract<InvoiceEvent, { type: 'InvoiceIssued' }>;

/**
 * The organization's e-mails, where the effects run (never in a request): the quote when the
 * office sends it, the invoice with the coordinator's links when it is issued. Each message's id
 * is this reactor's idempotency key for the event (`organization-email@<position>`), so a delivery
 * again is the same message.
 */
export function organizationEmailReactor(deps: Pick<AppDeps, 'commands' | 'config' | 'mailer'>) {
  return defineReactor<Input>({
    name: ORGANIZATION_EMAIL_REACTOR,
    eventTypes: ['QuoteSent', 'InvoiceIssued'],
    async handle(event, { idempotencyKey }) {
      if (event.type === 'QuoteSent')
        await sendQuoteEmail(deps, event.data.quoteId, event.data.version, idempotencyKey);
      else await sendInvoiceEmail(deps, invoiceIdOf(event), idempotencyKey);
    },
  });
}
