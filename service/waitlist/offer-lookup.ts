import { waitlistStream } from '../../contracts/waitlist/events.js';
import type { AppDeps } from '../core/deps.js';
import { waitlistLinksFor } from './tokens.js';
import { waitlistDecider, type WaitlistEntry } from './waitlist-decider.js';

/**
 * The entry whose standing offer on `workshopId` the token opens, or null. Every standing offer's
 * token is derived and compared in constant time (a workshop has at most a few dozen offers out),
 * so the answer time says nothing about which part of a token was right. Read afresh: an offer
 * that just expired or was taken must not open.
 */
export async function findOfferEntry(
  deps: Pick<AppDeps, 'commands' | 'config'>,
  workshopId: string,
  token: string,
): Promise<WaitlistEntry | null> {
  const links = waitlistLinksFor(deps.config);
  const line = await deps.commands.state(waitlistDecider, waitlistStream(workshopId));
  let found: WaitlistEntry | null = null;
  for (const entry of line.entries) {
    if (entry.status !== 'offered' || !entry.offer) continue;
    if (links.matchesOffer(token, workshopId, entry.offer.offerId, entry.offer.tokenNonce)) found = entry;
  }
  return found;
}
