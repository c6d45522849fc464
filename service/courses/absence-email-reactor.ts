import { itemSessions } from '../../contracts/enrollment/events.js';
import { sessionInWords } from '../../contracts/catalogue/session-words.js';
import type { SessionSeatEvent } from '../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { renderEmail } from '../mail/templates/index.js';
import { bookingUrl } from '../enrollment/after-sale/booking-link.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { cancellationOf, isBooked, orderOf } from '../enrollment/decider/enrollment-state.js';
import {
  attendanceCalendars,
  attendanceMailState,
  attendanceSequence,
  missedSessionsOf,
  sendAttendanceMail,
} from './attendance-calendar.js';

export const ABSENCE_EMAIL_REACTOR = 'absence-email';

const DOMAIN = SCHOOL.email.split('@')[1]!;

type AbsenceReportedEvent = Extract<SessionSeatEvent, { type: 'AbsenceReported' }>;

/**
 * Tells the family of each absence reported (issue 37): what is noted, the make-up credit it
 * gives, and the calendar as it now stands (the sessions still attended, and a cancelling entry
 * for a session no child of the booking attends any more), at the next SEQUENCE. Recorded on the
 * booking's `attendance-mail-` stream by the event's position: a delivery again sends nothing; a
 * crash between the send and the record sends the same message (same Message-ID) once more.
 */
export function absenceEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>) {
  return defineReactor<AbsenceReportedEvent>({
    name: ABSENCE_EMAIL_REACTOR,
    eventTypes: ['AbsenceReported'],
    keyOf: (event) => event.data.enrollmentId,
    async handle(event, { metadata }) {
      const { enrollmentId, workshopId, session, participant, validUntil } = event.data;
      const key = `AbsenceReported@${event.position}`;
      const mails = await attendanceMailState(deps, enrollmentId);
      if (mails.told[key]) return;
      const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      const order = orderOf(state);
      if (!isBooked(state) || !state.submission || !order || cancellationOf(state)) return;
      const now = deps.clock();
      const sequence = attendanceSequence(state, mails) + 1;
      const attachments = attendanceCalendars({
        orderId: order.orderId,
        item: state.item,
        missed: await missedSessionsOf(deps, workshopId, enrollmentId),
        sequence,
        stamp: now,
      });
      const { subject, text, html } = await renderEmail('absence-noted', {
        firstName: state.submission.form.firstName,
        orderId: order.orderId,
        title: state.item.title,
        session: sessionInWords(itemSessions(state.item), session, state.item.timeZone),
        sessionNumber: session,
        child: state.submission.attendees[participant] ?? `Participant ${participant + 1}`,
        creditUntil: validUntil,
        hasCalendar: attachments.length > 0,
        manageUrl: await bookingUrl(deps, enrollmentId),
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      const messageId = `<absence-${order.orderId}-${event.position}@${DOMAIN}>`;
      const message = { to: state.submission.form.email, subject, text, html, messageId, attachments };
      if (!(await sendAttendanceMail(deps, { enrollmentId, key, sequence, at: now, message }, metadata))) return;
      deps.log.info('absence e-mailed to the family', { enrollmentId, session });
    },
  });
}
