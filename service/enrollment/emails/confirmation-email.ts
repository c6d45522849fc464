import { SCHOOL } from '../../../contracts/core/school.js';
import { paymentMethodWords } from '../../../contracts/enrollment/payment-words.js';
import { toOneLine } from '../../../contracts/core/text.js';
import type {
  EnrollmentConfirmed,
  EnrollmentSubmitted,
  PaidCard,
  PurchasedItem,
} from '../../../contracts/enrollment/events.js';
import { participantDetailsOf } from '../../../contracts/enrollment/participants.js';
import { pricingOf, pricingViewOf } from '../../../contracts/enrollment/pricing.js';
import type { LeftParticipant } from '../../../contracts/enrollment/left-participants.js';
import { receiptFileName, receiptText, type ReceiptOrder } from '../../../contracts/enrollment/receipt.js';
import type { MailMessage } from '../../mail/port.js';
import { renderEmail } from '../../mail/templates/index.js';
import { confirmedReceiptPdfAttachment } from '../../mail/receipt-pdf.js';
import { workshopIcs } from './ics.js';
import { calendarAt, type CalendarAt } from './calendar-revision.js';
import { calendarUid } from './calendar-event.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One order, one Message-ID: a re-send is recognisably the same message (and the same outbox file). */
export const confirmationMessageId = (orderId: string) => `<${orderId}@${DOMAIN}>`;

/** Whether the workshop starts within `hours` of the confirmation, so that no reminder will follow. */
export function insideReminderWindow(item: Pick<PurchasedItem, 'date'>, confirmedAt: string, hours: number): boolean {
  if (!item.date) return false;
  const start = new Date(item.date).getTime();
  return start - new Date(confirmedAt).getTime() < hours * 3_600_000;
}

/** The order the confirmation's receipts (text and PDF) are written from: as confirmed, nothing refunded yet. */
export function confirmationReceiptOrder(
  sub: EnrollmentSubmitted,
  conf: EnrollmentConfirmed,
  leftParticipants: LeftParticipant[] = [],
  card?: PaidCard,
): ReceiptOrder {
  const pricing = pricingOf(sub);
  return {
    orderReference: conf.orderReference,
    confirmedAt: conf.confirmedAt,
    submittedAt: sub.submittedAt,
    paymentMethod: conf.paymentMethod,
    ...(card ? { card } : {}),
    item: sub.item,
    attendees: sub.attendees,
    participantDetails: participantDetailsOf(sub.form),
    participants: sub.participants,
    subtotalCents: sub.subtotalCents,
    taxCents: sub.taxCents,
    amountCents: sub.amountCents,
    contactName: toOneLine(`${sub.form.firstName} ${sub.form.lastName}`),
    refundedCents: 0,
    pricing: pricingViewOf(pricing),
    balanceCents: pricing.balanceCents,
    balanceDueAt: pricing.balanceDueAt,
    ...(leftParticipants.length > 0 ? { leftParticipants } : {}),
  };
}

/**
 * The confirmation e-mail: a short letter (text and HTML), the receipt as text and as a .txt file,
 * and an .ics for the workshop. `sub.item` is the workshop as the enrollment holds it now (the
 * callers pass the state's item: a transfer or a move by the school changes it). With `reminderHours`, a workshop closer than that says this is the
 * only e-mail before it (the reminder job skips such enrollments).
 */
export async function confirmationEmail(
  sub: EnrollmentSubmitted,
  conf: EnrollmentConfirmed,
  now: Date,
  publicUrl?: string,
  reminderHours?: number,
  /** The parent's booking page (service/enrollment/after-sale/booking-link.ts), or null when no secret signs links. */
  manageUrl: string | null = null,
  /** The calendar's revision (calendar-revision.ts): a booking moved before it was confirmed starts above 0; one sent again brings back no session missed. */
  calendar: CalendarAt = 0,
  /** Places given up since (a confirmation sent again): the receipt marks them. */
  leftParticipants: LeftParticipant[] = [],
  /** The card that paid, when the provider said: "Visa ending 4242" instead of "Credit Card". */
  card?: PaidCard,
): Promise<MailMessage> {
  const pricing = pricingOf(sub);
  const order = confirmationReceiptOrder(sub, conf, leftParticipants, card);
  const receipt = receiptText(conf.orderId, order, now);
  const ics = workshopIcs({
    uid: calendarUid(conf.orderId),
    item: sub.item,
    orderId: conf.orderId,
    stamp: now,
    ...calendarAt(calendar),
  });
  const { subject, text, html } = await renderEmail('confirmation', {
    firstName: sub.form.firstName,
    orderId: conf.orderId,
    orderReference: conf.orderReference,
    isFree: sub.isFree,
    amountCents: conf.amountCents,
    paymentMethod: paymentMethodWords(conf.paymentMethod, pricing, card) ?? conf.paymentMethod,
    lines: pricing.lines,
    totalCents: pricing.totalCents,
    balanceCents: pricing.balanceCents,
    balanceDueAt: pricing.balanceDueAt,
    item: sub.item,
    attendees: sub.attendees,
    receipt,
    hasCalendar: ics !== null,
    orderUrl: orderPageUrl(publicUrl, conf.orderId),
    manageUrl,
    noReminderWithinHours:
      reminderHours !== undefined && insideReminderWindow(sub.item, conf.confirmedAt, reminderHours)
        ? reminderHours
        : null,
    publicUrl: publicUrl ?? null,
  });
  return {
    to: sub.form.email,
    subject,
    text,
    html,
    messageId: confirmationMessageId(conf.orderId),
    attachments: [
      { filename: receiptFileName(conf.orderId), content: receipt, contentType: 'text/plain; charset=utf-8' },
      await confirmedReceiptPdfAttachment(conf.orderId, order, now),
      ...(ics ? [workshopIcsAttachment(conf.orderId, ics)] : []),
    ],
  };
}

/** The order confirmation page of an order, when the site's address is known. */
export const orderPageUrl = (publicUrl: string | undefined, orderId: string) =>
  publicUrl ? `${publicUrl.replace(/\/$/, '')}/order-confirmation?orderId=${encodeURIComponent(orderId)}` : null;

/** The workshop's .ics as an attachment; the same file name in the confirmation and the reminder. */
export const workshopIcsAttachment = (orderId: string, ics: string) => ({
  filename: `${SCHOOL.product}-${orderId}.ics`,
  content: ics,
  contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
});
