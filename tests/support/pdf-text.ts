import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** pdf.js's metrics of the 14 standard fonts, which the receipt uses; without them pdf.js warns on every read. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The text of a PDF as a reader's viewer extracts it (Mozilla's pdf.js), one line per line drawn
 * on the page, pages in order; `pages` is their count. Tests read the receipt through it, as a
 * person or a reimbursement office's software would, not through pdf-lib's own drawing calls.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false })
    .promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    // Items on one baseline (a label and its value, a price and its amount) make one line.
    const rows = new Map<number, { x: number; str: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, str: item.str }]);
    }
    for (const [, row] of [...rows].sort((a, b) => b[0] - a[0]))
      lines.push(
        row
          .sort((a, b) => a.x - b.x)
          .map((r) => r.str)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
  }
  await doc.destroy();
  return { text: lines.join('\n'), pages: doc.numPages };
}
