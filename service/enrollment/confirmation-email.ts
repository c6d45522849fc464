import { SCHOOL } from '../../contracts/core/school.js';
import { toOneLine } from '../../contracts/core/text.js';
import type { EnrollmentConfirmed, EnrollmentSubmitted } from '../../contracts/enrollment/events.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { participantDetailsOf } from '../../contracts/enrollment/participants.js';
import { receiptFileName, receiptText, type ReceiptOrder } from '../../contracts/enrollment/receipt.js';
import type { MailMessage } from '../mail/port.js';
import { workshopIcs } from './ics.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One order, one Message-ID: a re-send is recognisably the same message (and the same outbox file). */
export const confirmationMessageId = (orderId: string) => `<${orderId}@${DOMAIN}>`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The confirmation e-mail: a short letter, the receipt as text and as a .txt file, and an .ics for the workshop. */
export function confirmationEmail(
  sub: EnrollmentSubmitted,
  conf: EnrollmentConfirmed,
  now: Date,
  publicUrl?: string,
): MailMessage {
  // Stored text may predate the API's refusal of line breaks: each value stays on its own line.
  const firstName = toOneLine(sub.form.firstName);
  const title = toOneLine(sub.item.title);
  const attire = toOneLine(sub.item.attire);
  const order: ReceiptOrder = {
    orderReference: conf.orderReference,
    confirmedAt: conf.confirmedAt,
    submittedAt: sub.submittedAt,
    paymentMethod: conf.paymentMethod,
    item: sub.item,
    attendees: sub.attendees,
    participantDetails: participantDetailsOf(sub.form),
    participants: sub.participants,
    subtotalCents: sub.subtotalCents,
    taxCents: sub.taxCents,
    amountCents: sub.amountCents,
    contactName: toOneLine(`${sub.form.firstName} ${sub.form.lastName}`),
    refundedCents: 0,
  };
  const receipt = receiptText(conf.orderId, order, now);
  const ics = workshopIcs({ uid: `${conf.orderId}@${DOMAIN}`, item: sub.item, orderId: conf.orderId, stamp: now });
  const link = publicUrl
    ? `${publicUrl.replace(/\/$/, '')}/order-confirmation?orderId=${encodeURIComponent(conf.orderId)}`
    : null;
  const intro = [
    `Dear ${firstName},`,
    '',
    `Thank you for enrolling in ${title}. Your order ${conf.orderId} (reference ${conf.orderReference}) is confirmed` +
      (sub.isFree ? '.' : `; we received ${formatUsd(conf.amountCents)}.`),
    ...(attire ? [`Attire: ${attire}.`] : []),
    'Please arrive 15 minutes early.' + (ics ? ' The attached calendar file adds the workshop to your calendar.' : ''),
    ...(link ? ['', `Your confirmation online: ${link}`] : []),
    '',
    `Warm regards,`,
    SCHOOL.fullName,
  ].join('\n');
  const text = `${intro}\n\n${receipt}`;
  return {
    to: sub.form.email,
    subject: `Your enrollment is confirmed: ${title} (${conf.orderId})`,
    text,
    html: `<pre style="font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
    messageId: confirmationMessageId(conf.orderId),
    attachments: [
      { filename: receiptFileName(conf.orderId), content: receipt, contentType: 'text/plain; charset=utf-8' },
      ...(ics
        ? [
            {
              filename: `${SCHOOL.product}-${conf.orderId}.ics`,
              content: ics,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            },
          ]
        : []),
    ],
  };
}
