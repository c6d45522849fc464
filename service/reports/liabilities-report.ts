import {
  LIABILITY_KINDS,
  LIABILITY_LABELS,
  type Liabilities,
  type LiabilityKind,
} from '../../contracts/reports/liabilities.js';
import type { Ledger } from './ledger.js';

/**
 * What the school owes at the end of `on` (decision 055), from the same lines as the revenue report
 * and the journal, so each figure is the closing balance of its journal account.
 */
export function liabilitiesReport(ledger: Ledger, on: string): Liabilities {
  const owed: Record<LiabilityKind, number> = { 'gift-cards': 0, 'family-credit': 0, deferred: 0 };
  for (const { day, lines, giftCardsSoldCents } of ledger.days) {
    if (day > on) continue;
    owed['gift-cards'] += giftCardsSoldCents;
    for (const line of lines) {
      if (line.kind === 'booked') {
        owed.deferred += line.cents;
        if (line.source === 'gift-card') owed['gift-cards'] -= line.cents;
        if (line.source === 'credit') owed['family-credit'] -= line.cents;
      } else if (line.kind === 'refunded') {
        owed.deferred -= line.cents;
        if (line.to === 'gift-card') owed['gift-cards'] += line.cents;
        if (line.to === 'credit') owed['family-credit'] += line.cents;
      } else owed.deferred -= line.cents;
    }
  }
  const rows = LIABILITY_KINDS.map((key) => ({ key, label: LIABILITY_LABELS[key], cents: owed[key] }));
  return { on, rows, totalCents: rows.reduce((s, r) => s + r.cents, 0) };
}
