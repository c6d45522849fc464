import { StandardFonts, type PDFFont } from 'pdf-lib';
import { pdfColor, type PageCanvas, type PdfCanvas, type PdfColor } from './pdf-canvas.js';
import { writable } from './pdf-characters.js';
import { COLORS } from './templates/theme.js';

/** The site's colours (templates/theme.ts), as the receipt's ink. */
export const INK = {
  navy: pdfColor(COLORS.navy),
  text: pdfColor(COLORS.text),
  muted: pdfColor(COLORS.muted),
  gold: pdfColor(COLORS.gold),
  border: pdfColor(COLORS.border),
  success: pdfColor(COLORS.success),
  successBg: pdfColor(COLORS.successBg),
  cream: pdfColor(COLORS.cream),
};

/** US Letter, points; three-quarter-inch margins. */
export const PAGE = { width: 612, height: 792, margin: 54 };
export const RIGHT = PAGE.width - PAGE.margin;
/** The footer's three lines sit at the foot of the last page; content stops above them. */
export const FOOTER_TOP = PAGE.margin + 48;

interface TextOptions {
  x?: number;
  size?: number;
  font?: PDFFont;
  color?: PdfColor;
}

/** A cursor down the pages: each call writes at the current line and moves it; a full page opens the next. */
export class Writer {
  page: PageCanvas;
  y = PAGE.height - PAGE.margin;
  readonly clean: (value: string) => string;

  private constructor(
    readonly canvas: PdfCanvas,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly serif: PDFFont,
  ) {
    this.page = canvas.addPage(PAGE);
    this.clean = writable(regular);
  }

  /** The receipt's three faces: Helvetica for the text, its bold, and a serif for the school's name. */
  static async on(canvas: PdfCanvas): Promise<Writer> {
    return new Writer(
      canvas,
      await canvas.standardFont(StandardFonts.Helvetica),
      await canvas.standardFont(StandardFonts.HelveticaBold),
      await canvas.standardFont(StandardFonts.TimesRomanBold),
    );
  }

  /** Opens the next page unless `height` fits above the footer's lines. */
  room(height: number) {
    if (this.y - height >= FOOTER_TOP) return;
    this.page = this.canvas.addPage(PAGE);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Words wrapped to `width`, one line each. */
  wrap(value: string, font: PDFFont, size: number, width: number): string[] {
    const clean = this.clean(value);
    // Most values fit: measured once rather than word by word.
    if (font.widthOfTextAtSize(clean, size) <= width) return [clean];
    const lines: string[] = [];
    let current = '';
    for (const word of clean.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    return [...lines, current];
  }

  text(value: string, o: TextOptions = {}) {
    this.page.text(this.clean(value), {
      x: o.x ?? PAGE.margin,
      y: this.y,
      size: o.size ?? 10,
      font: o.font ?? this.regular,
      color: o.color ?? INK.text,
    });
  }

  right(value: string, o: TextOptions = {}) {
    const size = o.size ?? 10;
    const font = o.font ?? this.regular;
    const clean = this.clean(value);
    this.text(clean, { ...o, x: (o.x ?? RIGHT) - font.widthOfTextAtSize(clean, size) });
  }

  rule(color = INK.border, thickness = 0.75) {
    this.page.line({ x: PAGE.margin, y: this.y }, { x: RIGHT, y: this.y }, { thickness, color });
  }

  down(points: number) {
    this.y -= points;
  }

  heading(value: string) {
    this.room(56);
    this.down(20);
    this.text(value.toUpperCase(), { font: this.bold, size: 9, color: INK.muted });
    this.down(7);
    this.rule();
    this.down(15);
  }

  /** A label and its value on one line, the value wrapped under itself when long. */
  field(label: string, value: string, labelWidth = 120) {
    const lines = this.wrap(value, this.regular, 10, RIGHT - PAGE.margin - labelWidth);
    this.room(lines.length * 14);
    this.text(label, { color: INK.muted });
    for (const [i, line] of lines.entries()) {
      if (i > 0) this.down(14);
      this.text(line, { x: PAGE.margin + labelWidth });
    }
    this.down(16);
  }
}
