import { deflateSync } from 'node:zlib';
import type fontkit from '@pdf-lib/fontkit';
import { PDFNumber, type PDFContext, type PDFRef } from 'pdf-lib';
import { loadFont, type FontFile, type GlyphMetrics, type LoadedFont } from './font-files.js';
import { subsetBytes, subsetOf } from './font-subset.js';
import { isSharedCodePoint, sharedSubsetOf, type SharedSubset } from './shared-subset.js';
import { hex4, subsetName, toUnicodeCMap, writeType0, type DrawnGlyph } from './type0-font.js';

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

/** A font object of one document: the hex code of a glyph drawn with it, and its objects when the document is saved. */
interface DocumentFont {
  readonly ref: PDFRef;
  code(glyph: GlyphMetrics, text: string): string;
  write(context: PDFContext): void;
}

/**
 * One font file's own subset in one document (ISO 32000-1, 9.7: a Type0 font over a
 * CIDFontType2, Identity-H), for the characters beyond the file's shared subset: each glyph drawn
 * gets the next CID, which is its id in the subset fontkit writes; the widths array and the
 * ToUnicode map are written from what was drawn, so a reader extracts the characters that were
 * given, whatever glyph drew them.
 */
class EmbeddedFont implements DocumentFont {
  private readonly subset: fontkit.Subset;
  private readonly cids = new Map<number, string>();
  private readonly drawn: DrawnGlyph[] = [];

  constructor(
    readonly ref: PDFRef,
    readonly loaded: LoadedFont,
  ) {
    this.subset = subsetOf(loaded.font);
  }

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

  write(context: PDFContext): void {
    const file = subsetBytes(this.subset);
    writeType0(context, this.ref, this.loaded, {
      name: subsetName(this.loaded.font, this.drawn),
      // zlib, native: the subset's few KB shrink to about half for a fraction of a millisecond.
      file: deflateSync(file),
      length1: file.length,
      widths: this.drawn.map((g) => PDFNumber.of(g.width)),
      toUnicode: toUnicodeCMap(this.drawn),
    });
  }
}

/** A font file's shared subset (shared-subset.ts) in one document: its bytes as made once, under a reference of the document's. */
class SharedFont implements DocumentFont {
  constructor(
    readonly ref: PDFRef,
    readonly loaded: LoadedFont,
    private readonly shared: SharedSubset,
  ) {}

  draws(codePoint: number): boolean {
    return this.shared.codes.has(codePoint);
  }

  code(_glyph: GlyphMetrics, text: string): string {
    return this.shared.codes.get(text.codePointAt(0)!)!;
  }

  write(context: PDFContext): void {
    writeType0(context, this.ref, this.loaded, this.shared.parts);
  }
}

/**
 * The fonts of one document: per font file its shared subset (printable ASCII, made once per
 * process) and a subset of its own for what else it draws, each embedded only when something drew
 * with it. One per file whatever typefaces draw with it (the regular and the italic typefaces
 * share Noto Sans SC).
 */
export class EmbeddedFonts {
  private readonly fonts = new Map<FontFile, { own?: EmbeddedFont; shared?: SharedFont }>();

  constructor(private readonly context: PDFContext) {}

  /** The document's font that draws `codePoint` from `file`. */
  of(file: FontFile, codePoint: number): DocumentFont {
    let fonts = this.fonts.get(file);
    if (!fonts) this.fonts.set(file, (fonts = {}));
    if (fonts.shared?.draws(codePoint)) return fonts.shared;
    const loaded = loadFont(file);
    // Noto Sans SC never makes one: Noto Sans before it draws every such character.
    if (isSharedCodePoint(codePoint) && sharedSubsetOf(loaded).codes.has(codePoint))
      return (fonts.shared ??= new SharedFont(this.context.nextRef(), loaded, sharedSubsetOf(loaded)));
    return (fonts.own ??= new EmbeddedFont(this.context.nextRef(), loaded));
  }

  /** Writes the subsets that drew something; the others are not in the document. */
  write(): void {
    for (const { shared, own } of this.fonts.values()) {
      shared?.write(this.context);
      own?.write(this.context);
    }
  }
}

/**
 * A typeface of one document: a list of font files, the first for what it can write and each next
 * one for the characters those before it lack (Noto Sans, then Noto Sans SC for Chinese). A line is
 * drawn in runs, one per change of font; a file is read, and embedded in the document, only when a
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
    let current: DocumentFont | undefined;
    let operand = '';
    for (const ch of text.normalize('NFC')) {
      const [i, glyph, reads] = this.pick(ch);
      const font = this.embedded.of(this.files[i]!, reads.codePointAt(0)!);
      if (font !== current) {
        if (current && operand) runs.push({ font: current.ref, operand: `<${operand}>` });
        current = font;
        operand = '';
      }
      operand += font.code(glyph, reads);
    }
    if (current && operand) runs.push({ font: current.ref, operand: `<${operand}>` });
    return runs;
  }
}
