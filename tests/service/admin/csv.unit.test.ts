import { describe, expect, it } from 'vitest';
import { csvLine } from '../../../service/admin/csv.js';
import { CSV_COLUMNS, csvFileName, enrollmentCsv } from '../../../service/admin/enrollment-csv.js';
import type { AdminEnrollmentRecord } from '../../../contracts/admin/enrollments.js';

const record = (overrides: Partial<AdminEnrollmentRecord> = {}): AdminEnrollmentRecord => ({
  id: 'e1',
  createdAt: '2025-06-01T15:00:00.000Z',
  workshopId: '6',
  programId: null,
  workshop: { title: 'Etiquette After Dark - Dinner', location: 'Plano', date: '2025-07-19T19:00:00-05:00' },
  program: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  status: 'completed',
  paymentStatus: 'paid',
  amount: 300,
  participants: 2,
  ...overrides,
});

/** A strict RFC 4180 reader of one record, so the test does not take the writer's word for it. */
function parseCsvRecord(text: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote');
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
    } else {
      while (i < text.length && !',\r\n"'.includes(text[i]!)) cell += text[i++];
    }
    cells.push(cell);
    if (text[i] === ',') i++;
    else if (text.slice(i) === '\r\n') return cells;
    else throw new Error(`unexpected ${JSON.stringify(text.slice(i))} after cell ${cells.length}`);
  }
}

describe('CSV cells', () => {
  it.each(['=HYPERLINK("http://evil")', '+1+2', '-2+3', '@SUM(A1)', '\t=1'])(
    'given a cell starting with a formula sign (%j), then it is written as text',
    (cell) => {
      const line = csvLine([cell]);
      expect(line.startsWith("'") || line.startsWith(`"'`)).toBe(true);
    },
  );

  it('given commas, quotes and line breaks, then the cell is quoted and the quotes doubled', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain'])).toBe('"a,b","say ""hi""","two\nlines",plain\r\n');
  });

  it('given a semicolon (the separator of many locales) or a bare CR, then the cell is quoted', () => {
    expect(csvLine(['Tea; cakes', 'one\rtwo', 'a\r\nb'])).toBe('"Tea; cakes","one\rtwo","a\r\nb"\r\n');
  });

  it('given cells that try to close their quotes and start a row, then a strict reader gets the same cells back', () => {
    const cells = ['x"\r\n=evil,"y', 'Plano; TX', '"', 'plain', 'Line\rbreak'];
    expect(parseCsvRecord(csvLine(cells))).toEqual(cells);
  });
});

describe('enrollment CSV', () => {
  it("given records, then the header is the specification's columns and each row follows it in the school's time", () => {
    const csv = enrollmentCsv([
      record(),
      record({
        id: 'p1',
        workshopId: null,
        workshop: null,
        program: { title: 'Teens' },
        status: 'pending',
        paymentStatus: 'pending',
        amount: 250,
      }),
    ]);
    const [header, workshopRow, programRow] = csv.split('\r\n');
    expect(header).toBe(CSV_COLUMNS.join(','));
    // The specification's nine columns first, then the price breakdown's.
    // The specification's nine columns first, then the price breakdown's, then the family's.
    expect(header).toBe(
      'ID,Date,Type,Title,Location,Date/Time,Status,Payment,Amount,Subtotal,Discounts,Gift card,Family credit,Balance due,Parent,Email,Participants',
    );
    expect(workshopRow).toBe(
      'e1,2025-06-01,Workshop,Etiquette After Dark - Dinner,Plano,2025-07-19 19:00,Confirmed,Paid,300.00,300.00,0.00,0.00,0.00,0.00,Ada Lovelace,ada@example.com,2',
    );
    expect(programRow).toBe(
      'p1,2025-06-01,Program,Teens,,,Pending,Awaiting payment,250.00,250.00,0.00,0.00,0.00,0.00,Ada Lovelace,ada@example.com,2',
    );
  });

  it('given the participants’ names, then the row names the family: the parent, the address and each child', () => {
    const csv = enrollmentCsv([
      record({
        firstName: 'Zoë',
        lastName: 'Müller-Łukasiewicz',
        participantNames: ['Lily Müller-Łukasiewicz', 'Theo Müller-Łukasiewicz'],
      }),
    ]);
    expect(parseCsvRecord(`${csv.split('\r\n')[1]!}\r\n`).slice(-3)).toEqual([
      'Zoë Müller-Łukasiewicz',
      'ada@example.com',
      'Lily Müller-Łukasiewicz; Theo Müller-Łukasiewicz',
    ]);
  });

  it('given a deposit booking with its balance still owed, then its payment reads "Deposit paid", not "Paid" (issue 37 item 5)', () => {
    const [, depositRow, paidRow] = enrollmentCsv([
      record({ balanceCents: 40_000 }),
      record({ id: 'e2', balanceCents: 0 }),
    ]).split('\r\n');
    expect(depositRow?.split(',')[7]).toBe('Deposit paid');
    expect(paidRow?.split(',')[7]).toBe('Paid');
  });

  it('given a title an attacker chose, then it cannot run as a formula', () => {
    const csv = enrollmentCsv([record({ workshop: { title: '=cmd|" /C calc"!A0', location: '@evil', date: '' } })]);
    const row = csv.split('\r\n')[1]!;
    expect(row).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(row).toContain(",'@evil,");
  });

  it("given the time, then the file is named for the school's day", () => {
    // 03:00 UTC on 8 June is still 7 June in Plano.
    expect(csvFileName(new Date('2025-06-08T03:00:00Z'))).toBe('enrollments-2025-06-07.csv');
  });
});
