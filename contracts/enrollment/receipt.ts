import { ADDRESS_ONE_LINE, SCHOOL } from '../core/school.js';
import { paymentMethodWords } from './payment-words.js';
import { toOneLine } from '../core/text.js';
import type { Order } from './api.js';
import { isStrictItem } from './form.js';
import { formatUsd, priceEnrollment, sessionShareOf, sessionShareWords } from './money.js';
import { sessionsAttended } from './events.js';
import { sessionDayWords, timeRangeWords } from '../catalogue/session-words.js';
import { participantFacts, participantName } from './participants.js';

/** The receipt file's name: {product}-Receipt-{orderId}.txt */
export const receiptFileName = (orderId: string) => `${SCHOOL.product}-Receipt-${orderId}.txt`;
/** {product}-Receipt-{orderId}.pdf, beside the text receipt's name. */
export const receiptPdfFileName = (orderId: string) => `${SCHOOL.product}-Receipt-${orderId}.pdf`;

/**
 * What the receipt needs: the order as the read model has it, or nothing but its id when unknown.
 * The names (`contactName`, `attendees`, `participantDetails`) are there when the receipt is made
 * for the parent (the e-mail, the booking page); the order confirmation page, which anyone with an
 * order number may open, has none and prints the count of attendees only.
 */
export type ReceiptOrder = Pick<
  Order,
  | 'orderReference'
  | 'confirmedAt'
  | 'submittedAt'
  | 'paymentMethod'
  | 'item'
  | 'participants'
  | 'subtotalCents'
  | 'taxCents'
  | 'amountCents'
  | 'refundedCents'
> &
  Partial<
    Pick<
      Order,
      | 'attendees'
      | 'participantDetails'
      | 'contactName'
      | 'card'
      | 'leftParticipants'
      | 'pricing'
      | 'balanceCents'
      | 'balanceDueAt'
    >
  >;

const inSchoolZone = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL.timeZone, ...options });
const longDate = inSchoolZone({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const stamp = inSchoolZone({ year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const stampDay = inSchoolZone({ year: 'numeric', month: 'long', day: 'numeric' });

/** "Saturday, June 7, 2025" on the school's clock, as the receipts print a workshop's day. */
export const receiptDate = (iso: string) => longDate.format(new Date(iso));
/** "June 7, 2025 at 12:30 PM" on the school's clock, as the receipts print when. */
export const receiptStamp = (iso: string) => stamp.format(new Date(iso));

/** A price line: its label and a signed amount, aligned to the right of a wider column than `line`'s. */
const priced = (label: string, cents: number) =>
  `${`${toOneLine(label)}:`.padEnd(44)}${cents < 0 ? `-${formatUsd(-cents)}` : formatUsd(cents)}`;

/** The lines of the breakdown that come off the seats (sibling discount, code), and those that paid it (gift card, credit). */
export const discountLines = (order: Pick<ReceiptOrder, 'pricing'>) =>
  (order.pricing?.lines ?? []).filter((l) => l.kind === 'sibling' || l.kind === 'discount-code');
export const balanceLines = (order: Pick<ReceiptOrder, 'pricing'>) =>
  (order.pricing?.lines ?? []).filter((l) => l.kind === 'gift-card' || l.kind === 'credit');

/**
 * Every value goes through toOneLine: names and titles come from stored events, some written
 * before the API refused line breaks, and one must not add lines of its own to a receipt.
 */
const line = (label: string, value: string) => `${`${label}:`.padEnd(24)}${toOneLine(value)}`;

/** ", place cancelled June 1, 2025" (or ", moved to <workshop> June 1, 2025") after a participant who left, else "". */
export function placeCancelled(order: Pick<ReceiptOrder, 'leftParticipants'>, index: number): string {
  const left = order.leftParticipants?.find((l) => l.participant === index);
  if (!left) return '';
  const on = stampDay.format(new Date(left.at));
  return left.to ? `, moved to ${toOneLine(left.to.title)} ${on}` : `, place cancelled ${on}`;
}

/**
 * Every participant with their details (age, grade, school, dietary restrictions, photography in
 * the stricter categories); an order projected before details existed lists its names.
 */
function attendeeLines(order: ReceiptOrder): string[] {
  const details = order.participantDetails;
  // The order confirmation page has no names to print: it says where they are rather than leave the heading bare.
  if (!details && !order.attendees?.length)
    return ['  Their names are on the receipt attached to your confirmation e-mail and on your booking page.'];
  if (!details) return (order.attendees ?? []).map((name, i) => `  ${i + 1}. ${toOneLine(name)}`);
  const strict = isStrictItem(order.item);
  return details.flatMap((p, i) => [
    `  ${i + 1}. ${toOneLine(participantName(p, i, order.contactName ?? ''))}${placeCancelled(order, i)}`,
    ...participantFacts(p, strict).map((f) => `     ${line(f.label, f.value)}`),
  ]);
}

/**
 * The plain-text receipt a parent keeps: the school, the order id and reference, when, what and
 * where, who attends, the amounts and how it was paid. Shared by the Download Receipt button and
 * the confirmation e-mail, so both say the same.
 */
export function receiptText(orderId: string, order: ReceiptOrder | null, printedAt: Date = new Date()): string {
  const rule = '='.repeat(56);
  const out = [
    SCHOOL.fullName,
    ADDRESS_ONE_LINE,
    `${SCHOOL.phone} | ${SCHOOL.email}`,
    rule,
    'RECEIPT',
    rule,
    line('Order number', orderId),
  ];
  if (!order) {
    out.push(
      '',
      'The details of this order are not available right now.',
      `Please contact us at ${SCHOOL.email} with your order number.`,
    );
    return out.join('\n') + '\n';
  }
  const { item } = order;
  out.push(
    line('Order reference', order.orderReference ?? '-'),
    line('Order date', stamp.format(new Date(order.confirmedAt ?? order.submittedAt))),
    line('Payment method', paymentMethodWords(order.paymentMethod, order.pricing, order.card) ?? '-'),
    ...(order.contactName ? [line('Billed to', order.contactName)] : []),
    '',
    item.kind === 'workshop' ? 'WORKSHOP' : item.kind === 'program' ? 'PROGRAM' : 'ENROLLMENT',
    toOneLine(item.title),
  );
  const sessions = item.sessions && item.sessions.length > 1 ? sessionsAttended(item) : [];
  if (sessions.length > 0) {
    out.push(line('Sessions', sessionShareWords({ left: sessions.length, total: item.sessions!.length })));
    for (const { number, session } of sessions)
      out.push(
        `  Session ${number}: ${sessionDayWords(session, item.timeZone)}, ${timeRangeWords(session, item.timeZone)}`,
      );
  } else {
    if (item.date) out.push(line('Date', longDate.format(new Date(item.date))));
    if (item.time) out.push(line('Time', item.time));
  }
  if (item.duration) out.push(line('Duration', item.duration));
  if (item.location) out.push(line('Location', item.location));
  if (item.instructor) out.push(line('Instructor', item.instructor));
  if (item.attire) out.push(line('Attire', item.attire));
  out.push('', `ATTENDEES (${order.participants})`, ...attendeeLines(order));
  out.push(
    '',
    'AMOUNTS',
    line('Price per participant', formatUsd(item.unitPriceCents)),
    line('Participants', String(order.participants)),
    ...groupAndShareLines(item, order.participants, order.subtotalCents),
    line('Subtotal', formatUsd(order.subtotalCents)),
    ...discountLines(order).map((l) => priced(l.label, l.amountCents)),
    line('Tax', formatUsd(order.taxCents)),
    line('Total', formatUsd(order.amountCents)),
  );
  const paidBy = balanceLines(order);
  if (paidBy.length > 0) out.push('', 'PAID FROM BALANCES', ...paidBy.map((l) => priced(l.label, l.amountCents)));
  if ((order.balanceCents ?? 0) > 0)
    out.push(
      '',
      line('Balance due', formatUsd(order.balanceCents!)),
      ...(order.balanceDueAt ? [line('Due by', longDate.format(new Date(order.balanceDueAt)))] : []),
      'Pay the balance from your booking page (the link in your confirmation e-mail).',
    );
  if (order.refundedCents > 0) out.push(line('Refunded', formatUsd(order.refundedCents)));
  out.push(
    '',
    'Please arrive 15 minutes early.',
    `Questions? Call ${SCHOOL.phone} or write to ${SCHOOL.email}.`,
    `Printed ${stamp.format(printedAt)} (${SCHOOL.timeZone.replace('_', ' ')} time).`,
    '',
    `Thank you for choosing ${SCHOOL.name}!`,
  );
  return out.join('\n') + '\n';
}

/** The group price that applied, and a late joiner's share of the sessions ("3 of 4 sessions"). */
function groupAndShareLines(item: ReceiptOrder['item'], participants: number, subtotalCents: number): string[] {
  const share = sessionShareOf(item);
  // Joined late, the subtotal is a share: the group price is the rule's for the count, if one applied.
  const group = share
    ? priceEnrollment(item.unitPriceCents, participants, item.priceTiers ?? []).tier?.totalCents
    : subtotalCents < item.unitPriceCents * participants
      ? subtotalCents
      : undefined;
  return [
    ...(group !== undefined ? [line('Group price', `${participants} for ${formatUsd(group)}`)] : []),
    ...(share ? [line('Joined late', `${sessionShareWords(share)}, priced pro rata`)] : []),
  ];
}
