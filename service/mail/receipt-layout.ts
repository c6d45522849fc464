import { StandardFonts } from 'pdf-lib';
import { toOneLine } from '../../contracts/core/text.js';
import { pdfColor, type PageCanvas, type PdfCanvas, type PdfColor, type TextTag } from '../../platform/pdf/canvas.js';
import { TYPEFACES } from '../../platform/pdf/font-files.js';
import type { Tag } from '../../platform/pdf/structure.js';
import type { PdfFont } from '../../platform/pdf/unicode-font.js';
import { wrapText } from '../../platform/pdf/wrap.js';
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
  font?: PdfFont;
  color?: PdfColor;
  /** The element of the structure tree the text belongs to, or 'artifact'. */
  tag: TextTag;
}

/** A cursor down the pages: each call writes at the current line and moves it; a full page opens the next. */
export class Writer {
  page: PageCanvas;
  y = PAGE.height - PAGE.margin;

  private constructor(
    readonly canvas: PdfCanvas,
    readonly regular: PdfFont,
    readonly bold: PdfFont,
    readonly serif: PdfFont,
  ) {
    this.page = canvas.addPage(PAGE);
  }

  /**
   * The receipt's three faces: Noto Sans for the text and its bold (any family's name, in any of
   * the scripts TYPEFACES covers), and the standard Times bold for the school's own name.
   */
  static async on(canvas: PdfCanvas): Promise<Writer> {
    return new Writer(
      canvas,
      canvas.font(TYPEFACES.sans),
      canvas.font(TYPEFACES.sansBold),
      await canvas.standardFont(StandardFonts.TimesRomanBold),
    );
  }

  /** The document's top element, under which each part of the receipt is tagged in reading order. */
  get root(): Tag {
    return this.canvas.root;
  }

  /** Names and titles come from stored events: one with a line break must not add lines of its own. */
  clean(value: string): string {
    return toOneLine(value);
  }

  /** Opens the next page unless `height` fits above the footer's lines. */
  room(height: number) {
    if (this.y - height >= FOOTER_TOP) return;
    this.page = this.canvas.addPage(PAGE);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Words wrapped to `width`, one line each. */
  wrap(value: string, font: PdfFont, size: number, width: number): string[] {
    return wrapText(this.clean(value), font, size, width);
  }

  text(value: string, o: TextOptions) {
    this.page.text(this.clean(value), {
      x: o.x ?? PAGE.margin,
      y: this.y,
      size: o.size ?? 10,
      font: o.font ?? this.regular,
      color: o.color ?? INK.text,
      tag: o.tag,
    });
  }

  /** Text ending at `x` (the right margin unless given). */
  right(value: string, o: TextOptions) {
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

  /** A section's heading (H2), in small capitals over a rule. */
  heading(value: string) {
    this.room(56);
    this.down(20);
    this.text(value.toUpperCase(), { font: this.bold, size: 9, color: INK.muted, tag: this.root.tag('H2') });
    this.down(7);
    this.rule();
    this.down(15);
  }

  /**
   * A label and its value on one line, the value wrapped under itself when long: a paragraph, or
   * the label and body of `item` when the field is one of a list (a participant, a session).
   */
  field(label: string, value: string, labelWidth = 120, item?: Tag) {
    const lines = this.wrap(value, this.regular, 10, RIGHT - PAGE.margin - labelWidth);
    this.room(lines.length * 14);
    const paragraph = item ? undefined : this.root.tag('P');
    this.text(label, { color: INK.muted, tag: item ? item.tag('Lbl') : paragraph! });
    const body = item ? item.tag('LBody') : paragraph!;
    for (const [i, line] of lines.entries()) {
      if (i > 0) this.down(14);
      this.text(line, { x: PAGE.margin + labelWidth, tag: body });
    }
    this.down(16);
  }
}
