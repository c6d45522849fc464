import { SCHOOL } from '../../contracts/core/school.js';
import { toOneLine } from '../../contracts/core/text.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { receiptStamp } from '../../contracts/enrollment/receipt.js';
import { PdfCanvas } from '../../platform/pdf/canvas.js';
import type { MailAttachment } from './port.js';
import { Writer } from './receipt-layout.js';
import { footer, letterhead, stamp } from './receipt-pdf.js';

/** A payment with no order of its own to print (a gift card): what, how much, when, how, by whom. */
export interface PaymentReceipt {
  receiptNumber: string;
  what: string;
  amountCents: number;
  paidAt: string;
  method: string;
  billedTo: string;
}

/** The receipt of such a payment, on the order receipt's letterhead, fields and footer (receipt-pdf.ts). */
export async function paymentReceiptPdf(receipt: PaymentReceipt, printedAt: Date): Promise<Uint8Array> {
  const canvas = await PdfCanvas.create({
    title: `Receipt ${toOneLine(receipt.receiptNumber)}, ${SCHOOL.fullName}`,
    author: SCHOOL.fullName,
    subject: toOneLine(receipt.what),
    creator: SCHOOL.name,
    producer: SCHOOL.name,
    language: 'en-US',
    createdAt: printedAt,
  });
  const w = await Writer.on(canvas);
  letterhead(w);
  w.field('Receipt number', receipt.receiptNumber);
  stamp(w, { text: 'Paid in full', paid: true });
  w.field('Date paid', receiptStamp(receipt.paidAt));
  w.field('Payment method', receipt.method);
  w.field('Billed to', receipt.billedTo);
  w.heading('Purchase');
  w.field('Item', receipt.what);
  w.field('Total', formatUsd(receipt.amountCents));
  w.heading('Payment');
  w.field('Amount paid', `${formatUsd(receipt.amountCents)} by ${receipt.method}`);
  footer(w, printedAt);
  return canvas.save();
}

export const paymentReceiptPdfAttachment = async (
  receipt: PaymentReceipt,
  printedAt: Date,
): Promise<MailAttachment> => ({
  filename: `${SCHOOL.product}-Receipt-${receipt.receiptNumber}.pdf`,
  content: Buffer.from(await paymentReceiptPdf(receipt, printedAt)).toString('base64'),
  contentType: 'application/pdf',
  encoding: 'base64',
});
