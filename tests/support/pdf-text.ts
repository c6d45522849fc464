import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** pdf.js's metrics of the 14 standard fonts, which the receipt uses; without them pdf.js warns on every read. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A run of text as pdf.js extracts it: its words, its baseline's left end and its width, in points. */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
}

/** Every run of text drawn, page by page, as Mozilla's pdf.js extracts it. */
export async function pdfTextItems(bytes: Uint8Array): Promise<PdfTextItem[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false })
    .promise;
  const pages: PdfTextItem[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim()
          ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }]
          : [],
      ),
    );
  }
  await doc.destroy();
  return pages;
}

/**
 * The text of a PDF as a reader's viewer extracts it (Mozilla's pdf.js), one line per line drawn
 * on the page, pages in order; `pages` is their count. Tests read the receipt through it, as a
 * person or a reimbursement office's software would, not through pdf-lib's own drawing calls.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pages = await pdfTextItems(bytes);
  const lines: string[] = [];
  for (const items of pages) {
    // Items on one baseline (a label and its value, a price and its amount) make one line.
    const rows = new Map<number, PdfTextItem[]>();
    for (const item of items) {
      const y = Math.round(item.y);
      rows.set(y, [...(rows.get(y) ?? []), item]);
    }
    for (const [, row] of [...rows].sort((a, b) => b[0] - a[0])) {
      // A run that starts where the last one ended continues its word (a name in two fonts).
      let line = '';
      let end = -Infinity;
      for (const r of row.sort((a, b) => a.x - b.x)) {
        line += Math.abs(r.x - end) < 0.5 ? r.str : ` ${r.str}`;
        end = r.x + r.width;
      }
      lines.push(line.replace(/\s+/g, ' ').trim());
    }
  }
  return { text: lines.join('\n'), pages: pages.length };
}
