/**
 * What a balance (a gift card's, a household's credit) holds for enrollments: the parts reserved
 * with unpaid seats or spent on sold ones, by enrollment, and what refunds put back, by refund
 * key. Shared by the gift card and credit deciders, whose streams are each one such ledger.
 */
export interface BalanceLedger {
  /** Everything put on it: what was paid for the card, or refunds kept as credit. */
  inCents: number;
  /** Parts held or spent, by enrollment id. */
  taken: Record<string, number>;
  /** Refund keys already put back (each once). */
  returned: string[];
}

export const EMPTY_LEDGER: BalanceLedger = { inCents: 0, taken: {}, returned: [] };

export const balanceOf = (l: BalanceLedger) => l.inCents - Object.values(l.taken).reduce((a, b) => a + b, 0);

export function take(l: BalanceLedger, enrollmentId: string, cents: number, replaces?: string): BalanceLedger {
  const taken = { ...l.taken };
  if (replaces) delete taken[replaces];
  taken[enrollmentId] = cents;
  return { ...l, taken };
}

export function giveBack(l: BalanceLedger, enrollmentId: string): BalanceLedger {
  const { [enrollmentId]: _gone, ...taken } = l.taken;
  return { ...l, taken };
}

export const putIn = (l: BalanceLedger, cents: number, refundKey?: string): BalanceLedger => ({
  ...l,
  inCents: l.inCents + cents,
  returned: refundKey ? [...l.returned, refundKey] : l.returned,
});

/** What a new part for `enrollmentId` may take: the balance, plus the part of the order it replaces. */
export const availableFor = (l: BalanceLedger, replaces?: string) =>
  balanceOf(l) + (replaces ? (l.taken[replaces] ?? 0) : 0);
