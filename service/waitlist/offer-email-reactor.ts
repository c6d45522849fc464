import { workshopStream } from '../../contracts/catalogue/events.js';
import { waitlistStream, workshopIdOfWaitlist, type WaitlistEvent } from '../../contracts/waitlist/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { UnsendableMessageError } from '../mail/port.js';
import { priceEnrollment, tiersInCents, toCents } from '../../contracts/enrollment/money.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { itemOfWorkshop } from '../enrollment/sale/purchased-item.js';
import { offerEmail, siteBase } from './offer-email.js';
import { waitlistLinksFor } from './tokens.js';
import { entryOfOffer, waitlistDecider } from './waitlist-decider.js';

type Offered = Extract<WaitlistEvent, { type: 'WaitlistOffered' }>;

/**
 * The offer e-mail, as a reaction to WaitlistOffered: sent, then WaitlistOfferEmailSent recorded,
 * once per offer, the way the confirmation e-mail is (confirmation-email-reactor.ts): a delivery
 * that finds the e-mail recorded does nothing; a crash between the send and the record sends the
 * same message (same Message-ID, same link, derived from the offer's nonce) again. An offer that
 * ended before its e-mail left (taken, expired, the parent left) gets none.
 */
export function waitlistOfferEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>) {
  return defineReactor<Offered>({
    name: 'waitlist-offer-email',
    eventTypes: ['WaitlistOffered'],
    async handle(event, { metadata }) {
      const workshopId = workshopIdOfWaitlist(event);
      const { offerId } = event.data;
      // This process's view first (it made the offer, as a rule); read afresh when it does not know it.
      let entry = entryOfOffer(
        await deps.commands.state(waitlistDecider, waitlistStream(workshopId), Infinity),
        offerId,
      );
      if (entry?.status !== 'offered' || entry.offer?.emailSent)
        entry = entryOfOffer(await deps.commands.state(waitlistDecider, waitlistStream(workshopId)), offerId);
      if (!entry?.offer || entry.status !== 'offered' || entry.offer.emailSent) return;
      const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId), Infinity);
      if (!ledger.workshop) return;
      const links = waitlistLinksFor(deps.config);
      const base = siteBase(deps.config.PUBLIC_URL, deps.config.PORT);
      const token = links.offerToken(workshopId, offerId, entry.offer.tokenNonce);
      const workshop = ledger.workshop;
      const seats = entry.offer.seats;
      const message = await offerEmail({
        to: entry.email,
        firstName: entry.firstName,
        item: itemOfWorkshop(workshop),
        seats,
        // What the enroll page will charge for the held seats: the one pricing rule, group prices included.
        amountCents: priceEnrollment(toCents(workshop.price), seats, tiersInCents(workshop.priceTiers)).amountCents,
        offerId,
        expiresAt: entry.offer.expiresAt,
        enrollUrl: `${base}/enroll/${encodeURIComponent(workshopId)}?offer=${token}`,
        leaveUrl: `${base}/waitlist/leave?token=${links.leaveToken(workshopId, entry.id)}`,
        publicUrl: deps.config.PUBLIC_URL,
      });
      try {
        await deps.mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('waitlist offer e-mail cannot be sent; passed over', { workshopId, entryId: entry.id });
        return;
      }
      await deps.commands.handle(
        waitlistDecider,
        waitlistStream(workshopId),
        {
          type: 'RecordOfferEmail',
          entryId: entry.id,
          offerId,
          messageId: message.messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
    },
  });
}
