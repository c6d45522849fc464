import { planOffer } from '../../../contracts/catalogue/payment-plan.js';
import type { PurchasedItem } from '../../../contracts/enrollment/events.js';
import { validationError } from '../../core/errors.js';

const installmentsIssue = (message: string) =>
  validationError(`installments: ${message}`, [{ path: 'installments', message }]);

/**
 * The due dates of the instalments the parent chose (issue 43), monthly from `now`: null for paying
 * in full; refused, naming `installments`, when the class takes no plan or fewer fit before it.
 */
export function installmentDates(item: PurchasedItem, asked: number | undefined, now: Date): string[] | null {
  if (!asked || asked <= 1) return null;
  const first = item.sessions?.[0]?.startsAt ?? item.date;
  if (!item.paymentPlan || !first)
    throw installmentsIssue('This class is paid in full: it takes no instalment plan. Please choose to pay in full.');
  const offer = planOffer(item.paymentPlan, first, now);
  if (!offer)
    throw installmentsIssue('This class starts too soon to pay in instalments. Please choose to pay in full.');
  if (asked > offer.installments)
    throw installmentsIssue(
      `This class can be paid in at most ${offer.installments} instalments now. Please reload the page and choose again.`,
    );
  return offer.dueAt.slice(0, asked);
}
