import { SCHOOL } from '../../../contracts/core/school.js';
import { itemSessions, type EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { sessionInWords } from '../../../contracts/catalogue/session-words.js';
import type { MailMessage } from '../../mail/port.js';
import { renderEmail } from '../../mail/templates/index.js';
import { orderPageUrl, workshopIcsAttachment } from './confirmation-email.js';
import { workshopIcs } from './ics.js';
import { calendarAt, type CalendarAt } from './calendar-revision.js';
import { calendarUid } from './calendar-event.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/**
 * One reminder per order and session, one Message-ID each: a re-send is the same message, and the
 * same outbox file (REMINDER-<order>.eml for the first session, REMINDER-<order>-s<n>.eml for later ones).
 */
export const reminderMessageId = (orderId: string, session = 1) =>
  session === 1 ? `<REMINDER-${orderId}@${DOMAIN}>` : `<REMINDER-${orderId}-s${session}@${DOMAIN}>`;

/**
 * The reminder before a workshop: date, time, address, attire, "arrive 15 minutes early", and the
 * .ics again. `sub.item` is the workshop as the enrollment holds it now (after a transfer or a
 * move by the school). The calendar entry keeps the confirmation's UID, so a calendar updates the
 * entry it has rather than adding a second one.
 */
export async function reminderEmail(
  sub: EnrollmentSubmitted,
  orderId: string,
  now: Date,
  publicUrl?: string,
  /** The parent's booking page, or null when no secret signs links. */
  manageUrl: string | null = null,
  /** The calendar's revision (calendar-revision.ts), so the reminder's file is not older than the last one sent nor brings back a session missed. */
  calendar: CalendarAt = 0,
  /** A course's later session this reminder is about (absent: the first). */
  session?: number,
): Promise<MailMessage> {
  const ics = workshopIcs({ uid: calendarUid(orderId), item: sub.item, orderId, stamp: now, ...calendarAt(calendar) });
  const { subject, text, html } = await renderEmail('reminder', {
    firstName: sub.form.firstName,
    orderId,
    item: sub.item,
    attendees: sub.attendees,
    hasCalendar: ics !== null,
    orderUrl: orderPageUrl(publicUrl, orderId),
    manageUrl,
    publicUrl: publicUrl ?? null,
    session: session ? sessionInWords(itemSessions(sub.item), session, sub.item.timeZone) : null,
  });
  return {
    to: sub.form.email,
    subject,
    text,
    html,
    messageId: reminderMessageId(orderId, session),
    attachments: ics ? [workshopIcsAttachment(orderId, ics)] : [],
  };
}
