import { workshopStream } from '../../contracts/catalogue/events.js';
import { invoiceIdOf, invoiceStream } from '../../contracts/organizations/invoices.js';
import { quoteStream } from '../../contracts/organizations/quotes.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { Refused } from '../core/errors.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { invoiceDecider } from './invoice-decider.js';
import { quoteDecider } from './quote-decider.js';
import { decideInvoiceSeats, type InvoiceSeatsInput } from './invoice-seats-workflow.js';

export const INVOICE_SEATS_REACTOR = 'invoice-seats';

type Deps = Pick<AppDeps, 'commands' | 'clock' | 'log'>;

const keyOf = (event: InvoiceSeatsInput & { streamId: string }) =>
  event.type === 'QuoteAcceptanceFailed' ? event.data.invoiceId : invoiceIdOf(event);

/**
 * Runs the invoice seats workflow (invoice-seats-workflow.ts) where the effects run: for each
 * input it reads the invoice (or the quote) as it stands, decides, and hands each command to its
 * workshop's stream. A workshop refusing (confirming seats of a workshop removed since) is logged
 * and passed over: asking again would not change it.
 */
export function invoiceSeatsReactor(deps: Deps) {
  return defineReactor<InvoiceSeatsInput>({
    name: INVOICE_SEATS_REACTOR,
    eventTypes: ['QuoteAcceptanceFailed', 'InvoicePaid', 'InvoiceVoided', 'CreditNoteIssued'],
    keyOf,
    async handle(event, { metadata }) {
      const state =
        event.type === 'QuoteAcceptanceFailed'
          ? { invoice: null, quote: await deps.commands.state(quoteDecider, quoteStream(event.data.quoteId)) }
          : { invoice: await issuedOf(deps, invoiceIdOf(event)), quote: null };
      for (const output of decideInvoiceSeats(event, state, deps.clock().toISOString())) {
        try {
          await deps.commands.handle(workshopDecider, workshopStream(output.workshopId), output.command, metadata);
        } catch (err) {
          if (!(err instanceof Refused)) throw err;
          deps.log.warn('an invoice line seats command was refused', {
            workshopId: output.workshopId,
            command: output.command.type,
            refusal: err.refusal.code,
          });
        }
      }
    },
  });
}

async function issuedOf(deps: Deps, invoiceId: string) {
  const state = await deps.commands.state(invoiceDecider, invoiceStream(invoiceId));
  return state.status === 'none' ? null : state;
}
