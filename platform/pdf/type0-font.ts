import { createHash } from 'node:crypto';
import { PDFNumber, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import type { LoadedFont } from './font-files.js';

export const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** A character as UTF-16BE in hex, as a ToUnicode map writes it (a pair of surrogates beyond the BMP). */
const utf16Hex = (text: string) => [...text].flatMap((ch) => [...ch].map((u) => hex4(u.charCodeAt(0)))).join('');

/** A glyph of a subset, by its CID (its place in the list, from 1): its width and the characters it was drawn for. */
export interface DrawnGlyph {
  id: number;
  width: number;
  text: string;
}

/** The subset's name: six capitals and '+' (ISO 32000-1, 9.6.4), from the glyphs in it, so the same text gives the same file. */
export function subsetName(font: LoadedFont['font'], drawn: readonly DrawnGlyph[]): string {
  const digest = createHash('sha256')
    .update(drawn.map((g) => g.id).join(','))
    .digest();
  const tag = [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
  return `${tag}+${font.postscriptName ?? 'Font'}`;
}

/** The CMap from each CID to the characters it was drawn for (ISO 32000-1, 9.10.3), 100 a block as the CMap format allows. */
export function toUnicodeCMap(drawn: readonly DrawnGlyph[]): string {
  const blocks: string[] = [];
  for (let i = 0; i < drawn.length; i += 100) {
    const block = drawn.slice(i, i + 100);
    blocks.push(
      `${block.length} beginbfchar`,
      ...block.map((g, j) => `<${hex4(i + j + 1)}> <${utf16Hex(g.text)}>`),
      'endbfchar',
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** A subset ready to be written: its name, its TrueType file deflated, the widths of CIDs 1, 2... and its ToUnicode map. */
export interface SubsetParts {
  name: string;
  /** The subset's TrueType file, deflated, and its length before (Length1). */
  file: Uint8Array;
  length1: number;
  /** PDF numbers (a shared subset's made once, as pdf-lib formats each number when it is made). */
  widths: readonly PDFNumber[];
  /** The ToUnicode CMap, deflated when `toUnicodeDeflated`. */
  toUnicode: Uint8Array | string;
  toUnicodeDeflated?: boolean;
}

/**
 * A subset's objects (ISO 32000-1, 9.7: a Type0 font over a CIDFontType2, Identity-H): the Type0
 * font at `ref`, its CIDFont, descriptor, font file and ToUnicode map.
 */
export function writeType0(context: PDFContext, ref: PDFRef, { font, scale }: LoadedFont, parts: SubsetParts) {
  const { name } = parts;
  const s = (n: number) => Math.round(n * scale);
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: name,
      // Symbolic (4), as every CIDFont is; italic (64) when the face leans.
      Flags: 4 | (font.italicAngle ? 64 : 0),
      FontBBox: [s(font.bbox.minX), s(font.bbox.minY), s(font.bbox.maxX), s(font.bbox.maxY)],
      ItalicAngle: font.italicAngle,
      Ascent: s(font.ascent),
      Descent: s(font.descent),
      CapHeight: s(font.capHeight || font.ascent),
      StemV: 80,
      FontFile2: context.register(context.stream(parts.file, { Filter: 'FlateDecode', Length1: parts.length1 })),
    }),
  );
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [1, [...parts.widths]],
      CIDToGIDMap: 'Identity',
    }),
  );
  const toUnicode = context.register(
    context.stream(parts.toUnicode, parts.toUnicodeDeflated ? { Filter: 'FlateDecode' } : {}),
  );
  context.assign(
    ref,
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
}
