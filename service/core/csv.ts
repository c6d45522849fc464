/**
 * Spreadsheet programs run a cell that starts with one of these as a formula (CSV injection).
 * Tab and carriage return are included because some programs strip them and then see the rest.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a quote so a spreadsheet shows the cell as text instead of running it. */
export const neutralise = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/**
 * Quotes a cell that holds a separator (comma, or the semicolon that spreadsheets in many locales
 * split on), a quote or a line break (CR or LF), doubling its quotes (RFC 4180), so no value can
 * start a new cell or a new row.
 */
const quote = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * A CSV file's first character: the UTF-8 byte order mark. Excel on Windows reads a file without it
 * in the machine's code page, and "Zoë Müller-Łukasiewicz" comes out garbled; other readers skip it.
 */
export const CSV_BOM = '\uFEFF';

/** One CSV line (RFC 4180, CRLF), every cell neutralised then quoted as needed. */
export const csvLine = (cells: (string | number)[]): string =>
  cells.map((c) => quote(neutralise(String(c)))).join(',') + '\r\n';

/** An amount already written as a decimal ("-1234.56"): a cell taken as it is. */
export interface Decimal {
  decimal: string;
}
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * As `csvLine`, but numbers and decimals are written as they are: a number is no formula, and an
 * accounting import reads a credit as a negative amount, which neutralising would turn into text.
 */
export const csvLineWithNumbers = (cells: (string | number | Decimal)[]): string =>
  cells
    .map((c) => {
      if (typeof c === 'number') return String(c);
      if (typeof c === 'string') return quote(neutralise(c));
      if (!DECIMAL.test(c.decimal)) throw new Error(`${c.decimal} is not a decimal`);
      return c.decimal;
    })
    .join(',') + '\r\n';
