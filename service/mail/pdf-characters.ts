import type { PDFFont } from 'pdf-lib';
import { toOneLine } from '../../contracts/core/text.js';

/** Latin letters with a stroke, which NFKD does not take apart. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** Each font's characters, read once (its character set is the same in every document), and whether they hold printable ASCII. */
const characterSets = new Map<string, { known: Set<number>; ascii: boolean }>();
function characterSetOf(font: PDFFont) {
  let set = characterSets.get(font.name);
  if (!set) {
    const known = new Set(font.getCharacterSet());
    const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i).every((c) => known.has(c));
    characterSets.set(font.name, (set = { known, ascii }));
  }
  return set;
}

/**
 * The standard PDF fonts cover Windows-1252 only. A name in another script must not stop the
 * document: an accented letter outside it loses its accent (NFKD), anything else becomes "?".
 */
export function writable(font: PDFFont) {
  const { known, ascii } = characterSetOf(font);
  return (value: string) => {
    const line = toOneLine(value);
    // Most of a receipt: nothing to look up letter by letter.
    if (ascii && PRINTABLE_ASCII.test(line)) return line;
    return [...line.normalize('NFC')]
      .map((ch) => {
        if (known.has(ch.codePointAt(0)!)) return ch;
        const base = STROKED[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
        return [...base].every((b) => known.has(b.codePointAt(0)!)) && base ? base : '?';
      })
      .join('');
  };
}
