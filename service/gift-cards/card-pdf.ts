import { StandardFonts } from 'pdf-lib';
import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import { toOneLine } from '../../contracts/core/text.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { pdfColor, PdfCanvas, type PageCanvas, type PdfColor, type TextTag } from '../../platform/pdf/canvas.js';
import { TYPEFACES } from '../../platform/pdf/font-files.js';
import type { PdfFont } from '../../platform/pdf/unicode-font.js';
import { wrapText } from '../../platform/pdf/wrap.js';
import { COLORS } from '../mail/templates/theme.js';
import type { MailAttachment } from '../mail/port.js';

/** What the printed card shows. */
export interface PrintedCard {
  /** Grouped for reading aloud. */
  code: string;
  amountCents: number;
  recipientName: string;
  purchaserName: string;
  message: string;
  /** Where it is spent, as printed: the site's schedule. */
  scheduleUrl: string;
}

const NAVY = pdfColor(COLORS.navy);
const GOLD = pdfColor(COLORS.gold);
const TEXT = pdfColor(COLORS.text);
const MUTED = pdfColor(COLORS.muted);
const CREAM = pdfColor(COLORS.cream);
const PLUM = pdfColor(COLORS.plum);

/** US Letter, points; the card is 7 x 4 inches, to cut out, with the instructions below it. */
const PAGE = { width: 612, height: 792 };
const CARD = { x: 54, width: 504, height: 288, top: 792 - 72 };

export const giftCardPdfFileName = (last4: string) => `${SCHOOL.product}-Gift-Card-${last4}.pdf`;

function centred(
  page: PageCanvas,
  text: string,
  y: number,
  size: number,
  font: PdfFont,
  color: PdfColor,
  tag: TextTag,
) {
  const width = font.widthOfTextAtSize(text, size);
  page.text(text, { x: CARD.x + (CARD.width - width) / 2, y, size, font, color, tag });
}

/**
 * The printable gift card: one US Letter page with the card (the school, the amount, who it is for
 * and from, the message, the code in a fixed-width face for reading aloud) and how to use it. Made
 * on request, never stored. The names and the message are drawn in Noto Sans (any family's names,
 * as the receipt, service/mail/receipt-pdf.ts); the school's name and the amount in Times, the code
 * in Courier, which readers have. Tagged for a screen reader: the heading, then each part in order.
 */
export async function giftCardPdf(card: PrintedCard, printedAt: Date): Promise<Uint8Array> {
  const canvas = await PdfCanvas.create({
    title: `Gift card ${formatUsd(card.amountCents)}, ${SCHOOL.fullName}`,
    author: SCHOOL.fullName,
    creator: SCHOOL.name,
    producer: SCHOOL.name,
    language: 'en-US',
    createdAt: printedAt,
  });
  const page = canvas.addPage(PAGE);
  const regular = canvas.font(TYPEFACES.sans);
  const bold = canvas.font(TYPEFACES.sansBold);
  const italic = canvas.font(TYPEFACES.sansItalic);
  const serif = await canvas.standardFont(StandardFonts.TimesRomanBold);
  const mono = await canvas.standardFont(StandardFonts.CourierBold);
  const { root } = canvas;

  const bottom = CARD.top - CARD.height;
  page.rectangle({
    x: CARD.x,
    y: bottom,
    width: CARD.width,
    height: CARD.height,
    color: CREAM,
    border: NAVY,
    borderWidth: 2,
  });
  page.rectangle({ x: CARD.x, y: CARD.top - 8, width: CARD.width, height: 8, color: GOLD });

  let y = CARD.top - 44;
  centred(page, SCHOOL.fullName, y, 20, serif, NAVY, root.tag('P'));
  y -= 22;
  centred(page, 'GIFT CARD', y, 11, bold, MUTED, root.tag('H1'));
  y -= 46;
  centred(page, formatUsd(card.amountCents), y, 40, serif, PLUM, root.tag('P'));
  y -= 30;
  centred(
    page,
    toOneLine(`For ${card.recipientName}, from ${card.purchaserName}`),
    y,
    12,
    regular,
    TEXT,
    root.tag('P'),
  );
  if (card.message) {
    const message = root.tag('P');
    for (const line of wrapText(toOneLine(card.message.replace(/\n/g, ' ')), italic, 12, CARD.width - 80).slice(0, 3)) {
      y -= 17;
      centred(page, line, y, 12, italic, TEXT, message);
    }
  }
  const codeY = bottom + 40;
  const code = root.tag('P');
  centred(page, 'CODE', codeY + 26, 9, bold, MUTED, code);
  centred(page, card.code, codeY, 22, mono, NAVY, code);

  // How to use it, under the card, wrapped to its width.
  let under = bottom - 48;
  const paragraphs = [
    `How to use it: choose a class at ${card.scheduleUrl} and enter the code in the "Gift card" field of the enrollment form. It pays what it can of the order, and whatever is left stays on the card for next time.`,
    'Keep the code safe: whoever has it can spend the card.',
  ];
  for (const paragraph of paragraphs) {
    const tag = root.tag('P');
    for (const line of wrapText(paragraph, regular, 10, CARD.width)) {
      page.text(line, { x: CARD.x, y: under, size: 10, font: regular, color: TEXT, tag });
      under -= 15;
    }
  }
  under -= 10;
  page.text(`${ADDRESS_ONE_LINE}  |  ${SCHOOL.phone}  |  ${SCHOOL.email}`, {
    x: CARD.x,
    y: under,
    size: 8,
    font: regular,
    color: MUTED,
    tag: root.tag('P'),
  });
  return canvas.save();
}

/** The recipient e-mail's attachment: the card's PDF in base64. */
export const giftCardPdfAttachment = async (
  card: PrintedCard,
  last4: string,
  printedAt: Date,
): Promise<MailAttachment> => ({
  filename: giftCardPdfFileName(last4),
  content: Buffer.from(await giftCardPdf(card, printedAt)).toString('base64'),
  contentType: 'application/pdf',
  encoding: 'base64',
});
