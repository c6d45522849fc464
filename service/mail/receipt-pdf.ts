import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import { paymentMethodWords } from '../../contracts/enrollment/payment-words.js';
import { toOneLine } from '../../contracts/core/text.js';
import { isStrictItem } from '../../contracts/enrollment/form.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { participantName } from '../../contracts/enrollment/participants.js';
import {
  balanceLines,
  discountLines,
  placeCancelled,
  receiptDate,
  receiptPdfFileName,
  receiptStamp,
  type ReceiptOrder,
} from '../../contracts/enrollment/receipt.js';
import { PdfCanvas } from './pdf-canvas.js';
import type { MailAttachment } from './port.js';
import { FOOTER_TOP, INK, PAGE, RIGHT, Writer } from './receipt-layout.js';

/**
 * What the PDF receipt needs beyond the text receipt's order: what was paid, the refunds decided
 * and the order's status. `attendees`, `participantDetails` and `contactName` are left out where
 * the reader may not see names (the order confirmation page, reached by order number alone): the
 * receipt then gives the count and says where the names are.
 */
export interface ReceiptPdfOrder extends ReceiptOrder {
  isFree: boolean;
  status: 'pending' | 'completed' | 'expired' | 'cancelled' | 'refunded';
  /** What came in, in cents: the card's, and the gift card's and family credit's (0 when free or unpaid). */
  paidCents: number;
  /** Refunds decided but not yet through (pending or failed), in cents; issued ones are `refundedCents`. */
  refundsUnderwayCents: number;
}

export { receiptPdfFileName };

/** The confirmation e-mail's attachment: the PDF's bytes in base64. */
export const receiptPdfAttachment = async (
  orderId: string,
  order: ReceiptPdfOrder,
  printedAt: Date,
): Promise<MailAttachment> => ({
  filename: receiptPdfFileName(orderId),
  content: Buffer.from(await receiptPdf(orderId, order, printedAt)).toString('base64'),
  contentType: 'application/pdf',
  encoding: 'base64',
});

/** The receipt of an order as it is confirmed: paid in full (or its deposit), or free; nothing refunded yet. */
export const confirmedReceiptPdfAttachment = (orderId: string, order: ReceiptOrder, printedAt: Date) =>
  receiptPdfAttachment(
    orderId,
    {
      ...order,
      isFree: order.amountCents === 0,
      status: 'completed',
      paidCents: order.amountCents - (order.balanceCents ?? 0),
      refundsUnderwayCents: 0,
    },
    printedAt,
  );

/** Where the money stands, in one line a reimbursement office reads first. */
function standing(order: ReceiptPdfOrder): { text: string; paid: boolean } {
  if (order.isFree || order.amountCents === 0) return { text: 'Free enrollment', paid: true };
  if (order.refundedCents >= order.paidCents && order.paidCents > 0) return { text: 'Refunded in full', paid: false };
  if (order.refundedCents > 0) return { text: 'Partly refunded', paid: false };
  if (order.refundsUnderwayCents > 0) return { text: 'Refund on its way', paid: false };
  if ((order.balanceCents ?? 0) > 0) return { text: 'Deposit paid', paid: false };
  if (order.paidCents >= order.amountCents) return { text: 'Paid in full', paid: true };
  return { text: 'Not paid', paid: false };
}

/**
 * Where the money stands, in a box at the right of the order's date and payment method (short
 * values, so nothing runs under it), green when settled: what a reimbursement office looks for.
 */
function stamp(w: Writer, stand: { text: string; paid: boolean }) {
  const size = 13;
  const label = w.clean(stand.text);
  const width = w.bold.widthOfTextAtSize(label, size) + 28;
  w.page.rectangle({
    x: RIGHT - width,
    y: w.y - 18,
    width,
    height: 30,
    color: stand.paid ? INK.successBg : INK.cream,
    border: stand.paid ? INK.success : INK.border,
    borderWidth: 1,
  });
  // Drawn on a baseline of its own, centred in the box, then the cursor goes back to the fields.
  const y = w.y;
  w.y -= 8;
  w.text(label, { x: RIGHT - width + 14, font: w.bold, size, color: stand.paid ? INK.success : INK.navy });
  w.y = y;
}

/** The school, as a letterhead, and the word RECEIPT on the right. */
function letterhead(w: Writer) {
  w.down(14);
  w.text(SCHOOL.fullName, { font: w.serif, size: 20, color: INK.navy });
  w.right('RECEIPT', { font: w.bold, size: 16, color: INK.navy });
  w.down(18);
  w.text(ADDRESS_ONE_LINE, { size: 9, color: INK.muted });
  w.down(13);
  w.text(`${SCHOOL.phone}  |  ${SCHOOL.email}`, { size: 9, color: INK.muted });
  w.down(12);
  w.rule(INK.gold, 2);
  w.down(24);
}

/** The order's numbers, date, payment method and contact, with where the money stands beside them. */
function orderFields(w: Writer, orderId: string, order: ReceiptPdfOrder) {
  w.field('Order number', orderId);
  w.field('Order reference', order.orderReference ?? '-');
  stamp(w, standing(order));
  w.field('Order date', receiptStamp(order.confirmedAt ?? order.submittedAt));
  w.field(
    'Payment method',
    paymentMethodWords(order.paymentMethod, order.pricing) ?? (order.isFree ? 'Free Enrollment' : 'Credit Card'),
  );
  if (order.contactName) w.field('Billed to', order.contactName);
  if (order.status === 'cancelled') w.field('Status', 'Cancelled');
}

function itemFields(w: Writer, { item }: ReceiptPdfOrder) {
  w.heading(item.kind === 'program' ? 'Program' : 'Workshop');
  w.field('Title', item.title);
  if (item.date) w.field('Date', receiptDate(item.date));
  if (item.time) w.field('Time', item.time);
  if (item.location) w.field('Location', item.location);
  if (item.instructor) w.field('Instructor', item.instructor);
}

function participants(w: Writer, order: ReceiptPdfOrder) {
  w.heading(`Participants (${order.participants})`);
  const details = order.participantDetails;
  const names = details
    ? details.map((p, i) => {
        const name = participantName(p, i, order.contactName ?? '');
        const aged = isStrictItem(order.item) && p.age !== null ? `${name}, age ${p.age}` : name;
        return `${aged}${placeCancelled(order, i)}`;
      })
    : (order.attendees ?? []);
  if (names.length > 0) for (const [i, name] of names.entries()) w.field(`${i + 1}.`, name, 24);
  else
    w.field(
      '',
      `${order.participants} ${order.participants === 1 ? 'participant' : 'participants'}. Their names are on the receipt attached to your confirmation e-mail and on your booking page.`,
      0,
    );
}

/** One line bought: the price per participant times the count, a group price as its own line; then the totals. */
function charges(w: Writer, order: ReceiptPdfOrder) {
  const { item } = order;
  w.heading('Charges');
  const col = { qty: RIGHT - 170, unit: RIGHT - 80 };
  w.text('Description', { font: w.bold, size: 9, color: INK.muted });
  w.right('Qty', { x: col.qty, font: w.bold, size: 9, color: INK.muted });
  w.right('Unit price', { x: col.unit, font: w.bold, size: 9, color: INK.muted });
  w.right('Amount', { font: w.bold, size: 9, color: INK.muted });
  w.down(16);
  const full = item.unitPriceCents * order.participants;
  const lines = w.wrap(item.title, w.regular, 10, col.qty - PAGE.margin - 50);
  w.room(lines.length * 14 + 40);
  w.right(String(order.participants), { x: col.qty });
  w.right(formatUsd(item.unitPriceCents), { x: col.unit });
  w.right(formatUsd(full));
  for (const [i, line] of lines.entries()) {
    if (i > 0) w.down(14);
    w.text(line);
  }
  w.down(16);
  if (order.subtotalCents < full) {
    w.text(`Group price: ${order.participants} for ${formatUsd(order.subtotalCents)}`);
    w.right(`-${formatUsd(full - order.subtotalCents)}`);
    w.down(16);
  }
  w.down(2);
  w.rule();
  w.down(16);

  const total = (label: string, cents: string, bold = false) => {
    w.room(16);
    w.right(label, { x: col.unit, font: bold ? w.bold : w.regular });
    w.right(cents, { font: bold ? w.bold : w.regular });
    w.down(16);
  };
  total('Subtotal', formatUsd(order.subtotalCents));
  // The sibling discount and the code, each its own line, in the order the rule took them off.
  for (const l of discountLines(order)) {
    w.room(16);
    w.text(l.label);
    w.right(`-${formatUsd(-l.amountCents)}`);
    w.down(16);
  }
  total('Tax', formatUsd(order.taxCents));
  total('Total', formatUsd(order.amountCents), true);
}

function payment(w: Writer, order: ReceiptPdfOrder) {
  w.heading('Payment');
  if (order.isFree || order.amountCents === 0) {
    w.field('Amount paid', `${formatUsd(0)} (free enrollment)`);
    return;
  }
  // What paid it, by where the money came from: the gift card, the family credit, the card.
  const fromBalances = balanceLines(order);
  for (const l of fromBalances)
    w.field(l.kind === 'gift-card' ? 'Gift card' : 'Family credit', `${formatUsd(-l.amountCents)} (${l.label})`);
  const card = order.paidCents + fromBalances.reduce((sum, l) => sum + l.amountCents, 0);
  if (card > 0 || fromBalances.length === 0)
    w.field(
      'Amount paid',
      `${formatUsd(card)} by ${order.paymentMethod === 'Gift Card' || order.paymentMethod === 'Family Credit' ? 'Credit Card' : (order.paymentMethod ?? 'Credit Card')}`,
    );
  if ((order.balanceCents ?? 0) > 0)
    w.field(
      'Balance due',
      `${formatUsd(order.balanceCents!)}${order.balanceDueAt ? ` by ${receiptDate(order.balanceDueAt)}` : ''}, from your booking page`,
    );
  if (order.refundedCents > 0) w.field('Refunded', formatUsd(order.refundedCents));
  if (order.refundsUnderwayCents > 0) w.field('Refund on its way', formatUsd(order.refundsUnderwayCents));
  if (order.refundedCents > 0) w.field('Net paid', formatUsd(Math.max(0, order.paidCents - order.refundedCents)));
}

/** The footer at the foot of the last page, and the page count when the receipt runs over one. */
function footer(w: Writer, printedAt: Date) {
  w.y = FOOTER_TOP - 8;
  w.rule();
  w.y = PAGE.margin + 26;
  w.text(`Questions? Call ${SCHOOL.phone} or write to ${SCHOOL.email}.`, { size: 9, color: INK.muted });
  w.y = PAGE.margin + 13;
  w.text(`Printed ${receiptStamp(printedAt.toISOString())} (${SCHOOL.timeZone.replace('_', ' ')} time).`, {
    size: 9,
    color: INK.muted,
  });
  w.y = PAGE.margin;
  w.text(`Thank you for choosing ${SCHOOL.name}!`, { size: 9, color: INK.muted });
  const { pages } = w.canvas;
  if (pages.length > 1)
    for (const [i, page] of pages.entries()) {
      const label = `Page ${i + 1} of ${pages.length}`;
      page.text(label, {
        x: RIGHT - w.regular.widthOfTextAtSize(label, 9),
        y: PAGE.margin,
        size: 9,
        font: w.regular,
        color: INK.muted,
      });
    }
}

/**
 * The PDF receipt: the school's name, address and phone, the order number and reference, the date,
 * each participant, the line bought with its price, the amounts paid and refunded, the payment
 * method, and "Paid in full" when it is. The same document is attached to the confirmation e-mail
 * and served on the booking page; the text receipt (contracts/enrollment/receipt.ts) says the same.
 */
export async function receiptPdf(orderId: string, order: ReceiptPdfOrder, printedAt: Date): Promise<Uint8Array> {
  const canvas = await PdfCanvas.create({
    title: `Receipt ${toOneLine(orderId)}, ${SCHOOL.fullName}`,
    author: SCHOOL.fullName,
    subject: toOneLine(order.item.title),
    creator: SCHOOL.name,
    producer: SCHOOL.name,
    language: 'en-US',
    createdAt: printedAt,
  });
  const w = await Writer.on(canvas);
  letterhead(w);
  orderFields(w, orderId, order);
  itemFields(w, order);
  participants(w, order);
  charges(w, order);
  payment(w, order);
  footer(w, printedAt);
  return canvas.save();
}
