import { sessionCountWords, timeRangeWords } from '../../contracts/catalogue/session-words.js';
import { ADDRESS_ONE_LINE, SCHOOL } from '../../contracts/core/school.js';
import { toOneLine } from '../../contracts/core/text.js';
import { sessionsAttended } from '../../contracts/enrollment/events.js';
import { isStrictItem } from '../../contracts/enrollment/form.js';
import { paymentMethodWords } from '../../contracts/enrollment/payment-words.js';
import { sessionShareWords } from '../../contracts/enrollment/money.js';
import { participantName } from '../../contracts/enrollment/participants.js';
import {
  placeCancelled,
  receiptDate,
  receiptPdfFileName,
  receiptStamp,
  type ReceiptOrder,
} from '../../contracts/enrollment/receipt.js';
import { PdfCanvas } from '../../platform/pdf/canvas.js';
import type { MailAttachment } from './port.js';
import { charges, payment } from './receipt-charges.js';
import type { ReceiptPdfOrder } from './receipt-pdf-order.js';
import { FOOTER_TOP, INK, PAGE, RIGHT, Writer } from './receipt-layout.js';

export type { ReceiptPdfOrder };
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
export function stamp(w: Writer, stand: { text: string; paid: boolean }) {
  const size = 13;
  const width = w.bold.widthOfTextAtSize(stand.text, size) + 28;
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
  w.text(stand.text, {
    x: RIGHT - width + 14,
    font: w.bold,
    size,
    color: stand.paid ? INK.success : INK.navy,
    tag: w.root.tag('P'),
  });
  w.y = y;
}

/** The school, as a letterhead, and the word RECEIPT on the right: the document's heading. */
export function letterhead(w: Writer) {
  w.down(14);
  w.text(SCHOOL.fullName, { font: w.serif, size: 20, color: INK.navy, tag: w.root.tag('P') });
  w.right('RECEIPT', { font: w.bold, size: 16, color: INK.navy, tag: w.root.tag('H1') });
  w.down(18);
  w.text(ADDRESS_ONE_LINE, { size: 9, color: INK.muted, tag: w.root.tag('P') });
  w.down(13);
  w.text(`${SCHOOL.phone}  |  ${SCHOOL.email}`, { size: 9, color: INK.muted, tag: w.root.tag('P') });
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
    paymentMethodWords(order.paymentMethod, order.pricing, order.card) ??
      (order.isFree ? 'Free Enrollment' : 'Credit Card'),
  );
  if (order.contactName) w.field('Billed to', order.contactName);
  if (order.status === 'cancelled') w.field('Status', 'Cancelled');
}

/** What was bought: its title, and its day and time, or each session of a course (from the one a late joiner joined at). */
function itemFields(w: Writer, { item }: ReceiptPdfOrder) {
  w.heading(item.kind === 'program' ? 'Program' : 'Workshop');
  w.field('Title', item.title);
  const sessions = item.sessions && item.sessions.length > 1 ? sessionsAttended(item) : [];
  if (sessions.length > 0) {
    const total = item.sessions!.length;
    w.field(
      'Sessions',
      sessions.length < total ? sessionShareWords({ left: sessions.length, total }) : sessionCountWords(total),
    );
    const list = w.root.tag('L');
    for (const { number, session } of sessions)
      w.field(
        `Session ${number}`,
        `${receiptDate(session.startsAt)}, ${timeRangeWords(session, item.timeZone)}`,
        120,
        list.tag('LI'),
      );
  } else {
    if (item.date) w.field('Date', receiptDate(item.date));
    if (item.time) w.field('Time', item.time);
  }
  if (item.location) w.field('Location', item.location);
  if (item.instructor) w.field('Instructor', item.instructor);
}

/** Each participant as an item of a numbered list, or their count where the reader may not see names. */
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
  const list = names.length > 0 ? w.root.tag('L') : undefined;
  if (list) for (const [i, name] of names.entries()) w.field(`${i + 1}.`, name, 24, list.tag('LI'));
  else
    w.field(
      '',
      `${order.participants} ${order.participants === 1 ? 'participant' : 'participants'}. Their names are on the receipt attached to your confirmation e-mail and on your booking page.`,
      0,
    );
}

/** The footer at the foot of the last page, and the page count (an artifact) when the receipt runs over one. */
export function footer(w: Writer, printedAt: Date) {
  w.y = FOOTER_TOP - 8;
  w.rule();
  const muted = { size: 9, color: INK.muted };
  w.y = PAGE.margin + 26;
  w.text(`Questions? Call ${SCHOOL.phone} or write to ${SCHOOL.email}.`, { ...muted, tag: w.root.tag('P') });
  w.y = PAGE.margin + 13;
  w.text(`Printed ${receiptStamp(printedAt.toISOString())} (${SCHOOL.timeZone.replace('_', ' ')} time).`, {
    ...muted,
    tag: w.root.tag('P'),
  });
  w.y = PAGE.margin;
  w.text(`Thank you for choosing ${SCHOOL.name}!`, { ...muted, tag: w.root.tag('P') });
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
        tag: 'artifact',
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
