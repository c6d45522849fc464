import type { AppDeps } from '../core/deps.js';
import { invoiceOverpaidReactor } from './invoice-overpaid-reactor.js';
import { invoiceRefundReactor } from './invoice-refund-reactor.js';
import { organizationEmailReactor } from './organization-email-reactor.js';

/** The organizations slice's effects: its e-mails, and the card refunds of its invoices (the overpaid, the office's). */
export const organizationReactors = (deps: AppDeps) => [
  organizationEmailReactor(deps),
  invoiceOverpaidReactor(deps),
  invoiceRefundReactor(deps),
];
