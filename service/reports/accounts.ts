import { GENERAL_INCOME_CODE } from '../../projections/reports/revenue-ledger.js';
import type { LedgerItem } from '../../projections/reports/ledger-lines.js';
import type { Ledger } from './ledger.js';

/**
 * The journal's accounts (decision 055), by name (QuickBooks Online matches names) and by code
 * (Xero matches codes). The codes are defaults the accountant maps to the school's chart.
 */
export const ACCOUNTS = {
  undepositedFunds: { name: 'Undeposited Funds', code: '1210' },
  accountsReceivable: { name: 'Accounts Receivable', code: '1200' },
  giftCardLiability: { name: 'Gift Card Liability', code: '2310' },
  familyCreditLiability: { name: 'Family Credit Liability', code: '2320' },
  deferredRevenue: { name: 'Deferred Revenue', code: '2400' },
} as const;
export type Account = { name: string; code: string };

/** Workshop categories and programs' display categories ("Teens", "All Ages"), slugged alike. */
const CATEGORY_CODES: Record<string, string> = {
  children: '4010',
  teen: '4020',
  teens: '4020',
  adult: '4030',
  business: '4040',
  professional: '4040',
  dining: '4050',
  summer: '4060',
  'tea-party': '4070',
};

const slugOf = (category: string) =>
  category
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
const titled = (slug: string) =>
  slug
    .split('-')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ') || 'Other';

/** The default income account of a category. */
export function categoryAccountOf(category: string): Account {
  const slug = slugOf(category);
  return { name: `Income - ${titled(slug)}`, code: CATEGORY_CODES[slug] ?? GENERAL_INCOME_CODE };
}

/**
 * The income account of what was bought (record 141): its program's account set in Settings (a
 * program booked whole, or the program of the workshop a class or an invoice's line is in), with
 * the code the owner gave it (Xero's import reads codes); else its category's default.
 */
export function incomeAccountOf(item: LedgerItem, ledger: Pick<Ledger, 'workshops' | 'programs'>): Account {
  const programId = item.programId ?? (item.workshopId ? ledger.workshops.get(item.workshopId)?.programId : null);
  return (programId ? ledger.programs.get(programId)?.incomeAccount : undefined) ?? categoryAccountOf(item.category);
}
