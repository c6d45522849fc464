import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { lateJoinFrom } from '../../contracts/catalogue/sessions.js';
import { priceEnrollment, tiersInCents, toCents, type SessionShare } from '../../contracts/enrollment/money.js';

/** The sessions a family joining at `at` buys, when it joins a course late; else undefined. */
export function lateShare(
  workshop: Pick<Workshop, 'sessions' | 'lateJoinUntilSession'>,
  at: Date,
): SessionShare | undefined {
  const from = workshop.sessions ? lateJoinFrom(workshop, at) : undefined;
  return from ? { left: workshop.sessions.length - from + 1, total: workshop.sessions.length } : undefined;
}

/**
 * What `participants` pay for this workshop at `at`: the server's rule (group prices, and a late
 * join's pro rata share), for the page to show and send.
 */
export const priceWorkshop = (
  workshop: Pick<Workshop, 'price' | 'priceTiers' | 'sessions' | 'lateJoinUntilSession'>,
  participants: number,
  at: Date = new Date(),
) =>
  priceEnrollment(toCents(workshop.price), participants, tiersInCents(workshop.priceTiers), {
    sessions: lateShare(workshop, at),
  });
