import { PDFDocument, PDFName, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * The school's PDFs (the receipt, the gift card) are pdf-lib documents: pdf-lib keeps the
 * document, its fonts (encoding, widths, and later a subset of an embedded font), its metadata and
 * its cross-reference table. What a page shows is written here as the page's content stream, in
 * PDF's own operators (ISO 32000-1, 8 and 9: `re`, `m`, `l`, `S`, `B`, `BT`, `Tf`, `Td`, `Tj`, `ET`),
 * a handful a line: pdf-lib's drawing calls check every option and make an object per operator
 * and per number, which cost the receipt three quarters of its CPU. The stream is not deflated
 * (pdf-lib would deflate it with pako, in JavaScript), and the document is saved without object
 * streams, which pdf-lib would also deflate; a reader sees the same page, from a file of about
 * 6 KB instead of 3 (a one-page receipt).
 *
 * Text is encoded by the font it is drawn with (`font.encodeText`), so a font embedded from a file
 * (fontkit, with a subset per document) draws through the same calls as the standard fonts. The
 * one shortcut: in the standard Latin fonts' encoding (WinAnsiEncoding) printable ASCII is its own
 * code, so such a line is written as a literal string without asking pdf-lib for each letter.
 */

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
/** A PDF literal string (ISO 32000-1, 7.3.4.2): backslash and parentheses escaped. */
const literal = (ascii: string) => `(${ascii.replace(/[\\()]/g, '\\$&')})`;

/** A number as a PDF operand: at most three decimals (a thousandth of a point), never an exponent. */
const num = (value: number) => String(Math.round(value * 1000) / 1000);

/** An RGB colour as PDF operands, from '#rrggbb': written once, used in every operator that sets it. */
export type PdfColor = string & { readonly pdfColor: unique symbol };
export function pdfColor(hex: string): PdfColor {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => num(c / 255)).join(' ') as PdfColor;
}

export interface PdfInfo {
  title: string;
  author: string;
  subject?: string;
  creator: string;
  producer: string;
  language: string;
  createdAt: Date;
}

/** One page's operators, in the order drawn; the page's font resources named F1, F2... in order of first use. */
export class PageCanvas {
  private readonly ops: string[] = [];
  private readonly fontNames = new Map<PDFFont, string>();

  constructor(
    readonly page: PDFPage,
    /** The fonts whose encoding is WinAnsiEncoding (the standard Latin ones). */
    private readonly winAnsi: ReadonlySet<PDFFont>,
  ) {}

  private fontName(font: PDFFont): string {
    let name = this.fontNames.get(font);
    if (!name) {
      name = `F${this.fontNames.size + 1}`;
      this.page.node.setFontDictionary(PDFName.of(name), font.ref);
      this.fontNames.set(font, name);
    }
    return name;
  }

  /** `value` on one line with its baseline's left end at (x, y). */
  text(value: string, o: { x: number; y: number; font: PDFFont; size: number; color: PdfColor }) {
    const encoded =
      this.winAnsi.has(o.font) && PRINTABLE_ASCII.test(value) ? literal(value) : o.font.encodeText(value).toString();
    this.ops.push(
      `BT /${this.fontName(o.font)} ${num(o.size)} Tf ${o.color} rg ${num(o.x)} ${num(o.y)} Td ${encoded} Tj ET`,
    );
  }

  line(from: { x: number; y: number }, to: { x: number; y: number }, o: { thickness: number; color: PdfColor }) {
    this.ops.push(
      `q ${o.color} RG ${num(o.thickness)} w ${num(from.x)} ${num(from.y)} m ${num(to.x)} ${num(to.y)} l S Q`,
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
      o.border && o.borderWidth
        ? `q ${o.color} rg ${o.border} RG ${num(o.borderWidth)} w ${box} B Q`
        : `q ${o.color} rg ${box} f Q`,
    );
  }

  /**
   * Writes the operators as the page's content stream, as they are: deflating a receipt's 5 KB
   * (with zlib, at any level) cost a sixth of the document's CPU to save 4 KB of the e-mail.
   */
  close(doc: PDFDocument) {
    if (this.ops.length === 0) return;
    this.page.node.addContentStream(
      doc.context.register(doc.context.stream(Buffer.from(this.ops.join('\n'), 'latin1'))),
    );
    this.ops.length = 0;
  }
}

/** A PDF being drawn: its pages in order. */
export class PdfCanvas {
  readonly pages: PageCanvas[] = [];
  private readonly winAnsi = new Set<PDFFont>();

  private constructor(readonly doc: PDFDocument) {}

  static async create(info: PdfInfo): Promise<PdfCanvas> {
    // Without pdf-lib's own producer, creator and dates, which the lines below replace.
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(info.title);
    doc.setAuthor(info.author);
    if (info.subject !== undefined) doc.setSubject(info.subject);
    doc.setCreator(info.creator);
    doc.setProducer(info.producer);
    doc.setLanguage(info.language);
    doc.setCreationDate(info.createdAt);
    doc.setModificationDate(info.createdAt);
    return new PdfCanvas(doc);
  }

  /** One of the 14 standard fonts: the document names it (readers have it), pdf-lib measures with its metrics. */
  async standardFont(name: StandardFonts): Promise<PDFFont> {
    const font = await this.doc.embedFont(name);
    if (name !== StandardFonts.Symbol && name !== StandardFonts.ZapfDingbats) this.winAnsi.add(font);
    return font;
  }

  addPage(size: { width: number; height: number }): PageCanvas {
    const page = new PageCanvas(this.doc.addPage([size.width, size.height]), this.winAnsi);
    this.pages.push(page);
    return page;
  }

  async save(): Promise<Uint8Array> {
    for (const page of this.pages) page.close(this.doc);
    return this.doc.save({ useObjectStreams: false });
  }
}
