import { SCHOOL } from '../../contracts/core/school.js';
import type { EnrollmentState } from './enrollment-state.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/**
 * One calendar event per enrollment for its whole life, in every .ics the school hands out (the
 * confirmation e-mail, each transfer e-mail, the booking page's download): the same UID, from the
 * order's reference, and a SEQUENCE that rises with each completed move, so a calendar that
 * imports a later file replaces the entry it has rather than keeping the old date beside it.
 */
export const calendarUid = (orderRef: string) => `${orderRef}@${DOMAIN}`;

/** Completed moves of the enrollment, in the order they happened; up to `transferId` (included) when given. */
export function calendarSequence(state: Pick<EnrollmentState, 'transfersEnded'>, transferId?: string): number {
  const moves = Object.entries(state.transfersEnded)
    .filter(([, t]) => t.outcome === 'completed')
    .map(([id]) => id);
  return transferId === undefined ? moves.length : moves.indexOf(transferId) + 1;
}
