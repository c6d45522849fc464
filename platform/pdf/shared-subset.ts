import { deflateSync } from 'node:zlib';
import { PDFNumber } from 'pdf-lib';
import type { LoadedFont } from './font-files.js';
import { subsetBytes, subsetOf } from './font-subset.js';
import { hex4, subsetName, toUnicodeCMap, type DrawnGlyph, type SubsetParts } from './type0-font.js';

/**
 * The characters every document of a font file draws from one subset made once per process:
 * printable ASCII, what the documents' own words and most names are written in.
 */
const FIRST = 0x20;
const LAST = 0x7e;
const SHARED_CODE_POINTS = Array.from({ length: LAST - FIRST + 1 }, (_, i) => FIRST + i);

/** Whether a character is of the shared subsets' (a font file's own may still lack it). */
export const isSharedCodePoint = (codePoint: number) => codePoint >= FIRST && codePoint <= LAST;

/** A font file's shared subset: the CID (as its hex code) of each character it draws, and its objects' parts. */
export interface SharedSubset {
  readonly codes: ReadonlyMap<number, string>;
  readonly parts: SubsetParts;
}

const shared = new WeakMap<LoadedFont, SharedSubset>();

/**
 * The subset of printable ASCII of a font file, made, written and deflated once per process: a
 * document drawing those characters embeds these bytes as they are. Writing a subset for each
 * document (fontkit's subsetter, its tables encoded field by field, then deflated) was a third
 * of a receipt's CPU; the shared one is a few KB more than a receipt's own (about 6 KB deflated
 * for 95 glyphs of Noto Sans, against 3 to 5 for what a receipt draws of them). A character
 * beyond it (an accented or Chinese name) is drawn from a small subset of the document's own.
 * Each character keeps a CID of its own: one whose glyph another character already has (none in
 * printable ASCII) is left to the document's subset, so a reader still extracts the character given.
 */
export function sharedSubsetOf(loaded: LoadedFont): SharedSubset {
  let found = shared.get(loaded);
  if (!found) shared.set(loaded, (found = make(loaded)));
  return found;
}

function make(loaded: LoadedFont): SharedSubset {
  const subset = subsetOf(loaded.font);
  const codes = new Map<number, string>();
  const drawn: DrawnGlyph[] = [];
  const glyphs = new Set<number>();
  for (const codePoint of SHARED_CODE_POINTS) {
    const glyph = loaded.glyph(codePoint);
    if (!glyph || glyphs.has(glyph.id)) continue;
    glyphs.add(glyph.id);
    codes.set(codePoint, hex4(subset.includeGlyph(glyph.id)));
    drawn.push({ id: glyph.id, width: glyph.width, text: String.fromCodePoint(codePoint) });
  }
  const file = subsetBytes(subset);
  return {
    codes,
    parts: {
      name: subsetName(loaded.font, drawn),
      file: deflateSync(file),
      length1: file.length,
      widths: drawn.map((g) => PDFNumber.of(g.width)),
      toUnicode: deflateSync(toUnicodeCMap(drawn)),
      toUnicodeDeflated: true,
    },
  };
}
