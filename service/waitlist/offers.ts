import { isEnrollmentOpen } from '../../contracts/catalogue/sales-window.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { offerHoldId, waitlistStream } from '../../contracts/waitlist/events.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { spotsLeft } from '../catalogue/workshop-decider.js';
import { seatLedgerDecider } from '../enrollment/seat-ledger.js';
import { newTokenNonce } from './tokens.js';
import { lineEntries, waitlistDecider, type WaitlistEntry } from './waitlist-decider.js';

type Deps = Pick<AppDeps, 'commands' | 'clock' | 'config' | 'log'>;

interface Planned {
  entry: WaitlistEntry;
  seats: number;
  /** The seats are on the ledger already (the offer was cut off before the waitlist recorded it). */
  held: boolean;
}

/** How many rounds one call makes at most; each round reads both streams afresh. */
const MAX_ROUNDS = 10;

/**
 * Offers a workshop's free seats to its waitlist, first confirmed entry that fits first, and settles what the
 * two streams disagree on. Each offer is two decisions: the seats are held on the workshop stream
 * (`OfferSeats`, hold `offer-<entryId>`, refused when they are not free, a no-op when held already),
 * then the waitlist records the offer (`RecordOffer`, a no-op unless the entry is still waiting).
 * Run again after a crash between the two, it finds the hold and records the offer; a hold left for
 * an entry no longer in the line is released. So a second run changes nothing, and two runs at once
 * (a lease changing hands) still make one offer per entry and never hold more seats than are free.
 * Offers going out together are decided in one append per stream (the command handler batches them).
 * Both streams are read afresh at every round: an offer missed on an old view would wait for the
 * next seat event.
 */
export async function makeOffers(deps: Deps, workshopId: string, metadata: EventMetadata): Promise<number> {
  const seatsStream = workshopStream(workshopId);
  const lineStream = waitlistStream(workshopId);
  let made = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const line = await deps.commands.state(waitlistDecider, lineStream);
    const needsLedger = line.entries.some((e) => e.status === 'waiting' || (e.status === 'left' && e.offer));
    if (!needsLedger) return made;
    const ledger = await deps.commands.state(seatLedgerDecider, seatsStream);
    const workshop = ledger.workshop;
    if (ledger.status !== 'scheduled' || !workshop) return made;
    const now = deps.clock();

    // No offers once enrollment has closed (at the start, or earlier when the school said so).
    let free = isEnrollmentOpen(workshop, now) ? spotsLeft(ledger) : 0;
    const plans: Planned[] = [];
    const stale: string[] = [];
    // In the order of the line (confirmation); entries never confirmed get no offer and hold no seats.
    for (const entry of lineEntries(line)) {
      const held = ledger.holds[offerHoldId(entry.id)];
      if (entry.status === 'waiting') {
        if (held !== undefined) plans.push({ entry, seats: held, held: true });
        else if (entry.participants <= free) {
          plans.push({ entry, seats: entry.participants, held: false });
          free -= entry.participants;
        }
      } else if (entry.status !== 'offered' && held !== undefined) stale.push(offerHoldId(entry.id));
    }
    if (plans.length === 0 && stale.length === 0) return made;

    // Seats held for someone no longer in the line (they left while the offer stood): released, so
    // the next round can offer them.
    await Promise.all(
      stale.map((id) =>
        deps.commands.handle(
          seatLedgerDecider,
          seatsStream,
          { type: 'ReleaseSeats', workshopId, enrollmentId: id, reason: 'cancelled' },
          metadata,
        ),
      ),
    );

    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + deps.config.WAITLIST_OFFER_HOURS * 3_600_000).toISOString();
    const holds = await Promise.allSettled(
      plans.map((p) =>
        p.held
          ? Promise.resolve(null)
          : deps.commands.handle(
              seatLedgerDecider,
              seatsStream,
              {
                type: 'OfferSeats',
                workshopId,
                offerId: offerHoldId(p.entry.id),
                waitlistEntryId: p.entry.id,
                seats: p.seats,
                expiresAt,
              },
              metadata,
            ),
      ),
    );
    const offered: Planned[] = [];
    holds.forEach((h, i) => {
      if (h.status === 'fulfilled') offered.push(plans[i]!);
      // Seats taken meanwhile (an enrollment got there first): the next round sees it.
      else if (!(h.reason instanceof AppError && h.reason.code === 'conflict')) throw h.reason;
    });
    const recorded = await Promise.all(
      offered.map((p) =>
        deps.commands.handle(
          waitlistDecider,
          lineStream,
          {
            type: 'RecordOffer',
            entryId: p.entry.id,
            offerId: offerHoldId(p.entry.id),
            seats: p.seats,
            tokenNonce: newTokenNonce(),
            at,
            expiresAt,
          },
          metadata,
        ),
      ),
    );
    const count = recorded.filter((r) => r.events.length > 0).length;
    made += count;
    if (count > 0) deps.log.info('waitlist offers made', { workshopId, offers: count });
    if (count === 0 && stale.length === 0) return made;
  }
  return made;
}
