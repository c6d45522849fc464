import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import type { CatalogueRefusal } from '../../contracts/catalogue/refusals.js';

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

/** Why `wanted` free seats more would break the cap, or null when they fit. */
export function freeSeatRefusal(
  workshop: WorkshopData,
  counted: Record<string, number>,
  claim: FreeSeatClaim,
  wanted: number,
): Extract<CatalogueRefusal, { code: 'free_seats_capped' }> | null {
  const max = workshop.maxFreeSeatsPerClient ?? claim.max;
  if (max === null) return null;
  const taken = Math.max(0, ...claim.keys.map((k) => counted[k] ?? 0));
  if (taken + wanted <= max) return null;
  return { code: 'free_seats_capped', title: workshop.title, taken, max };
}
