import { describe, expect, it } from 'vitest';
import {
  installmentDueAt,
  planOffer,
  scheduleOf,
  splitInstallments,
} from '../../../contracts/catalogue/payment-plan.js';

describe('instalment plans (issue 43)', () => {
  it('given $1,000.00 in 3, then $333.34, $333.33, $333.33: the first carries the remainder and they add up exactly', () => {
    expect(splitInstallments(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
    for (const [cents, n] of [
      [1, 2],
      [99_999, 6],
      [12_345, 4],
      [0, 3],
    ] as const)
      expect(splitInstallments(cents, n).reduce((a, b) => a + b, 0)).toBe(cents);
  });

  it('given a plan begun on January 31, then the next falls on the last of February, and the one after on March 31', () => {
    const from = '2027-01-31T16:00:00.000Z';
    expect(installmentDueAt(from, 1)).toBe(from);
    expect(installmentDueAt(from, 2)).toBe('2027-02-28T16:00:00.000Z');
    expect(installmentDueAt(from, 3)).toBe('2027-03-31T15:00:00.000Z'); // the same wall-clock time, after the clocks went forward
  });

  it('given the last due 7 days before, then a date exactly 7 days before still fits and one a minute later does not', () => {
    const plan = { installments: 4, lastDueDaysBefore: 7 };
    expect(planOffer(plan, '2026-05-08T15:00:00.000Z', new Date('2026-04-01T15:00:00.000Z'))).toEqual({
      installments: 2,
      dueAt: ['2026-04-01T15:00:00.000Z', '2026-05-01T15:00:00.000Z'],
    });
    expect(planOffer(plan, '2026-05-08T15:00:00.000Z', new Date('2026-04-01T15:01:00.000Z'))).toBeNull();
    expect(planOffer(undefined, '2026-05-08T15:00:00.000Z', new Date('2026-04-01T15:00:00.000Z'))).toBeNull();
  });

  it('given a schedule, then each instalment is numbered from 1 with its date', () => {
    expect(scheduleOf(30_001, ['a', 'b', 'c'])).toEqual([
      { n: 1, amountCents: 10_001, dueAt: 'a' },
      { n: 2, amountCents: 10_000, dueAt: 'b' },
      { n: 3, amountCents: 10_000, dueAt: 'c' },
    ]);
  });
});
