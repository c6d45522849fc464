import { bookingUrl } from '../after-sale/booking-link.js';
import { enrollmentIdOf, enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { UnsendableMessageError } from '../../mail/port.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { confirmationEmail } from './confirmation-email.js';
import { calendarSequence } from './calendar-event.js';
import { cancellationOf, hasSale, paymentOf } from '../decider/enrollment-state.js';

type EnrollmentConfirmedEvent = Extract<EnrollmentEvent, { type: 'EnrollmentConfirmed' }>;

/**
 * The confirmation e-mail, as a reaction to EnrollmentConfirmed: sent, then ConfirmationEmailSent
 * recorded, once per confirmed enrollment.
 *
 * Exactly once, as far as this side can make it:
 * - The runner moves the reactor's checkpoint past a batch only after every event of it was
 *   handled, so a crash at any point delivers the batch again; nothing is lost.
 * - Each delivery first reads the enrollment's stream: when ConfirmationEmailSent is there, the
 *   e-mail left already and nothing is done (a crash between the record and the checkpoint, a
 *   rewound checkpoint, a rebuilt read store).
 * - Between the send and the record a crash sends the message again, identical and with the same
 *   Message-ID: one EnrollmentConfirmed per enrollment, so the order id names the event as well as
 *   its position does. The outbox (the embedded default) writes it to the file named by that id,
 *   so there is still one file. Over SMTP the second copy does leave: most mail servers do not drop
 *   a message whose Message-ID they have seen, so that window (the sends under way when the
 *   process died) is at least once.
 * - A message that can never be sent (a stored recipient that is not one plain address, or one
 *   the mail server refuses) is logged and passed over, so it does not hold up the e-mails after it.
 */
export function confirmationEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>) {
  return defineReactor<EnrollmentConfirmedEvent>({
    name: 'confirmation-email',
    eventTypes: ['EnrollmentConfirmed'],
    // Enrollments' e-mails are independent: a batch's are written side by side, their records
    // appended together and the checkpoint moved once (a burst's e-mails no longer wait on a
    // checkpoint write each). A batch delivered again finds each one recorded and skips it.
    keyOf: (event) => enrollmentIdOf(event),
    async handle(event, { metadata }) {
      const enrollmentId = enrollmentIdOf(event);
      const stream = enrollmentStream(enrollmentId);
      const state = await deps.commands.state(enrollmentDecider, stream);
      // Cancelled before its confirmation left: the parent gets the cancellation, not a confirmation.
      if ((hasSale(state) && state.emailSent) || !state.submission || cancellationOf(state)) return;
      const confirmed = event.data;
      const { mailer } = deps;
      // The workshop as the enrollment holds it now: a move by the school before the payment counts.
      const message = await confirmationEmail(
        { ...state.submission, item: state.item },
        confirmed,
        deps.clock(),
        deps.config.PUBLIC_URL,
        deps.config.REMINDER_HOURS,
        await bookingUrl(deps, enrollmentId),
        calendarSequence(state),
        [],
        paymentOf(state)?.card,
      );
      try {
        await mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('confirmation e-mail cannot be sent; passed over', {
          enrollmentId,
          orderId: confirmed.orderId,
          reason: err.message,
        });
        return;
      }
      await deps.commands.handle(
        enrollmentDecider,
        stream,
        {
          type: 'RecordConfirmationEmail',
          orderId: confirmed.orderId,
          messageId: message.messageId,
          transport: mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      deps.log.info('confirmation e-mail sent', {
        enrollmentId,
        orderId: confirmed.orderId,
        transport: mailer.transport,
      });
    },
  });
}
