import type { ReadStore } from '../../platform/readstore/port.js';
import {
  REVENUE_LEDGER,
  type EnrollmentLedgerDoc,
  type GiftCardLedgerDoc,
  type LedgerDoc,
  type ProgramLedgerDoc,
  type WorkshopLedgerDoc,
} from '../../projections/reports/revenue-ledger.js';

/** The whole ledger (decision 055), by kind: what every report and the journal sum. */
export interface Ledger {
  enrollments: EnrollmentLedgerDoc[];
  giftCards: GiftCardLedgerDoc[];
  workshops: Map<string, WorkshopLedgerDoc>;
  programs: Map<string, ProgramLedgerDoc>;
}

export async function readLedger(store: ReadStore): Promise<Ledger> {
  const { items } = await store.find<LedgerDoc>(REVENUE_LEDGER);
  const ledger: Ledger = { enrollments: [], giftCards: [], workshops: new Map(), programs: new Map() };
  for (const { id, doc } of items) {
    if (doc.kind === 'enrollment') ledger.enrollments.push(doc);
    else if (doc.kind === 'gift-card') ledger.giftCards.push(doc);
    else if (doc.kind === 'workshop') ledger.workshops.set(id.slice('workshop-'.length), doc);
    else ledger.programs.set(id.slice('program-'.length), doc);
  }
  return ledger;
}

/** Whether a school day is in the range, both ends included. */
export const inRange = (day: string, r: { from: string; to: string }) => day >= r.from && day <= r.to;
