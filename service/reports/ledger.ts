import type { ReadStore } from '../../platform/readstore/port.js';
import {
  REVENUE_LEDGER,
  type EnrollmentLedgerDoc,
  type GiftCardLedgerDoc,
  type InvoiceLedgerDoc,
  type LedgerDoc,
  type ProgramLedgerDoc,
  type WorkshopLedgerDoc,
} from '../../projections/reports/revenue-ledger.js';

/** The whole ledger (decision 055), by kind: what every report and the journal sum. */
export interface Ledger {
  /** What money was taken for: the families' bookings and the organizations' invoices (record 125). */
  enrollments: (EnrollmentLedgerDoc | InvoiceLedgerDoc)[];
  giftCards: GiftCardLedgerDoc[];
  workshops: Map<string, WorkshopLedgerDoc>;
  programs: Map<string, ProgramLedgerDoc>;
}

export async function readLedger(store: ReadStore): Promise<Ledger> {
  const { items } = await store.find<LedgerDoc>(REVENUE_LEDGER);
  const ledger: Ledger = { enrollments: [], giftCards: [], workshops: new Map(), programs: new Map() };
  const invoices: InvoiceLedgerDoc[] = [];
  for (const { id, doc } of items) {
    if (doc.kind === 'enrollment') ledger.enrollments.push(doc);
    else if (doc.kind === 'invoice') invoices.push(doc);
    else if (doc.kind === 'gift-card') ledger.giftCards.push(doc);
    else if (doc.kind === 'workshop') ledger.workshops.set(id.slice('workshop-'.length), doc);
    else ledger.programs.set(id.slice('program-'.length), doc);
  }
  for (const invoice of invoices) ledger.enrollments.push(withCategories(invoice, ledger.workshops));
  return ledger;
}

/**
 * An invoice's lines take their workshop's category (its income account); a description-only line
 * (training on site for an organization) is business training.
 */
const withCategories = (doc: InvoiceLedgerDoc, workshops: Ledger['workshops']): InvoiceLedgerDoc => ({
  ...doc,
  items: doc.items.map((item) => ({
    ...item,
    category: (item.workshopId ? workshops.get(item.workshopId)?.category : undefined) ?? 'business',
  })),
});

/** Whether a school day is in the range, both ends included. */
export const inRange = (day: string, r: { from: string; to: string }) => day >= r.from && day <= r.to;
