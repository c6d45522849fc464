import type { PdfFont } from './unicode-font.js';

/**
 * A line of text wrapped to `width` points: at spaces, and inside a word too wide for a line by
 * itself (Chinese is written without spaces, and a long address may have none).
 */
export function wrapText(value: string, font: PdfFont, size: number, width: number): string[] {
  // Most values fit: measured once rather than word by word.
  if (font.widthOfTextAtSize(value, size) <= width) return [value];
  const lines: string[] = [];
  let current = '';
  const fits = (text: string) => font.widthOfTextAtSize(text, size) <= width;
  for (const word of value.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (fits(next)) {
      current = next;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    for (const ch of word) {
      if (current && !fits(current + ch)) {
        lines.push(current);
        current = '';
      }
      current += ch;
    }
  }
  return [...lines, current];
}
