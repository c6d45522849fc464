import { SCHOOL } from '../../contracts/core/school.js';
import { toOneLine } from '../../contracts/core/text.js';
import type { EnrollmentSubmitted, PurchasedItem } from '../../contracts/enrollment/events.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { MailMessage } from '../mail/port.js';
import { workshopIcs } from './ics.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

const when = (item: PurchasedItem) =>
  item.date ? `${longDate.format(new Date(item.date))}${item.time ? `, ${toOneLine(item.time)}` : ''}` : '';

const signature = [
  `Questions? Reply to this e-mail or call us at ${SCHOOL.phone}.`,
  '',
  'Warm regards,',
  SCHOOL.fullName,
];

/** One message per cancellation: a re-send after a crash is recognisably the same message. */
export const cancellationMessageId = (enrollmentId: string) => `<cancel-${enrollmentId}@${DOMAIN}>`;
export const transferMessageId = (transferId: string) => `<${transferId}@${DOMAIN}>`;

/** The cancellation e-mail: what was cancelled, why, and what comes back. */
export function cancellationEmail(input: {
  submission: EnrollmentSubmitted;
  item: PurchasedItem;
  orderId: string | null;
  note: string | null;
  refundCents: number;
}): MailMessage {
  const { submission, item, orderId, note, refundCents } = input;
  const title = toOneLine(item.title);
  const ref = orderId ?? submission.enrollmentId;
  const date = when(item);
  const refund =
    refundCents > 0
      ? `Refund: ${formatUsd(refundCents)}, returned to the card you paid with. It usually shows on your statement within 5 to 10 business days.`
      : submission.isFree
        ? 'This enrollment was free, so there is nothing to refund.'
        : 'Refund: none.';
  const text = [
    `Dear ${toOneLine(submission.form.firstName)},`,
    '',
    `Your enrollment in ${title}${date ? ` on ${date}` : ''} (order ${ref}) has been cancelled.`,
    '',
    `Reason: ${note ? toOneLine(note) : 'cancelled by the school.'}`,
    refund,
    '',
    ...signature,
  ].join('\n');
  return {
    to: submission.form.email,
    subject: `Your enrollment is cancelled: ${title} (${ref})`,
    text,
    messageId: cancellationMessageId(submission.enrollmentId),
    attachments: [],
  };
}

/** The transfer e-mail: the new date and place, the difference refunded, and a calendar file that replaces the old one. */
export function transferEmail(input: {
  submission: EnrollmentSubmitted;
  from: PurchasedItem;
  to: PurchasedItem;
  orderId: string | null;
  transferId: string;
  refundCents: number;
  /** How many times this enrollment has moved, this one included: the calendar event's SEQUENCE. */
  sequence: number;
  now: Date;
}): MailMessage {
  const { submission, from, to, orderId, transferId, refundCents, sequence, now } = input;
  const ref = orderId ?? submission.enrollmentId;
  const title = toOneLine(to.title);
  // Same UID as the confirmation's calendar file, a higher SEQUENCE: calendars move the event.
  const ics = workshopIcs({ uid: `${ref}@${DOMAIN}`, item: to, orderId: ref, stamp: now, sequence });
  const text = [
    `Dear ${toOneLine(submission.form.firstName)},`,
    '',
    `Your enrollment (order ${ref}) has moved from ${toOneLine(from.title)}${when(from) ? ` on ${when(from)}` : ''} to:`,
    '',
    `  ${title}`,
    ...(when(to) ? [`  ${when(to)}`] : []),
    ...(to.location ? [`  ${toOneLine(to.location)}`] : []),
    ...(to.attire ? [`  Attire: ${toOneLine(to.attire)}`] : []),
    '',
    refundCents > 0
      ? `The new date costs less: ${formatUsd(refundCents)} goes back to the card you paid with (5 to 10 business days).`
      : 'Your payment carries over; nothing more is due.',
    'Please arrive 15 minutes early.' +
      (ics ? ' The attached calendar file replaces the old date in your calendar.' : ''),
    '',
    ...signature,
  ].join('\n');
  return {
    to: submission.form.email,
    subject: `Your enrollment has moved: ${title} (${ref})`,
    text,
    messageId: transferMessageId(transferId),
    attachments: ics
      ? [
          {
            filename: `${SCHOOL.product}-${ref}.ics`,
            content: ics,
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ]
      : [],
  };
}
