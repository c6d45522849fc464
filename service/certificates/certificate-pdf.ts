import { StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import type { CertificateIssued } from '../../contracts/certificates/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { toOneLine } from '../../contracts/core/text.js';
import { schoolDay } from '../../contracts/catalogue/sessions.js';
import { pdfColor, PdfCanvas, type PageCanvas, type TextTag } from '../../platform/pdf/canvas.js';
import { TYPEFACES } from '../../platform/pdf/font-files.js';
import type { PdfFont } from '../../platform/pdf/unicode-font.js';
import { wrapText } from '../../platform/pdf/wrap.js';
import { COLORS } from '../mail/templates/theme.js';

const NAVY = pdfColor(COLORS.navy);
const GOLD = pdfColor(COLORS.gold);
const TEXT = pdfColor(COLORS.text);
const MUTED = pdfColor(COLORS.muted);
const CREAM = pdfColor(COLORS.cream);
const DARK = pdfColor('#000000');
const LIGHT = pdfColor('#ffffff');

/** US Letter, landscape, points. */
const PAGE = { width: 792, height: 612 };
const QR_SIZE = 96;

export const certificatePdfFileName = (number: string) => `${SCHOOL.product}-Certificate-${number}.pdf`;

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

function centred(
  page: PageCanvas,
  text: string,
  y: number,
  o: { size: number; font: PdfFont; tag: TextTag; color?: ReturnType<typeof pdfColor> },
) {
  const { size, font, tag, color = TEXT } = o;
  page.text(text, { x: (PAGE.width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color, tag });
}

/**
 * The QR code of the verification address (qrcode computes the modules, medium error correction),
 * drawn as squares in the page's own operators: no image to embed, sharp at any zoom. A white
 * quiet zone of four modules surrounds it, as scanners expect.
 */
function drawQr(page: PageCanvas, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 8);
  page.rectangle({ x, y, width: size, height: size, color: LIGHT });
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.data[row * modules.size + col])
        page.rectangle({
          x: x + (col + 4) * cell,
          y: y + size - (row + 5) * cell,
          width: cell,
          height: cell,
          color: DARK,
        });
}

/**
 * One child's certificate of completion: one landscape page with the school, the child's name, the
 * program, its dates and hours, the number, the signer, and a QR code of the verification address.
 * Made on request from the certificate's event, never stored. A certificate whose name was
 * corrected (`reissuedAt`) says so under its address: earlier copies are superseded.
 */
export async function certificatePdf(
  certificate: CertificateIssued,
  verifyAt: string,
  reissuedAt?: string,
): Promise<Uint8Array> {
  const canvas = await PdfCanvas.create({
    title: `${certificate.title}, ${certificate.programTitle}, ${certificate.number}`,
    author: SCHOOL.fullName,
    creator: SCHOOL.name,
    producer: SCHOOL.name,
    language: 'en-US',
    createdAt: new Date(certificate.issuedAt),
  });
  const page = canvas.addPage(PAGE);
  // Noto Sans writes any child's name (platform/pdf); Times bold is the school's own letterhead face.
  const regular = canvas.font(TYPEFACES.sans);
  const bold = canvas.font(TYPEFACES.sansBold);
  const italic = canvas.font(TYPEFACES.sansItalic);
  const serif = await canvas.standardFont(StandardFonts.TimesRomanBold);
  const clean = toOneLine;
  const p = () => canvas.root.tag('P');

  page.rectangle({
    x: 24,
    y: 24,
    width: PAGE.width - 48,
    height: PAGE.height - 48,
    color: CREAM,
    border: NAVY,
    borderWidth: 3,
  });
  page.rectangle({
    x: 36,
    y: 36,
    width: PAGE.width - 72,
    height: PAGE.height - 72,
    color: CREAM,
    border: GOLD,
    borderWidth: 1,
  });

  let y = PAGE.height - 96;
  centred(page, clean(SCHOOL.fullName), y, { size: 22, font: serif, color: NAVY, tag: p() });
  y -= 40;
  centred(page, clean(certificate.title.toUpperCase()), y, {
    size: 16,
    font: bold,
    color: MUTED,
    tag: canvas.root.tag('H1'),
  });
  y -= 50;
  centred(page, 'This certifies that', y, { size: 14, font: italic, tag: p() });
  y -= 44;
  centred(page, clean(certificate.participantName), y, { size: 34, font: bold, color: NAVY, tag: p() });
  y -= 36;
  const wording = p();
  for (const line of wrapText(clean(certificate.wording), italic, 14, PAGE.width - 240).slice(0, 3)) {
    centred(page, line, y, { size: 14, font: italic, tag: wording });
    y -= 20;
  }
  y -= 6;
  centred(page, clean(certificate.programTitle), y, { size: 18, font: bold, color: NAVY, tag: p() });
  y -= 26;
  const dates =
    certificate.firstSessionOn === certificate.completedOn
      ? day(certificate.completedOn)
      : `${day(certificate.firstSessionOn)} to ${day(certificate.completedOn)}`;
  const hours = `${certificate.hours} ${certificate.hours === 1 ? 'hour' : 'hours'}`;
  centred(page, `${dates}  |  ${hours}`, y, { size: 12, font: regular, color: MUTED, tag: p() });

  // The signer on the left, the number and the QR code on the right.
  const base = 84;
  page.line({ x: 96, y: base + 30 }, { x: 330, y: base + 30 }, { thickness: 1, color: TEXT });
  page.text(clean(certificate.signerName), { x: 96, y: base + 12, size: 12, font: bold, color: TEXT, tag: p() });
  page.text(clean(SCHOOL.fullName), { x: 96, y: base - 4, size: 10, font: regular, color: MUTED, tag: p() });

  const qrX = PAGE.width - 96 - QR_SIZE;
  drawQr(page, verifyAt, qrX, base - 20, QR_SIZE);
  const label = `Certificate ${certificate.number}`;
  page.text(label, {
    x: qrX - 16 - bold.widthOfTextAtSize(label, 11),
    y: base + 40,
    size: 11,
    font: bold,
    color: NAVY,
    tag: p(),
  });
  const check = 'Verify by scanning the code or at';
  page.text(check, {
    x: qrX - 16 - regular.widthOfTextAtSize(check, 9),
    y: base + 24,
    size: 9,
    font: regular,
    color: MUTED,
    tag: p(),
  });
  const address = clean(verifyAt.replace(/\/certificate\/.*$/, `/certificate/${certificate.number}`));
  page.text(address, {
    x: qrX - 16 - regular.widthOfTextAtSize(address, 9),
    y: base + 12,
    size: 9,
    font: regular,
    color: MUTED,
    tag: p(),
  });
  if (reissuedAt) {
    const reissued = `Reissued ${day(schoolDay(reissuedAt))}: supersedes earlier copies`;
    page.text(reissued, {
      x: qrX - 16 - italic.widthOfTextAtSize(reissued, 9),
      y: base,
      size: 9,
      font: italic,
      color: MUTED,
      tag: p(),
    });
  }

  return canvas.save();
}
