import type { JournalFormat } from '../../contracts/reports/journal.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { csvLineWithNumbers, type Decimal } from '../core/csv.js';
import type { JournalEntry } from './journal.js';

/** Cents as the decimal dollars an import reads, exactly (no floating point): 123456 → 1234.56. */
export const dollars = (cents: number): Decimal => {
  const abs = Math.abs(cents);
  return { decimal: `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
};
/** YYYY-MM-DD as MM/DD/YYYY, the date both imports read for a US company. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const narration = (day: string) => `${SCHOOL.name} daily journal ${day}`;

/**
 * QuickBooks Online's journal entry import: one row per line, rows of an entry sharing its
 * JournalNo; accounts by name; Debits and Credits as positive amounts, one of them empty.
 */
function quickbooks(entries: JournalEntry[]): string {
  let csv = csvLineWithNumbers(['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description']);
  for (const { day, lines } of entries)
    for (const l of lines)
      csv += csvLineWithNumbers([
        `GL-${day.replaceAll('-', '')}`,
        usDate(day),
        l.account.name,
        l.debitCents ? dollars(l.debitCents) : '',
        l.creditCents ? dollars(l.creditCents) : '',
        narration(day),
      ]);
  return csv;
}

/**
 * Xero's manual journal import: rows of a journal share its Narration and Date; accounts by code;
 * one signed Amount (debit positive, credit negative); no sales tax on tuition.
 */
function xero(entries: JournalEntry[]): string {
  let csv = csvLineWithNumbers(['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount']);
  for (const { day, lines } of entries)
    for (const l of lines)
      csv += csvLineWithNumbers([
        narration(day),
        usDate(day),
        l.account.name,
        l.account.code,
        'Tax Exempt',
        dollars(l.debitCents - l.creditCents),
      ]);
  return csv;
}

export const journalCsv = (entries: JournalEntry[], format: JournalFormat): string =>
  format === 'quickbooks' ? quickbooks(entries) : xero(entries);
