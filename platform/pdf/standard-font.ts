import type { PDFFont } from 'pdf-lib';
import type { PdfFont, TextRun } from './unicode-font.js';

/** Latin letters with a stroke, which NFKD does not take apart. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** A PDF literal string (ISO 32000-1, 7.3.4.2): backslash and parentheses escaped. */
const literal = (ascii: string) => `(${ascii.replace(/[\\()]/g, '\\$&')})`;

/** Each font's characters, read once: a standard font's set is the same in every document. */
const characterSets = new Map<string, Set<number>>();
function characterSetOf(font: PDFFont): Set<number> {
  let set = characterSets.get(font.name);
  if (!set) characterSets.set(font.name, (set = new Set(font.getCharacterSet())));
  return set;
}

/**
 * One of the 14 standard fonts (Times for a letterhead, Courier for a code): readers have it, so
 * nothing is embedded, but it writes Windows-1252 only. Meant for the document's own words; a
 * name or anything a person typed is drawn with a UnicodeFont. A letter outside its set loses its
 * accent (NFKD), anything else becomes "?", rather than stop the document.
 */
export class StandardFont implements PdfFont {
  private readonly known: Set<number>;

  constructor(readonly font: PDFFont) {
    this.known = characterSetOf(font);
  }

  private writable(value: string): string {
    if (PRINTABLE_ASCII.test(value)) return value;
    return [...value.normalize('NFC')]
      .map((ch) => {
        if (this.known.has(ch.codePointAt(0)!)) return ch;
        const base = STROKED[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
        return [...base].every((b) => this.known.has(b.codePointAt(0)!)) && base ? base : '?';
      })
      .join('');
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.font.widthOfTextAtSize(this.writable(text), size);
  }

  runs(text: string): TextRun[] {
    const value = this.writable(text);
    // In WinAnsiEncoding printable ASCII is its own code: written as it is, without asking pdf-lib for each letter.
    const operand = PRINTABLE_ASCII.test(value) ? literal(value) : this.font.encodeText(value).toString();
    return [{ font: this.font.ref, operand }];
  }
}
