import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type fontkit from '@pdf-lib/fontkit';
import { PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import { loadFont, type FontFile, type GlyphMetrics, type LoadedFont } from './font-files.js';

/** A run of text in one font: the font's object and the run as the operand of `Tj`. */
export interface TextRun {
  font: PDFRef;
  operand: string;
}

/** What a page draws text with: it measures a line and encodes it, in one font's runs or several. */
export interface PdfFont {
  widthOfTextAtSize(text: string, size: number): number;
  runs(text: string): readonly TextRun[];
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** A character as UTF-16BE in hex, as a ToUnicode map writes it (a pair of surrogates beyond the BMP). */
const utf16Hex = (text: string) => [...text].flatMap((ch) => [...ch].map((u) => hex4(u.charCodeAt(0)))).join('');

/**
 * One font file's subset in one document (ISO 32000-1, 9.7: a Type0 font over a CIDFontType2,
 * Identity-H): each glyph drawn gets the next CID, which is its id in the subset fontkit writes;
 * the widths array and the ToUnicode map are written from what was drawn, so a reader extracts the
 * characters that were given, whatever glyph drew them.
 */
class EmbeddedFont {
  private readonly subset: fontkit.Subset;
  private readonly cids = new Map<number, string>();
  private readonly drawn: { id: number; width: number; text: string }[] = [];

  constructor(
    readonly ref: PDFRef,
    readonly loaded: LoadedFont,
  ) {
    this.subset = subsetOf(loaded.font);
  }

  /** The hex code (its CID) of a glyph, drawn for `text`. */
  code(glyph: GlyphMetrics, text: string): string {
    let code = this.cids.get(glyph.id);
    if (code === undefined) {
      // CIDs are 1, 2, 3... in order of first use: the subset keeps .notdef at 0.
      code = hex4(this.subset.includeGlyph(glyph.id));
      this.cids.set(glyph.id, code);
      this.drawn.push({ id: glyph.id, width: glyph.width, text });
    }
    return code;
  }

  /** The font's objects: the Type0 font at `ref`, its CIDFont, descriptor, the subset and the ToUnicode map. */
  async write(context: PDFContext): Promise<void> {
    const { font, scale } = this.loaded;
    const file = subsetBytes(this.subset);
    // The subset's name: six capitals and '+' (ISO 32000-1, 9.6.4), from the glyphs in it, so the same text gives the same file.
    const digest = createHash('sha256')
      .update(this.drawn.map((g) => g.id).join(','))
      .digest();
    const tag = [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
    const name = `${tag}+${font.postscriptName ?? 'Font'}`;
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
        // zlib, native: the subset's 5 to 30 KB shrink to about half for a fraction of a millisecond.
        FontFile2: context.register(context.stream(deflateSync(file), { Filter: 'FlateDecode', Length1: file.length })),
      }),
    );
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: name,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: [1, this.drawn.map((g) => g.width)],
        CIDToGIDMap: 'Identity',
      }),
    );
    const toUnicode = context.register(context.stream(this.toUnicode()));
    context.assign(
      this.ref,
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

  /** The CMap from each CID to the characters it was drawn for (ISO 32000-1, 9.10.3), 100 a block as the CMap format allows. */
  private toUnicode(): string {
    const blocks: string[] = [];
    for (let i = 0; i < this.drawn.length; i += 100) {
      const block = this.drawn.slice(i, i + 100);
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
}

/** A glyph as fontkit's TrueType subset writes it: its data in the glyf table and its horizontal metrics. */
interface WrittenGlyph {
  data: Uint8Array;
  metric: unknown;
}

/** What subsetOf reaches into: fontkit's TrueType subset while it writes its glyf, loca and hmtx tables. */
interface TtfSubsetInternals {
  _addGlyph(gid: number): number;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: unknown[] };
  offset: number;
}

/** Each font's simple glyphs as written once: the same bytes in every subset of the font. */
const writtenGlyphs = new WeakMap<fontkit.Font, Map<number, WrittenGlyph>>();

/**
 * A subset of `font` whose glyphs each take an even number of bytes, and whose simple glyphs are
 * decoded once per process.
 *
 * fontkit 1.x (and @pdf-lib/fontkit, its fork) writes a small subset's loca table in the short
 * format, which stores each offset halved: after a glyph of odd length (Noto Sans has many) every
 * later offset is off by one and those glyphs draw nothing, or garbage, though the text still
 * extracts. fontkit 2 keeps the source font's format (foliojs/fontkit#191); here each glyph is
 * padded by a zero byte instead, which TrueType allows (a glyph's data ends where loca says).
 *
 * fontkit decodes each glyph again for every subset, only to learn whether it is made of others
 * (a compound glyph, whose components it renumbers): a fifth of a receipt's CPU. A simple glyph's
 * data and metrics are kept from the first subset that wrote it and given to the next as they are.
 */
function subsetOf(font: fontkit.Font): fontkit.Subset {
  const subset = font.createSubset();
  const ttf = subset as unknown as TtfSubsetInternals;
  if (typeof ttf._addGlyph !== 'function') return subset; // a CFF font's subset has no loca table
  let written = writtenGlyphs.get(font);
  if (!written) writtenGlyphs.set(font, (written = new Map()));
  const addGlyph = ttf._addGlyph.bind(ttf);
  ttf._addGlyph = (gid) => {
    const known = written.get(gid);
    if (known) {
      // What fontkit's _addGlyph does with a glyph's bytes once it has them.
      ttf.glyf.push(known.data);
      ttf.loca.offsets.push(ttf.offset);
      ttf.hmtx.metrics.push(known.metric);
      ttf.offset += known.data.length;
      return ttf.glyf.length - 1;
    }
    const index = addGlyph(gid);
    let data = ttf.glyf[index]!;
    if (data.length % 2 === 1) {
      // Of fontkit's own Buffer class (its bundled polyfill), which its stream accepts and Node's it does not.
      const padded = (data.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(data.length + 1);
      padded.set(data);
      ttf.glyf[index] = data = padded;
      ttf.offset += 1;
    }
    // A glyph with no outline, or a simple one (numberOfContours, the first int16, not negative).
    if (data.length < 2 || (data[0]! & 0x80) === 0) written.set(gid, { data, metric: ttf.hmtx.metrics[index] });
    return index;
  };
  return subset;
}

/** fontkit's writer: its bytes pushed chunk by chunk, as a readable stream would take them. */
interface EncodeStream {
  push(chunk: Uint8Array | null): boolean;
  flush(): void;
}
type EncodeStreamClass = new (bufferSize?: number) => EncodeStream;
interface EncodingSubset {
  encode(stream: EncodeStream): void;
  encodeStream(): EncodeStream;
}

let encodeStreamClass: EncodeStreamClass | undefined;

/**
 * The subset's TrueType file, written at once. fontkit's own `encodeStream` writes it on a later
 * tick through its bundled browser polyfills of `process.nextTick` (a setTimeout) and of a
 * readable stream, each chunk an event: the timers and events cost more than the writing. Here
 * its writer (its class taken once, from a subset that writes nothing) hands each chunk over as
 * it is pushed, and the subset is written synchronously; an error in it throws here.
 */
function subsetBytes(subset: fontkit.Subset): Buffer {
  const writer = subset as unknown as EncodingSubset;
  if (!encodeStreamClass) {
    const empty = Object.assign(Object.create(Object.getPrototypeOf(writer) as object) as EncodingSubset, {
      encode: () => {},
    });
    encodeStreamClass = Object.getPrototypeOf(empty.encodeStream()).constructor as EncodeStreamClass;
  }
  const parts: Uint8Array[] = [];
  const stream = new encodeStreamClass(16_384);
  stream.push = (chunk) => {
    if (chunk) parts.push(chunk);
    return true;
  };
  writer.encode(stream);
  stream.flush();
  return Buffer.concat(parts);
}

/**
 * The font files' subsets of one document, one per file whatever typefaces draw with it (the
 * regular and the italic typefaces share Noto Sans SC), each embedded only when something drew with it.
 */
export class EmbeddedFonts {
  private readonly byFile = new Map<FontFile, EmbeddedFont>();

  constructor(private readonly context: PDFContext) {}

  of(file: FontFile): EmbeddedFont {
    let font = this.byFile.get(file);
    if (!font) this.byFile.set(file, (font = new EmbeddedFont(this.context.nextRef(), loadFont(file))));
    return font;
  }

  /** Writes the subsets of the files that drew something; the others are not in the document. */
  async write(): Promise<void> {
    for (const font of this.byFile.values()) await font.write(this.context);
  }
}

/**
 * A typeface of one document: a list of font files, the first for what it can write and each next
 * one for the characters those before it lack (Noto Sans, then Noto Sans SC for Chinese). A line is
 * drawn in runs, one per change of file; a file is read, and embedded in the document, only when a
 * character needs it. A character no file has is drawn as "?".
 */
export class UnicodeFont implements PdfFont {
  constructor(
    private readonly embedded: EmbeddedFonts,
    private readonly files: readonly FontFile[],
  ) {}

  /** The file (its index) that draws a character, its glyph, and the character it reads as ("?" for one no file has). */
  private pick(ch: string): [number, GlyphMetrics, string] {
    const codePoint = ch.codePointAt(0)!;
    for (let i = 0; i < this.files.length; i++) {
      const glyph = loadFont(this.files[i]!).glyph(codePoint);
      if (glyph) return [i, glyph, ch];
    }
    return ch === '?' ? [0, { id: 0, width: 0 }, ch] : this.pick('?');
  }

  widthOfTextAtSize(text: string, size: number): number {
    let width = 0;
    for (const ch of text.normalize('NFC')) width += this.pick(ch)[1].width;
    return (width * size) / 1000;
  }

  runs(text: string): TextRun[] {
    const runs: TextRun[] = [];
    let current = -1;
    let operand = '';
    for (const ch of text.normalize('NFC')) {
      const [i, glyph, reads] = this.pick(ch);
      if (i !== current) {
        if (operand) runs.push({ font: this.fontOf(current).ref, operand: `<${operand}>` });
        current = i;
        operand = '';
      }
      operand += this.fontOf(i).code(glyph, reads);
    }
    if (operand) runs.push({ font: this.fontOf(current).ref, operand: `<${operand}>` });
    return runs;
  }

  private fontOf(i: number): EmbeddedFont {
    return this.embedded.of(this.files[i]!);
  }
}
