import { workshopStream, type SessionSeatEvent } from '../../contracts/catalogue/events.js';
import { sessionInWords } from '../../contracts/catalogue/session-words.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { makeupCreditStream } from '../../contracts/courses/events.js';
import { enrollmentStream, itemSessions, type PurchasedItem } from '../../contracts/enrollment/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import type { AppDeps } from '../core/deps.js';
import type { MailAttachment } from '../mail/port.js';
import { renderEmail } from '../mail/templates/index.js';
import { bookingUrl } from '../enrollment/after-sale/booking-link.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { cancellationOf, isBooked, orderOf } from '../enrollment/decider/enrollment-state.js';
import { cancellingIcsAttachment } from '../enrollment/emails/after-sale-emails.js';
import { workshopIcsAttachment } from '../enrollment/emails/confirmation-email.js';
import { calendarFile } from '../enrollment/emails/ics.js';
import { makeupEvents } from '../enrollment/emails/makeup-ics.js';
import { itemOfWorkshop } from '../enrollment/sale/purchased-item.js';
import { attendanceMailState, attendanceSequence, sendAttendanceMail } from './attendance-calendar.js';
import { creditDecider } from './credit-decider.js';

export const MAKEUP_EMAIL_REACTOR = 'makeup-email';

const DOMAIN = SCHOOL.email.split('@')[1]!;

type MakeupSeatEvent = Extract<SessionSeatEvent, { type: 'MakeupSeatTaken' | 'MakeupSeatReleased' }>;

/** The make-up session as a calendar entry of its own (makeup-ics.ts): PUBLISH when booked, CANCEL when given up. */
export function makeupCalendar(input: {
  orderId: string;
  creditId: string;
  item: PurchasedItem;
  session: number;
  cancelled: boolean;
  sequence: number;
  stamp: Date;
}): MailAttachment[] {
  const { orderId, creditId, item, session, cancelled } = input;
  const events = makeupEvents({ ...input, makeup: { creditId, item, session } });
  const ics = calendarFile(cancelled ? 'CANCEL' : 'PUBLISH', events);
  if (!ics) return [];
  return [cancelled ? cancellingIcsAttachment(orderId, ics) : workshopIcsAttachment(orderId, ics)];
}

/**
 * Tells the family of each make-up seat taken, and of each one given up by the parent (issue 37):
 * the session, and a calendar entry that adds it or takes it out, at the booking's next SEQUENCE.
 * Recorded on the booking's `attendance-mail-` stream by the event's position, as the absence
 * e-mail is: a delivery again sends nothing. A booking cancelled meanwhile hears of its
 * cancellation instead.
 */
export function makeupEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>) {
  return defineReactor<MakeupSeatEvent>({
    name: MAKEUP_EMAIL_REACTOR,
    eventTypes: ['MakeupSeatTaken', 'MakeupSeatReleased'],
    keyOf: (event) => event.data.creditId,
    async handle(event, { metadata }) {
      if (event.type === 'MakeupSeatReleased' && event.data.reason !== 'cancelled') return;
      const { creditId, workshopId, session } = event.data;
      const credit = await deps.commands.state(creditDecider, makeupCreditStream(creditId));
      if (credit.status === 'none') return;
      const { enrollmentId, participant } = credit.credit;
      const key = `${event.type}@${event.position}`;
      const mails = await attendanceMailState(deps, enrollmentId);
      if (mails.told[key]) return;
      const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      const order = orderOf(state);
      if (!isBooked(state) || !state.submission || !order || cancellationOf(state)) return;
      const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId));
      if (!ledger.workshop) return;
      const item = itemOfWorkshop(ledger.workshop);
      const now = deps.clock();
      const sequence = attendanceSequence(state, mails) + 1;
      const cancelled = event.type === 'MakeupSeatReleased';
      const attachments = makeupCalendar({
        orderId: order.orderId,
        creditId,
        item,
        session,
        cancelled,
        sequence,
        stamp: now,
      });
      const { subject, text, html } = await renderEmail('makeup-changed', {
        firstName: state.submission.form.firstName,
        orderId: order.orderId,
        change: cancelled ? 'cancelled' : 'booked',
        title: item.title,
        session: sessionInWords(itemSessions(item), session, item.timeZone),
        child: state.submission.attendees[participant] ?? `Participant ${participant + 1}`,
        hasCalendar: attachments.length > 0,
        manageUrl: await bookingUrl(deps, enrollmentId),
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      const messageId = `<makeup-${order.orderId}-${event.position}@${DOMAIN}>`;
      const message = { to: state.submission.form.email, subject, text, html, messageId, attachments };
      if (!(await sendAttendanceMail(deps, { enrollmentId, key, sequence, at: now, message }, metadata))) return;
      deps.log.info('make-up e-mailed to the family', { enrollmentId, creditId, cancelled });
    },
  });
}
