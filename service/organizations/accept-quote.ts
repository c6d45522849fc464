import type { EventMetadata } from '../../contracts/core/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { organizationStream } from '../../contracts/organizations/organization.js';
import { quoteStream, type AcceptQuoteResponse } from '../../contracts/organizations/quotes.js';
import { groupIdOf, invoiceStream, type InvoiceIssued } from '../../contracts/organizations/invoices.js';
import type { AppDeps } from '../core/deps.js';
import { Refused } from '../core/errors.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { workshopRefusalWords } from '../catalogue/refusal-answers.js';
import { organizationDecider } from './organization-decider.js';
import { quoteDecider, type QuoteState } from './quote-decider.js';
import { invoiceDecider } from './invoice-decider.js';
import { assignNumber } from './numbering-decider.js';
import type { OrganizationLinks } from './links.js';
import { refuse } from './refusals.js';

const DAY_MS = 86_400_000;
type Accepted = Extract<QuoteState, { status: 'accepted' }>;

/** Due `paymentTermsDays` after the invoice is issued. */
export const dueAtOf = (issuedAt: string, paymentTermsDays: number) =>
  new Date(Date.parse(issuedAt) + paymentTermsDays * DAY_MS).toISOString();

/**
 * The contact accepts a quote (POST /api/quotes/:token/accept), and the answer needs the invoice:
 * 1. the quote records its acceptance once, with the invoice's id (its stream's expected revision
 *    makes a second acceptance at once a refusal: one invoice);
 * 2. each workshop line's seats are held on the workshop's own stream until the due date, counted
 *    like any booking's and never beyond its capacity; a line refused (full, closed since) records
 *    the acceptance as failed, and the invoice seats workflow gives back what the earlier lines held
 *    (the request undoes nothing);
 * 3. the invoice gets the year's next number on the numbering stream (no gap, no duplicate), only
 *    once its seats are held, so a refused acceptance spends no number;
 * 4. the invoice is issued with the buyer's details as they stand.
 */
export async function acceptQuote(
  deps: Pick<AppDeps, 'commands' | 'newId'>,
  links: OrganizationLinks,
  request: { quoteId: string; tokenVersion: number; poNumber: string },
  metadata: EventMetadata,
): Promise<AcceptQuoteResponse> {
  const { quoteId, tokenVersion, poNumber } = request;
  const at = metadata.at;
  const invoiceId = deps.newId();
  const { state } = await deps.commands.handle(
    quoteDecider,
    quoteStream(quoteId),
    { type: 'AcceptQuote', tokenVersion, invoiceId, poNumber, at },
    metadata,
  );
  const quote = state as Accepted;
  const dueAt = dueAtOf(at, quote.terms.paymentTermsDays);
  await holdSeats(deps, quote, invoiceId, dueAt, metadata);
  const { number } = await assignNumber(deps, 'invoice', invoiceId, at, metadata);
  const organization = await deps.commands.state(organizationDecider, organizationStream(quote.organizationId));
  if (organization.status !== 'registered') throw refuse({ code: 'organization_unknown' });
  const { name, billingAddress, taxId } = organization.record;
  const invoice: InvoiceIssued = {
    invoiceId,
    number,
    quoteId,
    quoteNumber: quote.number,
    organizationId: quote.organizationId,
    buyer: { name, billingAddress, taxId },
    poNumber,
    issuedAt: at,
    dueAt,
    paymentTermsDays: quote.terms.paymentTermsDays,
    lines: quote.terms.lines,
    subtotalCents: quote.terms.totalCents,
    taxCents: 0,
    totalCents: quote.terms.totalCents,
  };
  const issued = await deps.commands.handle(
    invoiceDecider,
    invoiceStream(invoiceId),
    { type: 'IssueInvoice', invoice },
    metadata,
  );
  return {
    invoiceId,
    invoiceNumber: number,
    dueAt,
    invoiceToken: links.invoice.token(invoiceId),
    position: String(issued.position ?? 0n),
  };
}

async function holdSeats(
  deps: Pick<AppDeps, 'commands'>,
  quote: Accepted,
  invoiceId: string,
  heldUntil: string,
  metadata: EventMetadata,
): Promise<void> {
  for (const [line, item] of quote.terms.lines.entries()) {
    if (item.kind !== 'workshop') continue;
    const { workshopId, seats } = item;
    const groupId = groupIdOf(invoiceId, line);
    try {
      await deps.commands.handle(
        workshopDecider,
        workshopStream(workshopId),
        { type: 'HoldInvoiceSeats', workshopId, groupId, invoiceId, seats, heldUntil, at: metadata.at },
        metadata,
      );
    } catch (err) {
      // A busy stream or an outage is no answer about the seats: the contact may try again.
      if (!(err instanceof Refused)) throw err;
      const code = err.refusal.code;
      await deps.commands.handle(
        quoteDecider,
        quoteStream(quote.quoteId),
        { type: 'RecordAcceptanceFailure', invoiceId, code, reason: workshopRefusalWords(err), at: metadata.at },
        metadata,
      );
      throw err;
    }
  }
}
