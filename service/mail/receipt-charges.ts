import { formatUsd, sessionShareOf, sessionShareWords } from '../../contracts/enrollment/money.js';
import { cardWords } from '../../contracts/enrollment/payment-words.js';
import { balanceLines, discountLines, receiptDate } from '../../contracts/enrollment/receipt.js';
import type { Tag } from '../../platform/pdf/structure.js';
import type { ReceiptPdfOrder } from './receipt-pdf-order.js';
import { INK, PAGE, RIGHT, type Writer } from './receipt-layout.js';

/** The charges' columns: where the quantity and the unit price end (the amount ends at the margin). */
const COL = { qty: RIGHT - 170, unit: RIGHT - 80 };

/** A row of the charges' table whose label spans the first three columns, ending where the unit prices end. */
function totalRow(w: Writer, table: Tag, label: string, amount: string, bold = false) {
  w.room(16);
  const row = table.tag('TR');
  const font = bold ? w.bold : w.regular;
  w.right(label, { x: COL.unit, font, tag: row.tag('TH', { scope: 'Row', colSpan: 3 }) });
  w.right(amount, { font, tag: row.tag('TD') });
  w.down(16);
}

/**
 * The charges as a table (a screen reader reads each amount with its column's header): the line
 * bought, the price per participant times the count; a group price or a late joiner's share as its
 * own line; then the subtotal, each discount, the tax and the total, their labels and amounts
 * aligned in the last two columns.
 */
export function charges(w: Writer, order: ReceiptPdfOrder) {
  const { item } = order;
  w.heading('Charges');
  const table = w.root.tag('Table');
  const header = table.tag('TR');
  const th = () => header.tag('TH', { scope: 'Column' });
  const muted = { font: w.bold, size: 9, color: INK.muted };
  w.text('Description', { ...muted, tag: th() });
  w.right('Qty', { ...muted, x: COL.qty, tag: th() });
  w.right('Unit price', { ...muted, x: COL.unit, tag: th() });
  w.right('Amount', { ...muted, tag: th() });
  w.down(16);

  const full = item.unitPriceCents * order.participants;
  const lines = w.wrap(item.title, w.regular, 10, COL.qty - PAGE.margin - 50);
  w.room(lines.length * 14 + 40);
  const row = table.tag('TR');
  const [description, qty, unit, amount] = [row.tag('TD'), row.tag('TD'), row.tag('TD'), row.tag('TD')];
  // The numbers on the description's first line.
  w.right(String(order.participants), { x: COL.qty, tag: qty });
  w.right(formatUsd(item.unitPriceCents), { x: COL.unit, tag: unit });
  w.right(formatUsd(full), { tag: amount });
  for (const [i, line] of lines.entries()) {
    if (i > 0) w.down(14);
    w.text(line, { tag: description });
  }
  w.down(16);
  if (order.subtotalCents < full) {
    // Joined late, the subtotal is the share of the sessions left; otherwise a group's price.
    const share = sessionShareOf(item);
    const label = share
      ? `Joined late: ${sessionShareWords(share)}, priced pro rata`
      : `Group price: ${order.participants} for ${formatUsd(order.subtotalCents)}`;
    const adjusted = table.tag('TR');
    w.text(label, { tag: adjusted.tag('TD', { colSpan: 3 }) });
    w.right(`-${formatUsd(full - order.subtotalCents)}`, { tag: adjusted.tag('TD') });
    w.down(16);
  }
  w.down(2);
  w.rule();
  w.down(16);

  totalRow(w, table, 'Subtotal', formatUsd(order.subtotalCents));
  // The sibling discount and the code, each its own line, in the order the rule took them off.
  for (const l of discountLines(order)) totalRow(w, table, l.label, `-${formatUsd(-l.amountCents)}`);
  totalRow(w, table, 'Tax', formatUsd(order.taxCents));
  totalRow(w, table, 'Total', formatUsd(order.amountCents), true);
}

/** What the card's part was paid by: the card when one named card paid it all (record 152), else as the order records it. */
function cardPaidWords(order: ReceiptPdfOrder): string {
  if (order.paidWithCard) return cardWords(order.paidWithCard);
  return order.paymentMethod === 'Gift Card' || order.paymentMethod === 'Family Credit'
    ? 'Credit Card'
    : (order.paymentMethod ?? 'Credit Card');
}

export function payment(w: Writer, order: ReceiptPdfOrder) {
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
  if (card > 0 || fromBalances.length === 0) w.field('Amount paid', `${formatUsd(card)} by ${cardPaidWords(order)}`);
  if ((order.balanceCents ?? 0) > 0)
    w.field(
      'Balance due',
      `${formatUsd(order.balanceCents!)}${order.balanceDueAt ? ` by ${receiptDate(order.balanceDueAt)}` : ''}, from your booking page`,
    );
  if (order.refundedCents > 0) w.field('Refunded', formatUsd(order.refundedCents));
  if (order.refundsUnderwayCents > 0) w.field('Refund on its way', formatUsd(order.refundsUnderwayCents));
  if (order.refundedCents > 0) w.field('Net paid', formatUsd(Math.max(0, order.paidCents - order.refundedCents)));
}
