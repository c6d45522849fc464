import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { AppError } from '../core/errors.js';

/**
 * Free seats one family may take in one workshop. A free event costs a hoarder nothing, so each
 * free reservation counts against the keyed hashes of its client address and of its e-mail, and
 * either reaching the cap refuses it. It is decided by the seat decision itself, on the workshop's
 * stream with its expected revision: the seats and the allowance cannot disagree, concurrent
 * requests (in one process or several) are decided one after the other, and seats given back (a
 * cancellation) count no more.
 */
export interface FreeSeatClaim {
  /** Keyed hashes (service/core/pseudonyms.ts) of the client address and of the e-mail. */
  keys: string[];
  /** MAX_FREE_SEATS_PER_CLIENT, used when the workshop sets no cap of its own; null: no cap. */
  max: number | null;
}

/** The family's allowance cannot grow by waiting; an hour is a fair moment to look again (a seat given back counts no more). */
const RETRY_AFTER_SECONDS = 3600;

const seats = (n: number) => `${n} free ${n === 1 ? 'seat' : 'seats'}`;
const contact = `${SCHOOL.email} or ${SCHOOL.phone}`;

/** Why `wanted` free seats more would break the cap, or null when they fit. */
export function freeSeatRefusal(
  workshop: WorkshopData,
  counted: Record<string, number>,
  claim: FreeSeatClaim,
  wanted: number,
): AppError | null {
  const max = workshop.maxFreeSeatsPerClient ?? claim.max;
  if (max === null) return null;
  const taken = Math.max(0, ...claim.keys.map((k) => counted[k] ?? 0));
  if (taken + wanted <= max) return null;
  const title = workshop.title;
  const message =
    taken >= max
      ? `You have already reserved ${seats(taken)} for ${title}, the most one family can reserve for this event. If you need more places, please contact us at ${contact}.`
      : taken === 0
        ? `Each family may reserve at most ${seats(max)} for ${title}. Please lower the number of participants, or contact us at ${contact} if you need more places.`
        : `You can reserve ${max - taken} more ${max - taken === 1 ? 'free seat' : 'free seats'} for ${title}: each family may reserve at most ${max}. Please lower the number of participants, or contact us at ${contact} if you need more places.`;
  return new AppError('rate_limited', message, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}
