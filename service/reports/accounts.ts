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

/**
 * The income account of what was bought: the default of its category. A program's own account set
 * in Settings (issue 42) is the place to extend: look it up here before the category's.
 */
export function incomeAccountOf(category: string): Account {
  const slug = slugOf(category);
  return { name: `Income - ${titled(slug)}`, code: CATEGORY_CODES[slug] ?? '4000' };
}
