import { SCHOOL } from '../../contracts/core/school.js';
import type { BookingLinkEvent } from '../../contracts/enrollment/booking-link.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { bookingLinksFor } from '../enrollment/after-sale/booking-link.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { orderOf } from '../enrollment/decider/enrollment-state.js';
import { UnsendableMessageError } from '../mail/port.js';
import { renderEmail } from '../mail/templates/index.js';

type Requested = Extract<BookingLinkEvent, { type: 'BookingLinkRequested' }>;

const DOMAIN = SCHOOL.email.split('@')[1]!;
/** One request, one Message-ID: a delivery again after a crash writes the same outbox file. */
export const bookingLinkMessageId = (enrollmentId: string, eventId: string) =>
  `<booking-link-${enrollmentId}.${eventId}@${DOMAIN}>`;

/**
 * "Send me a new link" (BookingLinkRequested): the booking's link at the version the request
 * recorded, e-mailed to the address the booking was made with and to no one else, whoever held
 * the link that asked. Once per request by its position (the runner's checkpoint); a crash between
 * the send and the checkpoint sends the same message (same Message-ID) again.
 */
export function bookingLinkEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'config' | 'log'>) {
  return defineReactor<Requested>({
    name: 'booking-link-email',
    eventTypes: ['BookingLinkRequested'],
    async handle(event) {
      const { enrollmentId, version } = event.data;
      const links = bookingLinksFor(deps.config);
      const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      if (!links || !state.submission) return;
      const base = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');
      const rendered = await renderEmail('booking-link', {
        firstName: state.submission.form.firstName,
        orderId: orderOf(state)?.orderId ?? enrollmentId,
        title: state.item?.title ?? 'your booking',
        manageUrl: `${base}/booking/${links.token(enrollmentId, version)}`,
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      try {
        await deps.mailer.send({
          to: state.submission.form.email,
          ...rendered,
          messageId: bookingLinkMessageId(enrollmentId, event.id),
          attachments: [],
        });
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('booking link e-mail cannot be sent; passed over', { enrollmentId, reason: err.message });
        return;
      }
      deps.log.info('booking link e-mailed', { enrollmentId, version });
    },
  });
}
