import { ADDRESS_ONE_LINE, SCHOOL } from '../core/school.js';
import { toOneLine } from '../core/text.js';
import type { OrderView } from './api.js';
import { formatUsd } from './money.js';

/** The receipt file's name: {product}-Receipt-{orderId}.txt */
export const receiptFileName = (orderId: string) => `${SCHOOL.product}-Receipt-${orderId}.txt`;

/** What the receipt needs: the order as the read model has it, or nothing but its id when unknown. */
export type ReceiptOrder = Pick<
  OrderView,
  | 'orderReference'
  | 'confirmedAt'
  | 'submittedAt'
  | 'paymentMethod'
  | 'item'
  | 'attendees'
  | 'participants'
  | 'subtotalCents'
  | 'taxCents'
  | 'amountCents'
  | 'contactName'
  | 'refundedCents'
>;

const inSchoolZone = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL.timeZone, ...options });
const longDate = inSchoolZone({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const stamp = inSchoolZone({ year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Every value goes through toOneLine: names and titles come from stored events, some written
 * before the API refused line breaks, and one must not add lines of its own to a receipt.
 */
const line = (label: string, value: string) => `${`${label}:`.padEnd(24)}${toOneLine(value)}`;

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
    line('Payment method', order.paymentMethod ?? '-'),
    line('Billed to', order.contactName),
    '',
    item.kind === 'workshop' ? 'WORKSHOP' : item.kind === 'program' ? 'PROGRAM' : 'ENROLLMENT',
    toOneLine(item.title),
  );
  if (item.date) out.push(line('Date', longDate.format(new Date(item.date))));
  if (item.time) out.push(line('Time', item.time));
  if (item.duration) out.push(line('Duration', item.duration));
  if (item.location) out.push(line('Location', item.location));
  if (item.instructor) out.push(line('Instructor', item.instructor));
  if (item.attire) out.push(line('Attire', item.attire));
  out.push(
    '',
    `ATTENDEES (${order.participants})`,
    ...order.attendees.map((name, i) => `  ${i + 1}. ${toOneLine(name)}`),
  );
  out.push(
    '',
    'AMOUNTS',
    line('Price per participant', formatUsd(item.unitPriceCents)),
    line('Participants', String(order.participants)),
    ...(order.subtotalCents < item.unitPriceCents * order.participants
      ? [line('Group price', `${order.participants} for ${formatUsd(order.subtotalCents)}`)]
      : []),
    line('Subtotal', formatUsd(order.subtotalCents)),
    line('Tax', formatUsd(order.taxCents)),
    line('Total', formatUsd(order.amountCents)),
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
