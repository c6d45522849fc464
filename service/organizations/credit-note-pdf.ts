import { SCHOOL } from '../../contracts/core/school.js';
import type { InvoiceView } from '../../contracts/organizations/invoices.js';
import { PdfCanvas } from '../../platform/pdf/canvas.js';
import { INK, Writer } from '../mail/receipt-layout.js';
import { schoolDay } from '../core/school-day.js';
import { dollars } from './organization-emails.js';

type CreditNote = InvoiceView['creditNotes'][number];

/** What a credit note credits, in words: the seats of a line it cancelled, or an amount refunded. */
function creditWords(view: InvoiceView, note: CreditNote, seats?: { line: number; seats: number }): string {
  const line = seats ? view.lines[seats.line] : undefined;
  if (seats && line?.kind === 'workshop')
    return `${seats.seats} ${seats.seats === 1 ? 'seat' : 'seats'} cancelled: ${line.title}, ${schoolDay(new Date(line.date))}`;
  return note.reason === 'refund' ? 'Amount credited for a refund' : 'Seats cancelled';
}

/**
 * A credit note as a PDF (US Letter), drawn like the invoice (invoice-pdf.ts): the school and the
 * buyer, the credit note's number and day, the invoice it is against with its PO number, what it
 * credits and why, and the amount; each line tagged, so a screen reader reads it in order.
 */
export async function creditNotePdf(
  view: InvoiceView,
  note: CreditNote,
  seats: { line: number; seats: number } | undefined,
  now: Date,
): Promise<Uint8Array> {
  const canvas = await PdfCanvas.create({
    title: `Credit note ${note.number}`,
    author: SCHOOL.fullName,
    subject: `Credit note ${note.number} against invoice ${view.number} to ${view.buyer.name}`,
    creator: SCHOOL.name,
    producer: SCHOOL.name,
    language: 'en-US',
    createdAt: now,
  });
  const w = await Writer.on(canvas);
  const p = () => w.root.tag('P');
  w.text(SCHOOL.fullName, { font: w.serif, size: 18, color: INK.navy, tag: p() });
  w.right(`CREDIT NOTE ${note.number}`, { font: w.bold, size: 12, color: INK.navy, tag: w.root.tag('H1') });
  w.down(16);
  w.text(`${SCHOOL.email} - ${SCHOOL.phone}`, { size: 9, color: INK.muted, tag: p() });

  w.heading('Credited to');
  const a = view.buyer.billingAddress;
  w.field('Organization', view.buyer.name);
  w.field('Address', [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter(Boolean).join(', '));
  if (view.buyer.taxId) w.field('Tax id', view.buyer.taxId);
  w.field('Against invoice', view.number);
  if (view.poNumber) w.field('PO number', view.poNumber);
  w.field('Issued', schoolDay(new Date(note.issuedAt)));

  w.heading('Credit');
  w.field('For', creditWords(view, note, seats));
  if (note.note) w.field('Note', note.note);
  w.field('Amount credited', dollars(note.amountCents));
  w.field('Invoice total', dollars(view.totalCents));
  w.field('Balance due now', dollars(view.balanceCents));
  return canvas.save();
}

export const creditNotePdfFileName = (number: string) => `${SCHOOL.product}-${number}.pdf`;
