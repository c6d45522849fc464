import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts, type PDFPage, type PDFRef } from 'pdf-lib';
import type { FontFile } from './font-files.js';
import { StandardFont } from './standard-font.js';
import { Tag, writeStructure } from './structure.js';
import { EmbeddedFonts, UnicodeFont, type PdfFont } from './unicode-font.js';

/**
 * The school's PDFs (the receipt, the gift card) are pdf-lib documents: pdf-lib keeps the
 * document, its metadata and its cross-reference table. What a page shows is written here as the
 * page's content stream, in PDF's own operators (ISO 32000-1, 8 and 9: `re`, `m`, `l`, `S`, `B`,
 * `BT`, `Tf`, `Td`, `Tj`, `ET`), a handful a line: pdf-lib's drawing calls check every option and
 * make an object per operator and per number, which cost the receipt three quarters of its CPU.
 * The content stream is deflated with Node's zlib (pdf-lib would deflate it with pako, in
 * JavaScript), and the document is saved without object streams, which pdf-lib would also deflate.
 *
 * Text is drawn with a PdfFont: a UnicodeFont (Noto Sans and its fallbacks, a subset embedded per
 * document; unicode-font.ts) for anything a person typed, or a StandardFont for the document's own
 * words. The document is tagged (ISO 32000-1, 14.8): every text belongs to an element of the
 * structure tree (`tag`), drawn inside marked content with its MCID; rules and boxes, and text
 * given the tag 'artifact' (a page number), are marked as artifacts, which a screen reader skips.
 */

/** A number as a PDF operand: at most three decimals (a thousandth of a point), never an exponent. */
const num = (value: number) => String(Math.round(value * 1000) / 1000);

/** An RGB colour as PDF operands, from '#rrggbb': written once, used in every operator that sets it. */
export type PdfColor = string & { readonly pdfColor: unique symbol };
export function pdfColor(hex: string): PdfColor {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => num(c / 255)).join(' ') as PdfColor;
}

export interface PdfInfo {
  /** Shown in the viewer's title bar instead of the file's name (DisplayDocTitle). */
  title: string;
  author: string;
  subject?: string;
  creator: string;
  producer: string;
  /** The document's language (BCP 47), which a screen reader speaks it in. */
  language: string;
  createdAt: Date;
}

/** The standard fonts that write Latin text (Symbol and ZapfDingbats do not). */
export type LatinStandardFont = Exclude<StandardFonts, StandardFonts.Symbol | StandardFonts.ZapfDingbats>;

/** Where a text goes in the structure tree: an element, or 'artifact' for what a reader skips. */
export type TextTag = Tag | 'artifact';

/** One page's operators, in the order drawn; the page's font resources named F1, F2... in order of first use. */
export class PageCanvas {
  private readonly ops: string[] = [];
  private readonly fontNames = new Map<PDFRef, string>();
  private nextMcid = 0;

  constructor(
    readonly page: PDFPage,
    /** The page's index in the document. */
    readonly index: number,
  ) {}

  private fontName(font: PDFRef): string {
    let name = this.fontNames.get(font);
    if (!name) {
      name = `F${this.fontNames.size + 1}`;
      this.page.node.setFontDictionary(PDFName.of(name), font);
      this.fontNames.set(font, name);
    }
    return name;
  }

  /** Operators marked as the content of an element (with the page's next MCID), or as an artifact. */
  private marked(tag: TextTag, ops: string): string {
    if (tag === 'artifact') return `/Artifact BMC ${ops} EMC`;
    const mcid = this.nextMcid++;
    tag.mark(this.index, mcid);
    return `/${tag.role} <</MCID ${mcid}>> BDC ${ops} EMC`;
  }

  /** `value` on one line with its baseline's left end at (x, y), in as many runs as it takes fonts. */
  text(value: string, o: { x: number; y: number; font: PdfFont; size: number; color: PdfColor; tag: TextTag }) {
    if (!value) return;
    const size = num(o.size);
    const shown = o.font
      .runs(value)
      .map((run) => `/${this.fontName(run.font)} ${size} Tf ${run.operand} Tj`)
      .join(' ');
    this.ops.push(this.marked(o.tag, `BT ${o.color} rg ${num(o.x)} ${num(o.y)} Td ${shown} ET`));
  }

  line(from: { x: number; y: number }, to: { x: number; y: number }, o: { thickness: number; color: PdfColor }) {
    this.ops.push(
      this.marked(
        'artifact',
        `q ${o.color} RG ${num(o.thickness)} w ${num(from.x)} ${num(from.y)} m ${num(to.x)} ${num(to.y)} l S Q`,
      ),
    );
  }

  /** A rectangle filled with `color`, outlined with `border` when it is given. */
  rectangle(o: {
    x: number;
    y: number;
    width: number;
    height: number;
    color: PdfColor;
    border?: PdfColor;
    borderWidth?: number;
  }) {
    const box = `${num(o.x)} ${num(o.y)} ${num(o.width)} ${num(o.height)} re`;
    this.ops.push(
      this.marked(
        'artifact',
        o.border && o.borderWidth
          ? `q ${o.color} rg ${o.border} RG ${num(o.borderWidth)} w ${box} B Q`
          : `q ${o.color} rg ${box} f Q`,
      ),
    );
  }

  /**
   * Writes the operators as the page's content stream, deflated with Node's zlib: with text in
   * four hex digits a glyph and marked content round every line, a receipt's page is about 8 KB,
   * which deflate makes 2 at its fastest level for half the time of its default (1.9 KB against
   * 1.5; pdf-lib's own would use pako, in JavaScript).
   */
  close(doc: PDFDocument) {
    if (this.ops.length === 0) return;
    const content = deflateSync(Buffer.from(this.ops.join('\n'), 'latin1'), { level: 1 });
    this.page.node.addContentStream(doc.context.register(doc.context.stream(content, { Filter: 'FlateDecode' })));
    this.ops.length = 0;
  }
}

/** A PDF being drawn: its pages in order, its fonts, and its structure tree under `root`. */
export class PdfCanvas {
  readonly pages: PageCanvas[] = [];
  /** The structure tree's top element: every element of the document is tagged under it, in reading order. */
  readonly root = new Tag('Document');
  private readonly unicodeFonts = new Map<readonly FontFile[], UnicodeFont>();
  private readonly embedded: EmbeddedFonts;

  private constructor(readonly doc: PDFDocument) {
    this.embedded = new EmbeddedFonts(doc.context);
  }

  static async create(info: PdfInfo): Promise<PdfCanvas> {
    // Without pdf-lib's own producer, creator and dates, which the lines below replace.
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(info.title, { showInWindowTitleBar: true });
    doc.setAuthor(info.author);
    if (info.subject !== undefined) doc.setSubject(info.subject);
    doc.setCreator(info.creator);
    doc.setProducer(info.producer);
    doc.setLanguage(info.language);
    doc.setCreationDate(info.createdAt);
    doc.setModificationDate(info.createdAt);
    return new PdfCanvas(doc);
  }

  /** One of the standard fonts: the document names it (readers have it), pdf-lib measures with its metrics. */
  async standardFont(name: LatinStandardFont): Promise<PdfFont> {
    return new StandardFont(await this.doc.embedFont(name));
  }

  /**
   * A typeface from font files, each a fallback for what those before it lack (TYPEFACES in
   * font-files.ts): a subset of each file that draws something is embedded when the document is saved.
   */
  font(files: readonly FontFile[]): PdfFont {
    let font = this.unicodeFonts.get(files);
    if (!font) this.unicodeFonts.set(files, (font = new UnicodeFont(this.embedded, files)));
    return font;
  }

  addPage(size: { width: number; height: number }): PageCanvas {
    const page = new PageCanvas(this.doc.addPage([size.width, size.height]), this.pages.length);
    this.pages.push(page);
    return page;
  }

  async save(): Promise<Uint8Array> {
    for (const page of this.pages) page.close(this.doc);
    this.embedded.write();
    writeStructure(
      this.doc.context,
      this.doc.catalog,
      this.root,
      this.pages.map((p) => p.page),
    );
    // In one go: pdf-lib otherwise waits for a timer (setTimeout 0) after every 50 objects, so a
    // receipt of some 200 objects took four turns of the event loop, a millisecond or more each
    // while other work was queued, for no CPU saved.
    return this.doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
  }
}
