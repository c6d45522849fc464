import { groupIdOf, type InvoiceEvent } from '../../contracts/organizations/invoices.js';
import type { QuoteEvent } from '../../contracts/organizations/quotes.js';
import type { WorkshopCommand } from '../catalogue/workshop-decider.js';
import type { IssuedState } from './invoice-state.js';
import type { QuoteState } from './quote-decider.js';

export type InvoiceSeatsInput =
  | Extract<QuoteEvent, { type: 'QuoteAcceptanceFailed' }>
  | Extract<InvoiceEvent, { type: 'InvoicePaid' | 'InvoiceVoided' | 'CreditNoteIssued' }>;

export interface InvoiceSeatsOutput {
  workshopId: string;
  command: WorkshopCommand;
}

const giveBack = (workshopId: string, groupId: string, keep?: number): InvoiceSeatsOutput => ({
  workshopId,
  command: { type: 'GiveBackSeats', workshopId, enrollmentId: groupId, reason: 'cancelled', ...(keep ? { keep } : {}) },
});

/**
 * The workshops' seats that follow an invoice (issue 39), decided on the invoice (or, for a failed
 * acceptance, the quote) as its stream tells it when the input is handled:
 * - an acceptance that failed: the seats its earlier lines held given back;
 * - an invoice paid: each line's held seats confirmed (sold, like a paid booking's);
 * - an invoice voided: each line's seats given back;
 * - seats of a line cancelled by a credit note: that line's seats given back down to what it keeps.
 * Every command is idempotent on the workshop's stream, so a delivery again repeats nothing.
 */
export function decideInvoiceSeats(
  input: InvoiceSeatsInput,
  state: { invoice: IssuedState | null; quote: QuoteState | null },
  at: string,
): InvoiceSeatsOutput[] {
  if (input.type === 'QuoteAcceptanceFailed') {
    const quote = state.quote;
    if (!quote || quote.status === 'none') return [];
    return quote.terms.lines.flatMap((line, i) =>
      line.kind === 'workshop' ? [giveBack(line.workshopId, groupIdOf(input.data.invoiceId, i))] : [],
    );
  }
  const invoice = state.invoice;
  if (!invoice) return [];
  const { invoiceId } = invoice.invoice;
  const lines = invoice.lineWorkshops.flatMap((workshopId, line) =>
    workshopId ? [{ workshopId, line, groupId: groupIdOf(invoiceId, line), seats: invoice.lineSeats[line] ?? 0 }] : [],
  );
  switch (input.type) {
    case 'InvoicePaid':
      if (invoice.status === 'void') return [];
      return lines
        .filter((l) => l.seats > 0)
        .map(({ workshopId, groupId, seats }) => ({
          workshopId,
          command: { type: 'ConfirmSeats', workshopId, enrollmentId: groupId, seats, at },
        }));
    case 'InvoiceVoided':
      return lines.map((l) => giveBack(l.workshopId, l.groupId));
    case 'CreditNoteIssued': {
      const cancelled = lines.find((l) => l.line === input.data.line);
      if (!cancelled || input.data.seats === undefined) return [];
      // Down to the seats the line keeps now: a delivery again gives back nothing more.
      return [giveBack(cancelled.workshopId, cancelled.groupId, cancelled.seats)];
    }
  }
}
