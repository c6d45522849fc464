import { z } from 'zod';

/**
 * A participant who gave up their place in a booking of several while the others still come
 * (`ParticipantCancelled`), as the read models keep it: the index in the booking's participant list
 * (which never renumbers), the name, when, and what went back with it. The participant's details
 * stay in the list, so every view marks them by index rather than losing them.
 */
export const LeftParticipantSchema = z.object({
  participant: z.number().int().nonnegative(),
  name: z.string(),
  how: z.enum(['cancelled']),
  at: z.string(),
  /** What was refunded for this place, in cents (0: nothing). */
  refundCents: z.number().int().nonnegative(),
});
export type LeftParticipant = z.infer<typeof LeftParticipantSchema>;

/** Whether participant `index` still comes. */
export const stillComing = (left: readonly LeftParticipant[] | undefined, index: number) =>
  !left?.some((l) => l.participant === index);

/** The items of a per-participant list that still come, with their index in the booking. */
export const stillComingOf = <T>(items: readonly T[], left: readonly LeftParticipant[] | undefined) =>
  items.map((item, index) => ({ item, index })).filter(({ index }) => stillComing(left, index));
