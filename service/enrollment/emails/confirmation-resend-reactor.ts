import { SCHOOL } from '../../../contracts/core/school.js';
import { enrollmentIdOf, enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { UnsendableMessageError } from '../../mail/port.js';
import { calendarRevision } from './calendar-revision.js';
import { confirmationEmail } from './confirmation-email.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { hasSale, paymentOf } from '../decider/enrollment-state.js';
import { leftParticipantsOf, stayingAttendees } from '../decider/participants.js';

type ResendRequestedEvent = Extract<EnrollmentEvent, { type: 'ConfirmationResendRequested' }>;

export const CONFIRMATION_RESEND_REACTOR = 'confirmation-resend-email';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One request, one Message-ID: a delivery after a crash writes the same outbox file, a new request a new one. */
export const resendMessageId = (orderId: string, requestId: string) => `<${orderId}.resend-${requestId}@${DOMAIN}>`;

/**
 * The confirmation e-mail sent again at an administrator's request (ConfirmationResendRequested):
 * rendered as the first one, with the workshop as it stands now (after a transfer, the new one),
 * sent, then ConfirmationEmailResent recorded for that request. Idempotent as the confirmation
 * reactor is (see confirmation-email-reactor.ts): the request already marked sent is skipped, and a
 * crash between the send and the record sends the same message (same Message-ID) once more.
 */
export function confirmationResendReactor(
  deps: Pick<AppDeps, 'commands' | 'eventStore' | 'mailer' | 'clock' | 'config' | 'log'>,
) {
  return defineReactor<ResendRequestedEvent>({
    name: CONFIRMATION_RESEND_REACTOR,
    eventTypes: ['ConfirmationResendRequested'],
    async handle(event, { metadata }) {
      const enrollmentId = enrollmentIdOf(event);
      const { requestId } = event.data;
      const stream = enrollmentStream(enrollmentId);
      const state = await deps.commands.state(enrollmentDecider, stream);
      if (!hasSale(state) || state.resends[requestId] !== 'requested') return;
      // Cancelled since the request: the parent has the cancellation; a confirmation now would contradict it.
      if (state.status !== 'confirmed') return;
      const { confirmation } = state.order;
      const submission = { ...state.submission, item: state.item, attendees: stayingAttendees(state) };
      const message = {
        ...(await confirmationEmail(
          submission,
          confirmation,
          deps.clock(),
          deps.config.PUBLIC_URL,
          deps.config.REMINDER_HOURS,
          null,
          await calendarRevision(deps, enrollmentId, state),
          leftParticipantsOf(state),
          paymentOf(state)?.card,
        )),
        messageId: resendMessageId(confirmation.orderId, requestId),
      };
      try {
        await deps.mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('confirmation resend cannot be sent; passed over', {
          enrollmentId,
          requestId,
          reason: err.message,
        });
        return;
      }
      await deps.commands.handle(
        enrollmentDecider,
        stream,
        {
          type: 'RecordConfirmationResent',
          requestId,
          messageId: message.messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      deps.log.info('confirmation e-mail sent again', { enrollmentId, requestId, transport: deps.mailer.transport });
    },
  });
}
