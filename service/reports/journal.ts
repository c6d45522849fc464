import type { LedgerLine } from '../../projections/reports/ledger-lines.js';
import { ACCOUNTS, incomeAccountOf, type Account } from './accounts.js';
import { inRange, type Ledger } from './ledger.js';

/** One line of a day's entry: an account and its amount, debit or credit, in cents. */
export interface JournalLine {
  account: Account;
  debitCents: number;
  creditCents: number;
}
export interface JournalEntry {
  day: string;
  lines: JournalLine[];
}

/** A day's postings, signed (debit positive), by account code. */
class Day {
  readonly byAccount = new Map<string, { account: Account; cents: number }>();
  /** `cents` from `credit` to `debit`: every flow is a pair, so the day balances by construction. */
  move(debit: Account, credit: Account, cents: number): void {
    this.post(debit, cents);
    this.post(credit, -cents);
  }
  private post(account: Account, cents: number) {
    const before = this.byAccount.get(account.code + account.name);
    this.byAccount.set(account.code + account.name, { account, cents: (before?.cents ?? 0) + cents });
  }
}

const PAID_FROM: Record<LedgerLine['source'], Account> = {
  card: ACCOUNTS.undepositedFunds,
  'gift-card': ACCOUNTS.giftCardLiability,
  credit: ACCOUNTS.familyCreditLiability,
  // An invoice's money is booked as it is received (record 125): the check, the transfer, the card.
  invoice: ACCOUNTS.undepositedFunds,
  free: ACCOUNTS.undepositedFunds,
};
const REFUNDED_TO: Record<NonNullable<LedgerLine['to']>, Account> = {
  card: ACCOUNTS.undepositedFunds,
  'gift-card': ACCOUNTS.giftCardLiability,
  credit: ACCOUNTS.familyCreditLiability,
};

/**
 * The daily journal of the range (decision 055): one entry per school day with money, each line an
 * account's net for the day. Money taken goes to deferred revenue, which is released to the income
 * account of what was bought as its sessions are held; gift cards and family credit are liabilities
 * until spent.
 */
export function journalEntries(ledger: Ledger, range: { from: string; to: string }): JournalEntry[] {
  const days = new Map<string, Day>();
  const dayOf = (day: string) => {
    let d = days.get(day);
    if (!d) days.set(day, (d = new Day()));
    return d;
  };
  for (const { day: date, lines, giftCardsSoldCents } of ledger.days) {
    if (!inRange(date, range)) continue;
    const day = dayOf(date);
    for (const line of lines) {
      if (line.kind === 'booked') day.move(PAID_FROM[line.source], ACCOUNTS.deferredRevenue, line.cents);
      else if (line.kind === 'refunded') day.move(ACCOUNTS.deferredRevenue, REFUNDED_TO[line.to ?? 'card'], line.cents);
      else day.move(ACCOUNTS.deferredRevenue, incomeAccountOf(line.item, ledger), line.cents);
    }
    day.move(ACCOUNTS.undepositedFunds, ACCOUNTS.giftCardLiability, giftCardsSoldCents);
  }
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, d]) => ({
      day,
      lines: [...d.byAccount.values()]
        .filter((p) => p.cents !== 0)
        .sort((a, b) => b.cents - a.cents || a.account.code.localeCompare(b.account.code))
        .map(({ account, cents }) => ({
          account,
          debitCents: Math.max(cents, 0),
          creditCents: Math.max(-cents, 0),
        })),
    }))
    .filter((entry) => entry.lines.length > 0);
}
