import { describe, expect, it } from 'vitest';
import type { DayLine } from '../../../projections/reports/ledger-docs.js';
import { journalEntries } from '../../../service/reports/journal.js';
import type { Ledger } from '../../../service/reports/ledger.js';

const item = (o: { workshopId?: string | null; programId?: string | null; category: string }) => ({
  kind: o.programId && !o.workshopId ? ('program' as const) : ('workshop' as const),
  workshopId: o.workshopId ?? null,
  programId: o.programId ?? null,
  category: o.category,
  location: 'Legacy Commons, Plano',
});
const recognized = (cents: number, source: DayLine['source'], of: DayLine['item']): DayLine => ({
  kind: 'recognized',
  source,
  cents,
  item: of,
});

/** One day's income lines: a class of workshop w1 (program p1), an invoice's seats in w1, a program booked whole (p1), and a tea party of w2 (program p2). */
function ledger(programs: Ledger['programs']): Ledger {
  return {
    workshops: new Map([
      ['w1', { kind: 'workshop', programId: 'p1', title: 'Dinner', category: 'adult' }],
      ['w2', { kind: 'workshop', programId: 'p2', title: 'Tea', category: 'tea-party' }],
    ]),
    programs,
    days: [
      {
        kind: 'day',
        day: '2025-07-19',
        giftCardsSoldCents: 0,
        lines: [
          recognized(10_000, 'card', item({ workshopId: 'w1', category: 'adult' })),
          recognized(20_000, 'invoice', item({ workshopId: 'w1', category: 'adult' })),
          recognized(4_000, 'card', item({ programId: 'p1', category: 'Adults' })),
          recognized(5_000, 'card', item({ workshopId: 'w2', category: 'tea-party' })),
        ],
      },
    ],
  };
}
const incomeOf = (l: Ledger) =>
  Object.fromEntries(
    journalEntries(l, { from: '2025-07-19', to: '2025-07-19' })[0]!
      .lines.filter((line) => line.account.name !== 'Deferred Revenue')
      .map((line) => [`${line.account.name} ${line.account.code}`, line.creditCents - line.debitCents]),
  );

describe('the journal’s income account (record 141)', () => {
  it('given program p1 has an income account set and p2 none, when the day is journaled, then p1’s class, invoice seats and whole-program booking credit its account and p2’s tea party its category’s default', () => {
    const programs: Ledger['programs'] = new Map([
      ['p1', { kind: 'program', title: 'After Dark', incomeAccount: { name: 'After Dark Tuition', code: '4100' } }],
      ['p2', { kind: 'program', title: 'Tea Parties' }],
    ]);
    expect(incomeOf(ledger(programs))).toEqual({
      'After Dark Tuition 4100': 34_000,
      'Income - Tea Party 4070': 5_000,
    });
  });

  it('given no program has an income account, when the day is journaled, then each line credits its category’s default as before', () => {
    const programs: Ledger['programs'] = new Map([['p1', { kind: 'program', title: 'After Dark' }]]);
    expect(incomeOf(ledger(programs))).toEqual({
      'Income - Adult 4030': 30_000,
      'Income - Adults 4000': 4_000,
      'Income - Tea Party 4070': 5_000,
    });
  });
});
