import type { QuoteLine, QuoteLineInput } from '../../contracts/organizations/quotes.js';
import { priceEnrollment, tiersInCents, toCents } from '../../contracts/enrollment/money.js';
import type { AppDeps } from '../core/deps.js';
import { validationError } from '../core/errors.js';
import { findWorkshop } from '../catalogue/queries.js';

/**
 * The quote's lines priced now, by the one pricing rule (contracts/enrollment/money.ts): a
 * workshop line is its seats at the catalogue's price, a group price for exactly that many
 * applying; a description-only line is the office's amount. No discount code, no sibling
 * discount: an organization's price is the catalogue's. An unknown workshop names its line.
 */
export async function priceQuoteLines(
  deps: Pick<AppDeps, 'readStore'>,
  lines: readonly QuoteLineInput[],
): Promise<{ lines: QuoteLine[]; totalCents: number }> {
  const priced: QuoteLine[] = [];
  for (const [i, line] of lines.entries()) {
    if ('description' in line) {
      priced.push({ kind: 'service', description: line.description, amountCents: line.amountCents });
      continue;
    }
    const workshop = await findWorkshop(deps.readStore, line.workshopId);
    if (!workshop) {
      const message = `lines.${i}.workshopId: there is no workshop ${line.workshopId}.`;
      throw validationError(message, [{ path: `lines.${i}.workshopId`, message }]);
    }
    const unitPriceCents = toCents(workshop.price);
    const price = priceEnrollment(unitPriceCents, line.seats, tiersInCents(workshop.priceTiers));
    priced.push({
      kind: 'workshop',
      workshopId: workshop.id,
      title: workshop.title,
      date: workshop.date,
      time: workshop.time,
      location: workshop.location,
      seats: line.seats,
      unitPriceCents,
      amountCents: price.totalCents,
      label: price.lines[0]!.label,
    });
  }
  return { lines: priced, totalCents: priced.reduce((sum, l) => sum + l.amountCents, 0) };
}
