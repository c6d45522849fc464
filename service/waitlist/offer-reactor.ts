import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import {
  OFFER_HOLD_PREFIX,
  waitlistStream,
  workshopIdOfWaitlist,
  type WaitlistEvent,
} from '../../contracts/waitlist/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { spotsLeft } from '../catalogue/workshop-decider.js';
import { seatLedgerDecider } from '../enrollment/seat-ledger.js';
import { makeOffers } from './offers.js';
import { entryOfOffer, waitlistDecider } from './waitlist-decider.js';

type Trigger =
  | Extract<WorkshopEvent, { type: 'SeatsReleased' | 'WorkshopUpdated' }>
  | Extract<WaitlistEvent, { type: 'WaitlistJoined' | 'WaitlistEntryConfirmed' | 'WaitlistLeft' }>;

/**
 * Waitlist offers, as a reaction to whatever frees seats or changes the line: a hold released
 * (expired, payment failed, cancelled, an offer expired or declined), a workshop updated (capacity
 * raised), a parent's entry confirmed (or joined before confirmation existed), a parent leaving.
 * An entry not confirmed is no one's turn: its join changes nothing. A released offer hold is first settled on the waitlist:
 * taken by an enrollment (released as `replaced`) it is accepted, otherwise it expired. Then the
 * free seats are offered (offers.ts). Every step is a decision that changes nothing the second
 * time, so a redelivered event (a crash before the checkpoint) makes no second offer.
 */
export function waitlistOfferReactor(deps: Pick<AppDeps, 'commands' | 'clock' | 'config' | 'log'>) {
  return defineReactor<Trigger>({
    name: 'waitlist-offers',
    eventTypes: ['SeatsReleased', 'WorkshopUpdated', 'WaitlistJoined', 'WaitlistEntryConfirmed', 'WaitlistLeft'],
    async handle(event, { metadata }) {
      let workshopId: string;
      switch (event.type) {
        case 'SeatsReleased': {
          workshopId = event.data.workshopId;
          const { enrollmentId: holdId, reason, replacedBy } = event.data;
          // Most releases free nothing for the line (a hold replaced by a new one, seats taken again
          // at once): the small workshop stream says so without reading a long waitlist.
          if (!holdId.startsWith(OFFER_HOLD_PREFIX)) {
            const ledger = await deps.commands.state(seatLedgerDecider, workshopStream(workshopId));
            if (spotsLeft(ledger) === 0) return;
          }
          const line = await deps.commands.state(waitlistDecider, waitlistStream(workshopId));
          const entry = entryOfOffer(line, holdId);
          if (entry?.status === 'offered') {
            const at = deps.clock().toISOString();
            const command =
              reason === 'replaced' && replacedBy
                ? { type: 'AcceptOffer' as const, offerId: holdId, enrollmentId: replacedBy, at }
                : { type: 'ExpireOffer' as const, offerId: holdId, at };
            await deps.commands.handle(waitlistDecider, waitlistStream(workshopId), command, metadata);
            deps.log.info(command.type === 'AcceptOffer' ? 'waitlist offer accepted' : 'waitlist offer expired', {
              workshopId,
              entryId: entry.id,
            });
          }
          break;
        }
        case 'WorkshopUpdated':
          workshopId = event.data.workshop.id;
          break;
        case 'WaitlistJoined':
        case 'WaitlistEntryConfirmed': {
          // Unconfirmed, the entry does not count yet: its confirmation is what may make an offer.
          if (event.type === 'WaitlistJoined' && event.data.confirmBy) return;
          workshopId = workshopIdOfWaitlist(event);
          // A new place in the line changes nothing while the workshop is full, which is when parents join.
          const ledger = await deps.commands.state(seatLedgerDecider, workshopStream(workshopId));
          if (spotsLeft(ledger) === 0) return;
          break;
        }
        case 'WaitlistLeft':
          workshopId = workshopIdOfWaitlist(event);
          break;
      }
      await makeOffers(deps, workshopId, metadata);
    },
  });
}
