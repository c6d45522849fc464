import { workshopStream } from '../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import {
  workshopMessageStream,
  type MessageRecipient,
  type WorkshopMessageEvent,
  type WorkshopMessageWritten,
} from '../../contracts/messages/events.js';
import { waitlistStream } from '../../contracts/waitlist/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { UnsendableMessageError, type MailMessage } from '../mail/port.js';
import type { MailItem } from '../mail/templates/index.js';
import { bookingUrl } from '../enrollment/after-sale/booking-link.js';
import { itemOfWorkshop } from '../enrollment/sale/purchased-item.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { orderOf } from '../enrollment/decider/enrollment-state.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { siteBase } from '../waitlist/offer-email.js';
import { waitlistLinksFor } from '../waitlist/tokens.js';
import { inLine, waitlistDecider } from '../waitlist/waitlist-decider.js';
import { pendingRecipients, workshopMessageDecider } from './message-decider.js';
import { workshopMessageEmail } from './message-email.js';
import { stopUrl } from './message-stop.js';

export const WORKSHOP_MESSAGE_EMAIL_REACTOR = 'workshop-message-email';

type Written = Extract<WorkshopMessageEvent, { type: 'WorkshopMessageWritten' }>;
type Deps = Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>;

/** The e-mail for one family, or why there can be none. */
async function emailFor(
  deps: Deps,
  message: WorkshopMessageWritten,
  recipient: MessageRecipient,
  item: MailItem,
): Promise<MailMessage | { undeliverable: string }> {
  const common = {
    subject: message.subject,
    body: message.body,
    item,
    session: message.session ?? null,
    makeup: recipient.makeup === true,
    publicUrl: deps.config.PUBLIC_URL ?? null,
  };
  const ids = { messageId: message.messageId, recipientId: recipient.id };
  if (message.audience === 'waitlist') {
    const line = await deps.commands.state(waitlistDecider, waitlistStream(message.workshopId));
    const i = line.byId[recipient.id];
    const entry = i === undefined ? undefined : line.entries[i];
    if (!entry) return { undeliverable: 'The waitlist entry is no longer recorded.' };
    const links = waitlistLinksFor(deps.config);
    const base = siteBase(deps.config.PUBLIC_URL, deps.config.PORT);
    return workshopMessageEmail(entry.email, ids, {
      ...common,
      firstName: entry.firstName,
      audience: 'waitlist',
      bookings: [],
      stopUrl: stopUrl(deps.config, entry.email),
      // A family that has left the line meanwhile gets the message, but no link that would only refuse.
      leaveUrl: inLine(entry) ? `${base}/waitlist/leave?token=${links.leaveToken(message.workshopId, entry.id)}` : null,
    });
  }
  const bookings = await Promise.all(
    recipient.enrollmentIds.map(async (id) => ({
      id,
      state: await deps.commands.state(enrollmentDecider, enrollmentStream(id)),
    })),
  );
  const first = bookings.find((b) => b.state.submission)?.state.submission;
  if (!first) return { undeliverable: 'The booking is no longer recorded.' };
  return workshopMessageEmail(first.form.email, ids, {
    ...common,
    firstName: first.form.firstName,
    audience: 'enrolled',
    bookings: await Promise.all(
      bookings.map(async (b) => ({
        orderId: orderOf(b.state)?.orderId ?? b.id,
        manageUrl: await bookingUrl(deps, b.id),
      })),
    ),
    leaveUrl: null,
    stopUrl: stopUrl(deps.config, first.form.email),
  });
}

/**
 * The e-mails of a message to a workshop's families, exactly once per family across crashes and
 * processes. On WorkshopMessageWritten it reads the message's stream afresh and, for each
 * recipient not yet marked, sends the e-mail and then records WorkshopMessageSent (or
 * WorkshopMessageUndeliverable) on that stream, one family at a time. A redelivery (a crash, a
 * lost lease) finds the families already marked and goes on with the rest; a crash between one
 * send and its record sends that one e-mail again with the same Message-ID (one outbox file, one
 * message in the parent's mail client), as the other reactors do.
 */
export function workshopMessageEmailReactor(deps: Deps) {
  const record = (
    messageId: string,
    metadata: EventMetadata,
    command:
      | { type: 'RecordMessageSent'; recipientId: string; emailMessageId: string; transport: 'smtp' | 'outbox' }
      | { type: 'RecordMessageUndeliverable'; recipientId: string; reason: string },
  ) =>
    deps.commands.handle(
      workshopMessageDecider,
      workshopMessageStream(messageId),
      { ...command, at: deps.clock().toISOString() },
      metadata,
    );

  return defineReactor<Written>({
    name: WORKSHOP_MESSAGE_EMAIL_REACTOR,
    eventTypes: ['WorkshopMessageWritten'],
    async handle(event, { metadata }) {
      const { messageId, workshopId } = event.data;
      const state = await deps.commands.state(workshopMessageDecider, workshopMessageStream(messageId));
      if (state.phase !== 'written') return;
      const pending = pendingRecipients(state);
      if (pending.length === 0) return;
      // The workshop as it stands when the e-mails leave: a place changed since is the one to go to.
      const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId));
      const item = ledger.workshop ? itemOfWorkshop(ledger.workshop) : null;
      let sent = 0;
      for (const recipient of pending) {
        const due = item
          ? await emailFor(deps, state.message, recipient, item)
          : { undeliverable: 'The workshop is no longer recorded.' };
        if ('undeliverable' in due) {
          await record(messageId, metadata, {
            type: 'RecordMessageUndeliverable',
            recipientId: recipient.id,
            reason: due.undeliverable,
          });
          continue;
        }
        try {
          await deps.mailer.send(due);
        } catch (err) {
          if (!(err instanceof UnsendableMessageError)) throw err;
          deps.log.error('workshop message cannot be sent to one family; passed over', { messageId, workshopId });
          await record(messageId, metadata, {
            type: 'RecordMessageUndeliverable',
            recipientId: recipient.id,
            reason: 'The mail server refused the address.',
          });
          continue;
        }
        await record(messageId, metadata, {
          type: 'RecordMessageSent',
          recipientId: recipient.id,
          emailMessageId: due.messageId,
          transport: deps.mailer.transport,
        });
        sent++;
      }
      deps.log.info('workshop message sent', {
        messageId,
        workshopId,
        sent,
        families: state.message.recipients.length,
      });
    },
  });
}
