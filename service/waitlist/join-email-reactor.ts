import { workshopStream } from '../../contracts/catalogue/events.js';
import { waitlistStream, workshopIdOfWaitlist, type WaitlistEvent } from '../../contracts/waitlist/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { UnsendableMessageError } from '../mail/port.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { itemOfWorkshop } from '../enrollment/sale/purchased-item.js';
import { siteBase } from './offer-email.js';
import { joinEmail } from './join-email.js';
import { waitlistLinksFor } from './tokens.js';
import { positionOf, waitlistDecider, type WaitlistState } from './waitlist-decider.js';

type Joined = Extract<WaitlistEvent, { type: 'WaitlistJoined' }>;

/**
 * The join e-mail, as a reaction to WaitlistJoined (entries that need confirming): sent, then
 * WaitlistConfirmationEmailSent recorded, once per entry, the way the offer e-mail is
 * (offer-email-reactor.ts): a delivery that finds it recorded does nothing; a crash between the
 * send and the record sends the same message (same Message-ID, same links, both derived from the
 * entry) again. An entry that left or lapsed before its e-mail went gets none.
 */
export function waitlistJoinEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>) {
  return defineReactor<Joined>({
    name: 'waitlist-join-email',
    eventTypes: ['WaitlistJoined'],
    async handle(event, { metadata }) {
      if (!event.data.confirmBy) return;
      const workshopId = workshopIdOfWaitlist(event);
      const { entryId } = event.data;
      const stream = waitlistStream(workshopId);
      const entryIn = (s: WaitlistState) => {
        const i = s.byId[entryId];
        return i === undefined ? undefined : s.entries[i];
      };
      // This process's view first (it recorded the join, as a rule); read afresh when it does not know it.
      let line = await deps.commands.state(waitlistDecider, stream, Infinity);
      if (entryIn(line)?.status !== 'unconfirmed' || entryIn(line)?.confirmationEmailSent)
        line = await deps.commands.state(waitlistDecider, stream);
      const entry = entryIn(line);
      if (!entry?.confirmBy || entry.status !== 'unconfirmed' || entry.confirmationEmailSent) return;
      const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId), Infinity);
      if (!ledger.workshop) return;
      const links = waitlistLinksFor(deps.config);
      const base = siteBase(deps.config.PUBLIC_URL, deps.config.PORT);
      const message = await joinEmail(entry.email, entry.id, {
        firstName: entry.firstName,
        item: itemOfWorkshop(ledger.workshop),
        participants: entry.participants,
        position: positionOf(line, entry.id),
        confirmBy: entry.confirmBy,
        offerHours: deps.config.WAITLIST_OFFER_HOURS,
        confirmUrl: `${base}/waitlist/confirm?token=${links.confirmToken(workshopId, entry.id)}`,
        leaveUrl: `${base}/waitlist/leave?token=${links.leaveToken(workshopId, entry.id)}`,
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      try {
        await deps.mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('waitlist join e-mail cannot be sent; the entry will lapse', { workshopId, entryId });
        return;
      }
      await deps.commands.handle(
        waitlistDecider,
        stream,
        {
          type: 'RecordConfirmationEmail',
          entryId,
          messageId: message.messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
    },
  });
}
