import { isEnrollmentOpen } from '../../contracts/catalogue/sales-window.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { workshopStream } from '../../contracts/catalogue/events.js';
import { offerHoldId, waitlistStream } from '../../contracts/waitlist/events.js';
import type { AppDeps } from '../core/deps.js';
import { conflict, notFound, validationError } from '../core/errors.js';
import { spotsLeft } from '../catalogue/workshop-decider.js';
import { workshopDecider } from '../catalogue/workshop-decider.js';
import { formatLongDateTime } from './school-dates.js';
import { newTokenNonce } from './tokens.js';
import { waitlistDecider, type WaitlistEntry, type WaitlistState } from './waitlist-decider.js';

type Deps = Pick<AppDeps, 'commands' | 'clock' | 'config' | 'log'>;

const seatsWord = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

const ENDED: Partial<Record<WaitlistEntry['status'], string>> = {
  accepted: 'took the seats offered and enrolled',
  expired: 'let an offer run out',
  left: 'left the waitlist',
  lapsed: 'never confirmed the entry from the e-mail',
};

function entryIn(line: WaitlistState, entryId: string): WaitlistEntry {
  const i = line.byId[entryId];
  const entry = i === undefined ? undefined : line.entries[i];
  if (!entry) throw notFound('This workshop’s waitlist has no such entry.');
  return entry;
}

/**
 * The administrator takes an entry off the waitlist (`WaitlistLeft`, the administrator in its
 * metadata). An offer it held is declined: the offer maker (offer-reactor.ts) releases its seats
 * and offers them to the next family, as when a parent leaves by the e-mail's link.
 */
export async function removeEntry(deps: Deps, workshopId: string, entryId: string, metadata: EventMetadata) {
  const line = await deps.commands.state(waitlistDecider, waitlistStream(workshopId));
  const entry = entryIn(line, entryId);
  const ended = ENDED[entry.status];
  if (ended) throw conflict(`This family is no longer on the waitlist: they ${ended}.`);
  // Read before the decision: the handler folds its cached state in place.
  const declinedOffer = entry.status === 'offered';
  const { position } = await deps.commands.handle(
    waitlistDecider,
    waitlistStream(workshopId),
    { type: 'LeaveWaitlist', entryId, at: deps.clock().toISOString() },
    metadata,
  );
  deps.log.info('waitlist entry removed', { workshopId, entryId });
  return { position, declinedOffer };
}

/**
 * The administrator offers an entry seats now, ahead of the line: `seats` (at most what the
 * family asked for, by default all of it) out of the seats free. The same two decisions as the
 * offer maker's (offers.ts), so the same guarantees: the seats are held on the workshop stream
 * first (refused when not free), then the waitlist records the offer, which the offer e-mail
 * reactor sends once. A crash between the two is finished by the offer maker's next run (a hold
 * for a waiting entry: the offer is recorded).
 */
export async function offerNow(
  deps: Deps,
  workshopId: string,
  entryId: string,
  seatsAsked: number | undefined,
  metadata: EventMetadata,
) {
  const lineStream = waitlistStream(workshopId);
  const seatsStream = workshopStream(workshopId);
  const entry = entryIn(await deps.commands.state(waitlistDecider, lineStream), entryId);
  if (entry.status === 'offered' && entry.offer)
    throw conflict(
      `${entry.firstName} already holds an offer of ${seatsWord(entry.offer.seats)} until ${formatLongDateTime(entry.offer.expiresAt)}.`,
    );
  if (entry.status === 'unconfirmed')
    throw conflict(
      `${entry.firstName} has not confirmed this entry from the waitlist e-mail yet, so it has no place to offer seats to. Ask them to open the link in that e-mail, or enroll them from the schedule.`,
    );
  const ended = ENDED[entry.status];
  if (ended) throw conflict(`This family is no longer on the waitlist: they ${ended}.`);

  const asked = entry.participants;
  const seats = seatsAsked ?? asked;
  if (seats > asked) {
    const message = `seats: at most ${asked}, the seats this family asked for.`;
    throw validationError(message, [{ path: 'seats', message }]);
  }
  const ledger = await deps.commands.state(workshopDecider, seatsStream);
  if (ledger.status !== 'scheduled' || !ledger.workshop) throw notFound('This workshop is not on the schedule.');
  const now = deps.clock();
  if (!isEnrollmentOpen(ledger.workshop, now))
    throw conflict('Enrollment for this workshop has closed, so no seats can be offered.');
  const free = spotsLeft(ledger);
  if (seats > free)
    throw conflict(
      free === 0
        ? 'No seats are free in this workshop. Cancel or move a booking, or raise the capacity in the workshop form, to free one.'
        : `Only ${seatsWord(free)} ${free === 1 ? 'is' : 'are'} free in this workshop: offer ${free === 1 ? 'it' : 'those'}, or free more first.`,
    );

  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + deps.config.WAITLIST_OFFER_HOURS * 3_600_000).toISOString();
  const offerId = offerHoldId(entryId);
  // Refused by the ledger when the seats went meanwhile (its conflict says how many are left).
  await deps.commands.handle(
    workshopDecider,
    seatsStream,
    { type: 'OfferSeats', workshopId, offerId, waitlistEntryId: entryId, seats, expiresAt },
    metadata,
  );
  const recorded = await deps.commands.handle(
    waitlistDecider,
    lineStream,
    { type: 'RecordOffer', entryId, offerId, seats, tokenNonce: newTokenNonce(), at, expiresAt },
    metadata,
  );
  const after = entryIn(recorded.state, entryId);
  if (recorded.events.length === 0 && after.status !== 'offered') {
    // The family left between the two decisions: the seats go back rather than wait for the next event.
    await deps.commands.handle(
      workshopDecider,
      seatsStream,
      { type: 'ReleaseSeats', workshopId, enrollmentId: offerId, reason: 'cancelled' },
      metadata,
    );
    throw conflict('This family left the waitlist just now; the seats were not offered.');
  }
  deps.log.info('waitlist offer made by the school', { workshopId, entryId, seats });
  return {
    position: recorded.position,
    seats: after.offer?.seats ?? seats,
    expiresAt: after.offer?.expiresAt ?? expiresAt,
  };
}
