import { StandardFonts, type PDFFont } from 'pdf-lib';
import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { pdfColor, PdfCanvas, type PageCanvas } from '../mail/pdf-canvas.js';
import { writable } from '../mail/pdf-characters.js';
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

function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let current = '';
    for (const word of paragraph.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    lines.push(current);
  }
  return lines;
}

function centred(page: PageCanvas, text: string, y: number, size: number, font: PDFFont, color = TEXT) {
  const width = font.widthOfTextAtSize(text, size);
  page.text(text, { x: CARD.x + (CARD.width - width) / 2, y, size, font, color });
}

/**
 * The printable gift card: one US Letter page with the card (the school, the amount, who it is for
 * and from, the message, the code in a fixed-width face for reading aloud) and how to use it. Made
 * on request, never stored; the standard PDF fonts, as the receipt (service/mail/receipt-pdf.ts).
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
  const regular = await canvas.standardFont(StandardFonts.Helvetica);
  const bold = await canvas.standardFont(StandardFonts.HelveticaBold);
  const serif = await canvas.standardFont(StandardFonts.TimesRomanBold);
  const italic = await canvas.standardFont(StandardFonts.TimesRomanItalic);
  const mono = await canvas.standardFont(StandardFonts.CourierBold);
  const clean = writable(regular);

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
  centred(page, clean(SCHOOL.fullName), y, 20, serif, NAVY);
  y -= 22;
  centred(page, 'GIFT CARD', y, 11, bold, MUTED);
  y -= 46;
  centred(page, formatUsd(card.amountCents), y, 40, serif, PLUM);
  y -= 30;
  centred(page, clean(`For ${card.recipientName}, from ${card.purchaserName}`), y, 12, regular);
  if (card.message) {
    for (const line of wrap(clean(card.message.replace(/\n/g, ' ')), italic, 12, CARD.width - 80).slice(0, 3)) {
      y -= 17;
      centred(page, line, y, 12, italic, TEXT);
    }
  }
  const codeY = bottom + 40;
  centred(page, 'CODE', codeY + 26, 9, bold, MUTED);
  centred(page, card.code, codeY, 22, mono, NAVY);

  // How to use it, under the card, wrapped to its width.
  let under = bottom - 48;
  const paragraphs = [
    `How to use it: choose a class at ${card.scheduleUrl} and enter the code in the "Gift card" field of the enrollment form. It pays what it can of the order, and whatever is left stays on the card for next time.`,
    'Keep the code safe: whoever has it can spend the card.',
  ];
  for (const paragraph of paragraphs)
    for (const line of wrap(clean(paragraph), regular, 10, CARD.width)) {
      page.text(line, { x: CARD.x, y: under, size: 10, font: regular, color: TEXT });
      under -= 15;
    }
  under -= 10;
  page.text(clean(`${ADDRESS_ONE_LINE}  |  ${SCHOOL.phone}  |  ${SCHOOL.email}`), {
    x: CARD.x,
    y: under,
    size: 8,
    font: regular,
    color: MUTED,
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
