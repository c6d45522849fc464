import type { EventMetadata } from '../../contracts/core/events.js';
import { enrollmentStream, type EnrollmentConfirmed, type EnrollmentSubmitted } from '../../contracts/enrollment/events.js';
import type { AppDeps } from '../core/deps.js';
import { enrollmentDecider } from './enrollment-decider.js';
import { confirmationEmail } from './confirmation-email.js';

/**
 * Sends the confirmation e-mail of a confirmed enrollment unless ConfirmationEmailSent says it
 * left already, then records that it left. The check reads the stream (not a read model), and
 * one reactor holds the lease, so each confirmed enrollment gets one e-mail. A crash between the
 * send and the record re-sends the same message (same Message-ID; the outbox keeps one file).
 */
export async function sendConfirmation(deps: AppDeps, enrollmentId: string, metadata: EventMetadata): Promise<boolean> {
  const stream = enrollmentStream(enrollmentId);
  const state = await deps.commands.state(enrollmentDecider, stream);
  if (state.status !== 'confirmed' || state.emailSent || !state.submission) return false;
  const events = await deps.eventStore.readStream(stream);
  const confirmed = events.find((e) => e.type === 'EnrollmentConfirmed')?.data as EnrollmentConfirmed | undefined;
  if (!confirmed) return false;
  const submission: EnrollmentSubmitted = state.submission;
  const mailer = deps.mailer;
  const message = confirmationEmail(submission, confirmed, deps.clock(), deps.config.PUBLIC_URL);
  await mailer.send(message);
  await deps.commands.handle(
    enrollmentDecider,
    stream,
    { type: 'RecordConfirmationEmail', orderId: confirmed.orderId, messageId: message.messageId, transport: mailer.transport, at: deps.clock().toISOString() },
    metadata,
  );
  deps.log.info('confirmation e-mail sent', { enrollmentId, orderId: confirmed.orderId, transport: mailer.transport });
  return true;
}
