/**
 * A CSV reader for tests (RFC 4180: quoted cells, doubled quotes, CRLF or LF rows). `csv-parse`
 * is not among the project's dependencies; this reads what `service/core/csv.ts` writes.
 */
export function readCsv(csv: string): string[][] {
  // A leading byte order mark (Excel's hint) is no part of the first cell, as csv-parse's `bom` reads it.
  const text = csv.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The rows as records keyed by the header row's cells. */
export function readCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = readCsv(text);
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}
