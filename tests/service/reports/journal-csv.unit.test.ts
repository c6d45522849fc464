import { describe, expect, it } from 'vitest';
import { dollars } from '../../../service/reports/journal-csv.js';
import { csvLineWithNumbers } from '../../../service/core/csv.js';

describe('journal CSV cells', () => {
  it('given cents, then dollars are written exactly, a credit with its minus sign', () => {
    expect([1, 10, 123_456, -5, -100_001, 0].map((c) => dollars(c).decimal)).toEqual([
      '0.01',
      '0.10',
      '1234.56',
      '-0.05',
      '-1000.01',
      '0.00',
    ]);
  });

  it('given a negative amount and a text that starts like a formula, then the amount stays a number and the text is neutralised', () => {
    expect(csvLineWithNumbers(['-SUM(A1)', dollars(-1_999), 3, 'Income - Teen'])).toBe(
      "'-SUM(A1),-19.99,3,Income - Teen\r\n",
    );
    expect(() => csvLineWithNumbers([{ decimal: '=1+1' }])).toThrow();
  });
});
