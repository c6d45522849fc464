import { SCHOOL } from '../../../contracts/core/school.js';
import {
  sessionsAttended,
  type BookingRescheduled,
  type EnrollmentSubmitted,
  type PurchasedItem,
} from '../../../contracts/enrollment/events.js';
import type { MailMessage } from '../../mail/port.js';
import type { RefundPart } from '../../../contracts/enrollment/refund-words.js';
import { renderEmail } from '../../mail/templates/index.js';
import { calendarFile, workshopEvents, workshopIcs } from './ics.js';
import { makeupEvents, type BookedMakeup } from './makeup-ics.js';
import { calendarUid } from './calendar-event.js';
import { workshopIcsAttachment } from './confirmation-email.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One message per cancellation: a re-send after a crash is recognisably the same message. */
export const cancellationMessageId = (enrollmentId: string) => `<cancel-${enrollmentId}@${DOMAIN}>`;
/** One message per participant's place cancelled. */
export const placeCancellationMessageId = (enrollmentId: string, participant: number) =>
  `<cancel-${enrollmentId}-p${participant}@${DOMAIN}>`;
export const transferMessageId = (transferId: string) => `<${transferId}@${DOMAIN}>`;
/** One message per move of the workshop per booking (the outbox file `moved-<enrollment>-<change>.eml`). */
export const rescheduleMessageId = (enrollmentId: string, changeId: string) =>
  `<moved-${enrollmentId}-${changeId}@${DOMAIN}>`;

/** The cancellation e-mail (text and HTML): what was cancelled, by whom, why, and what comes back. */
export async function cancellationEmail(input: {
  submission: EnrollmentSubmitted;
  item: PurchasedItem;
  orderId: string | null;
  cancelledBy: 'school' | 'parent';
  note: string | null;
  /** What was paid, in cents (0: nothing was charged). */
  paidCents: number;
  /** The refunds decided with this cancellation, by where the money goes; and what earlier ones gave back. */
  refunds: RefundPart[];
  refundedEarlierCents?: number;
  publicUrl?: string;
  /** One participant's place only (see CancellationProps.place), with its index for the Message-ID. */
  place?: { participant: number; name: string; staying: string[]; remainingCents: number; manageUrl: string | null };
  /** The calendar entries this cancellation ends (same UIDs), at a SEQUENCE above every one sent. */
  calendar?: CancellingCalendar;
}): Promise<MailMessage> {
  const { submission, item, orderId, cancelledBy, note, paidCents, refunds, publicUrl, place } = input;
  const cancelling = orderId && input.calendar ? cancellingIcs(orderId, item, input.calendar) : null;
  const { subject, text, html } = await renderEmail('cancellation', {
    firstName: submission.form.firstName,
    orderId: orderId ?? submission.enrollmentId,
    item,
    cancelledBy,
    reason: note,
    paidCents,
    refunds,
    ...(input.refundedEarlierCents ? { refundedEarlierCents: input.refundedEarlierCents } : {}),
    publicUrl: publicUrl ?? null,
    ...(place ? { place } : {}),
    ...(cancelling ? { hasCalendar: true } : {}),
  });
  return {
    to: submission.form.email,
    subject,
    text,
    html,
    messageId: place
      ? placeCancellationMessageId(submission.enrollmentId, place.participant)
      : cancellationMessageId(submission.enrollmentId),
    attachments: cancelling ? [cancellingIcsAttachment(orderId!, cancelling)] : [],
  };
}

/** What a cancellation takes out of the parent's calendar (decision record 150). */
export interface CancellingCalendar {
  sequence: number;
  stamp: Date;
  /** The booking's sessions no one from it attends any more (one child's place); absent: every one (the whole booking). */
  sessions?: readonly number[];
  /** The make-ups that end with it. */
  makeups?: readonly BookedMakeup[];
}

/**
 * The entries cancelled (RFC 5546 CANCEL), same UIDs: the booking's sessions (all of them, or
 * those no child of it attends any more) and the make-ups that end with it; null when none.
 */
function cancellingIcs(orderId: string, item: PurchasedItem, at: CancellingCalendar) {
  const all = sessionsAttended(item).map((s) => s.number);
  const missed = at.sessions ?? (all.length > 0 ? all : [1]);
  const { sequence, stamp } = at;
  return calendarFile('CANCEL', [
    ...(missed.length > 0
      ? workshopEvents({ uid: calendarUid(orderId), item, orderId, sequence, stamp, missed, method: 'CANCEL' })
      : []),
    ...(at.makeups ?? []).flatMap((makeup) => makeupEvents({ orderId, makeup, cancelled: true, sequence, stamp })),
  ]);
}

export const cancellingIcsAttachment = (orderId: string, ics: string) => ({
  filename: `${SCHOOL.product}-${orderId}-cancelled.ics`,
  content: ics,
  contentType: 'text/calendar; charset=utf-8; method=CANCEL',
});

/** The transfer e-mail (text and HTML): the new date and place, the difference refunded, and a calendar file that replaces the old one. */
export async function transferEmail(input: {
  submission: EnrollmentSubmitted;
  from: PurchasedItem;
  to: PurchasedItem;
  orderId: string | null;
  transferId: string;
  refundCents: number;
  /** Where the refund goes, as recorded (absent: the card). */
  refunds?: RefundPart[];
  /** How many times this enrollment has moved, this one included: the calendar event's SEQUENCE. */
  sequence: number;
  now: Date;
  publicUrl?: string;
  /** The parent's booking page, or null when no secret signs links. */
  manageUrl?: string | null;
}): Promise<MailMessage> {
  const { submission, from, to, orderId, transferId, refundCents, sequence, now, publicUrl } = input;
  const ref = orderId ?? submission.enrollmentId;
  // Same UID as the confirmation's calendar file, a higher SEQUENCE: calendars move the event.
  const ics = workshopIcs({ uid: calendarUid(ref), item: to, orderId: ref, stamp: now, sequence });
  const { subject, text, html } = await renderEmail('transfer', {
    firstName: submission.form.firstName,
    orderId: ref,
    from,
    to,
    attendees: submission.attendees,
    refundCents,
    ...(input.refunds?.length ? { refunds: input.refunds } : {}),
    hasCalendar: ics !== null,
    manageUrl: input.manageUrl ?? null,
    publicUrl: publicUrl ?? null,
  });
  return {
    to: submission.form.email,
    subject,
    text,
    html,
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

/**
 * The school moved the class (date, time or place): the new details, what the booking was, what
 * cancelling gives now, the booking link, and a calendar file with the confirmation's UID and this
 * change's SEQUENCE, so calendars move the event rather than add one.
 */
export async function rescheduleEmail(input: {
  submission: EnrollmentSubmitted;
  moved: BookingRescheduled;
  orderId: string | null;
  /** Changes of date or place up to this one: the calendar event's SEQUENCE. */
  sequence: number;
  /** Until when cancelling refunds in full, or null (past it, or nothing to refund). */
  fullRefundUntil: string | null;
  now: Date;
  publicUrl?: string;
  manageUrl?: string | null;
}): Promise<MailMessage> {
  const { submission, moved, orderId, sequence, now, publicUrl } = input;
  const ref = orderId ?? submission.enrollmentId;
  const ics = workshopIcs({ uid: calendarUid(ref), item: moved.item, orderId: ref, stamp: now, sequence });
  const { subject, text, html } = await renderEmail('rescheduled', {
    firstName: submission.form.firstName,
    orderId: ref,
    from: moved.fromItem,
    to: moved.item,
    changed: moved.changed,
    attendees: submission.attendees,
    hasCalendar: ics !== null,
    fullRefundUntil: input.fullRefundUntil,
    isFree: submission.isFree,
    manageUrl: input.manageUrl ?? null,
    publicUrl: publicUrl ?? null,
  });
  return {
    to: submission.form.email,
    subject,
    text,
    html,
    messageId: rescheduleMessageId(submission.enrollmentId, moved.changeId),
    attachments: ics ? [workshopIcsAttachment(ref, ics)] : [],
  };
}
