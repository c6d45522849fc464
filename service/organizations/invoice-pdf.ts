import { SCHOOL } from '../../contracts/core/school.js';
import type { InvoiceView } from '../../contracts/organizations/invoices.js';
import { PdfCanvas } from '../../platform/pdf/canvas.js';
import { INK, PAGE, RIGHT, Writer } from '../mail/receipt-layout.js';
import { schoolDay } from '../core/school-day.js';

const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
/** The school's calendar day of an instant (a due date at 9 PM in Texas is that day, not the next in UTC). */
const day = (instant: string) => schoolDay(new Date(instant));

/**
 * The invoice as a PDF (US Letter), drawn with the receipt's canvas and writer (service/mail): the
 * school and the buyer with their addresses and the tax id, the number, PO number, issue and due
 * dates, the lines, tax (0, with the words why), total, what was paid and is owed, and how to pay.
 * Noto Sans subsets (platform/pdf) write any organization's or attendee's name; each line is
 * tagged, so a screen reader reads the invoice in order.
 */
export async function invoicePdf(view: InvoiceView, now: Date): Promise<Uint8Array> {
  const canvas = await PdfCanvas.create({
    title: `Invoice ${view.number}`,
    author: SCHOOL.fullName,
    subject: `Invoice ${view.number} to ${view.buyer.name}`,
    creator: SCHOOL.name,
    producer: SCHOOL.name,
    language: 'en-US',
    createdAt: now,
  });
  const w = await Writer.on(canvas);
  const p = () => w.root.tag('P');
  w.text(SCHOOL.fullName, { font: w.serif, size: 18, color: INK.navy, tag: p() });
  w.right(`INVOICE ${view.number}`, { font: w.bold, size: 12, color: INK.navy, tag: w.root.tag('H1') });
  w.down(16);
  w.text(
    `${SCHOOL.address.line1}, ${SCHOOL.address.line2}, ${SCHOOL.address.city}, ${SCHOOL.address.region} ${SCHOOL.address.postalCode}`,
    { size: 9, color: INK.muted, tag: p() },
  );
  w.down(12);
  w.text(`${SCHOOL.email} - ${SCHOOL.phone}`, { size: 9, color: INK.muted, tag: p() });
  if (view.status === 'void') w.right('VOID', { font: w.bold, size: 14, color: INK.gold, tag: p() });

  w.heading('Bill to');
  const a = view.buyer.billingAddress;
  w.field('Organization', view.buyer.name);
  w.field('Address', [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter(Boolean).join(', '));
  if (view.buyer.taxId) w.field('Tax id', view.buyer.taxId);
  if (view.poNumber) w.field('PO number', view.poNumber);
  w.field('Quote', view.quoteNumber);
  w.field('Issued', day(view.issuedAt));
  w.field('Due', `${day(view.dueAt)} (net ${view.paymentTermsDays})`);

  w.heading('Lines');
  for (const line of view.lines) {
    const words =
      line.kind === 'workshop' ? `${line.title}, ${day(line.date)}, ${line.location}: ${line.label}` : line.description;
    const rows = w.wrap(words, w.regular, 10, RIGHT - PAGE.margin - 90);
    w.room(rows.length * 14);
    const tag = p();
    w.right(dollars(line.amountCents), { tag });
    for (const [i, row] of rows.entries()) {
      if (i > 0) w.down(14);
      w.text(row, { tag });
    }
    w.down(18);
  }
  w.rule();
  w.down(16);
  const total = (label: string, cents: number, bold = false) => {
    w.room(16);
    const tag = p();
    w.text(label, { x: RIGHT - 220, font: bold ? w.bold : w.regular, tag });
    w.right(dollars(cents), { font: bold ? w.bold : w.regular, tag });
    w.down(16);
  };
  total('Subtotal', view.subtotalCents);
  total('Tax', view.taxCents);
  total('Total', view.totalCents, true);
  if (view.creditedCents) total('Credited', -view.creditedCents);
  if (view.paidCents) total('Paid', -view.paidCents);
  total('Balance due', view.balanceCents, true);
  w.room(28);
  for (const row of w.wrap(view.taxNote, w.regular, 9, RIGHT - PAGE.margin)) {
    w.text(row, { size: 9, color: INK.muted, tag: p() });
    w.down(12);
  }

  w.heading('How to pay');
  for (const instruction of view.paymentInstructions)
    for (const row of w.wrap(instruction, w.regular, 10, RIGHT - PAGE.margin)) {
      w.room(14);
      w.text(row, { tag: p() });
      w.down(14);
    }
  return canvas.save();
}

export const invoicePdfFileName = (number: string) => `${SCHOOL.product}-${number}.pdf`;
