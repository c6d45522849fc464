import type { Decider } from '../../platform/command/decider.js';
import type { InvoiceEvent, InvoiceIssued } from '../../contracts/organizations/invoices.js';
import { refuse } from './refusals.js';
import { evolveInvoice, type InvoiceState, type IssuedState } from './invoice-state.js';
import { moneyDecisions, type MoneyCommand } from './invoice-decisions.js';
import { seatDecisions, type SeatCommand } from './attendee-decisions.js';
import { refundDecisions, type RefundCommand } from './invoice-refund-decisions.js';

export type InvoiceCommand =
  { type: 'IssueInvoice'; invoice: InvoiceIssued } | MoneyCommand | RefundCommand | SeatCommand;

type Decision<T extends Exclude<InvoiceCommand['type'], 'IssueInvoice'>> = (
  command: Extract<InvoiceCommand, { type: T }>,
  state: IssuedState,
) => InvoiceEvent[];

const DECISIONS: { [T in Exclude<InvoiceCommand['type'], 'IssueInvoice'>]: Decision<T> } = {
  ...moneyDecisions,
  ...refundDecisions,
  ...seatDecisions,
};

/**
 * One invoice (`invoice-<id>`): issued once (by the invoicing workflow, with the number the
 * numbering stream gave it), then its money (invoice-decisions.ts) and its seats' names
 * (attendee-decisions.ts), each decided on the invoice as it stands.
 */
export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceState> = {
  initialState: { status: 'none' },
  evolve: evolveInvoice,
  decide(command, state) {
    if (command.type === 'IssueInvoice') {
      if (state.status !== 'none') return [];
      return [{ type: 'InvoiceIssued', data: command.invoice }];
    }
    if (state.status === 'none') throw refuse({ code: 'invoice_unknown' });
    return (DECISIONS[command.type] as Decision<typeof command.type>)(command as never, state);
  },
};

export { balanceDueOf, balanceOf, overpaidOf, type InvoiceState, type IssuedState } from './invoice-state.js';
