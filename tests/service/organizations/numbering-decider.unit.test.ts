import { describe, it } from 'vitest';
import { numberingDecider, schoolYearOf } from '../../../service/organizations/numbering-decider.js';
import type { NumberingEvent } from '../../../contracts/organizations/numbering.js';
import { deciderSpec } from '../../support/decider.js';
import { expect } from 'vitest';

const given = deciderSpec(numberingDecider);
const AT = '2025-05-10T15:00:00Z';
const assigned = (seq: number, documentId: string): NumberingEvent => ({
  type: 'DocumentNumberAssigned',
  data: {
    kind: 'invoice',
    year: 2025,
    seq,
    number: `INV-2025-${String(seq).padStart(4, '0')}`,
    documentId,
    assignedAt: AT,
  },
});
const assign = (documentId: string) =>
  ({ type: 'AssignNumber', kind: 'invoice', year: 2025, documentId, at: AT }) as const;

describe('numbering decider', () => {
  it("given no number this year, when an invoice asks for one, then it is the year's first", () => {
    given([])
      .when(assign('i1'))
      .then([assigned(1, 'i1')]);
  });

  it('given 7 numbers given, when another invoice asks, then it gets the 8th', () => {
    const before = Array.from({ length: 7 }, (_, i) => assigned(i + 1, `i${i + 1}`));
    given(before)
      .when(assign('i8'))
      .then([assigned(8, 'i8')]);
  });

  it('given an invoice with its number, when it asks again, then it keeps it: no second number', () => {
    given([assigned(1, 'i1'), assigned(2, 'i2')])
      .when(assign('i1'))
      .then([]);
  });

  it('the year is the school calendar year: New Year in Texas, not in UTC', () => {
    expect(schoolYearOf('2026-01-01T03:00:00Z')).toBe(2025);
    expect(schoolYearOf('2026-01-01T07:00:00Z')).toBe(2026);
  });
});
