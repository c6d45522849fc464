import { z } from 'zod';
import type { EnrollmentEvent } from './events.js';
import { priceEnrollment, sessionShareOf, type TierCents } from './money.js';
import type { OrderDiscounts } from './pricing.js';

/**
 * A participant who gave up their place in a booking of several while the others still come
 * (`ParticipantCancelled`), as the read models keep it: the index in the booking's participant list
 * (which never renumbers), the name, when, and what went back with it. The participant's details
 * stay in the list, so every view marks them by index rather than losing them.
 */
export const LeftParticipantSchema = z.object({
  participant: z.number().int().nonnegative(),
  name: z.string(),
  /** `transferred`: moved to a booking of its own in another workshop (`to`). */
  how: z.enum(['cancelled', 'transferred']),
  /** With `transferred`: the workshop's title and the new booking. */
  to: z.object({ title: z.string(), enrollmentId: z.string() }).optional(),
  at: z.string(),
  /** What was refunded for this place, in cents (0: nothing). */
  refundCents: z.number().int().nonnegative(),
});
export type LeftParticipant = z.infer<typeof LeftParticipantSchema>;

/** A participant who left a booking of several, as the read models list them. */
export function leftOf(
  e: Extract<EnrollmentEvent, { type: 'ParticipantCancelled' | 'ParticipantTransferred' }>,
): LeftParticipant {
  const { participant, name, refundCents } = e.data;
  return e.type === 'ParticipantCancelled'
    ? { participant, name, how: 'cancelled', at: e.data.cancelledAt, refundCents }
    : {
        participant,
        name,
        how: 'transferred',
        at: e.data.transferredAt,
        refundCents,
        to: { title: e.data.item.title, enrollmentId: e.data.newEnrollmentId },
      };
}

/** Whether participant `index` still comes. */
export const stillComing = (left: readonly LeftParticipant[] | undefined, index: number) =>
  !left?.some((l) => l.participant === index);

/** The items of a per-participant list that still come, with their index in the booking. */
export const stillComingOf = <T>(items: readonly T[], left: readonly LeftParticipant[] | undefined) =>
  items.map((item, index) => ({ item, index })).filter(({ index }) => stillComing(left, index));

/** What the order holds that one place's share is measured from. */
export interface ShareOf {
  item: {
    unitPriceCents: number;
    priceTiers?: readonly TierCents[] | undefined;
    fromSession?: number | undefined;
    sessions?: readonly unknown[] | undefined;
  };
  participants: number;
  amountCents: number;
  /** What the booking costs now, once a participant left or it was transferred; absent: `amountCents`. */
  amountNowCents?: number | undefined;
  leftParticipants?: readonly LeftParticipant[] | undefined;
  /** The booking's own discounts, as the decider prices those still coming with them. */
  discounts?: OrderDiscounts | undefined;
}

/**
 * What cancelling one more participant's place gives back at most, as the enrollment's decider
 * measures it (`placeShare`, service/enrollment/decider/participants.ts): the booking's price now less what
 * the one pricing rule asks of those who would still come, within what came in beyond that price
 * (a deposit stays on the booking towards its balance); and that price (`remainingCents`). Null
 * while fewer than two still come (the last one is the booking).
 */
export function placeShare(order: ShareOf, refundableCents: number) {
  const staying = order.participants - (order.leftParticipants?.length ?? 0);
  if (staying < 2) return null;
  const d = order.discounts;
  const remainingCents = priceEnrollment(order.item.unitPriceCents, staying - 1, order.item.priceTiers, {
    siblingDiscountPercent: d?.siblingDiscountPercent ?? 0,
    siblingAlreadyEnrolled: d?.siblingAlreadyEnrolled ?? false,
    code: d?.discountCode ?? null,
    sessions: sessionShareOf(order.item),
  }).amountCents;
  const share = Math.max(0, (order.amountNowCents ?? order.amountCents) - remainingCents);
  return { refundCents: Math.min(share, Math.max(0, refundableCents - remainingCents)), remainingCents };
}
