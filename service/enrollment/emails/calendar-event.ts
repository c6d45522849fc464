import { SCHOOL } from '../../../contracts/core/school.js';
import type { Booking } from '../decider/enrollment-state.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/**
 * One calendar event per enrollment for its whole life, in every .ics the school hands out (the
 * confirmation, each transfer and each move by the school, the reminder, the booking page's
 * download): the same UID, from the order's reference, and a SEQUENCE that rises with each change
 * of date or place (a completed transfer, a move of the workshop), so a calendar that imports a
 * later file replaces the entry it has rather than keeping the old date beside it.
 */
export const calendarUid = (orderRef: string) => `${orderRef}@${DOMAIN}`;

/**
 * Changes of date or place so far; up to `move` (included) when given, a key of `state.moves`
 * (`transferMove(id)`, `rescheduleMove(changeId)`), so the e-mail about one change carries its own.
 */
export function calendarSequence(state: Pick<Booking, 'moves'>, move?: string): number {
  return move === undefined ? state.moves.length : state.moves.indexOf(move) + 1;
}
