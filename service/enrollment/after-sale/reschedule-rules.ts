import {
  changedWhenWhere,
  type EnrollmentEvent,
  type WorkshopWhenWhere,
} from '../../../contracts/enrollment/events.js';
import {
  cancellationOf,
  requireEnrollment,
  rescheduleMove,
  type EnrollmentState,
} from '../decider/enrollment-state.js';

/**
 * The school moved workshop `workshopId` (its date, time or place): the booking follows it. The
 * command carries the workshop's values as the reactor read them from the workshop's stream, and
 * `changeId` names this change for this enrollment, so a second delivery records nothing.
 */
export interface RescheduleBooking {
  type: 'RescheduleBooking';
  workshopId: string;
  changeId: string;
  /** The workshop's date, time and place now. */
  to: WorkshopWhenWhere;
  at: string;
}

/**
 * Records BookingRescheduled when the enrollment is in that workshop and its date, time or place
 * differs; nothing when it moved elsewhere, is not there yet (a transfer into it completes with the
 * target as it was asked for, and the reactor follows that up), has ended (cancelled, refunded),
 * or already reads the same. An expired hold follows too: a late payment can still revive it.
 * Only the date, time and place change: the title, price and group prices stay as bought.
 */
export function rescheduleDecision(command: RescheduleBooking, state: EnrollmentState): EnrollmentEvent[] {
  const { enrollmentId } = requireEnrollment(state);
  const { workshopId, changeId, to, at } = command;
  const from = state.item;
  if (state.moves.includes(rescheduleMove(changeId))) return [];
  if (state.workshopId !== workshopId || !from || from.kind !== 'workshop') return [];
  if (cancellationOf(state) || state.status === 'cancelled' || state.status === 'refunded') return [];
  const changed = changedWhenWhere(from, to);
  if (changed.length === 0) return [];
  return [
    {
      type: 'BookingRescheduled',
      data: {
        enrollmentId,
        workshopId,
        changeId,
        fromItem: from,
        item: {
          ...from,
          date: to.date,
          time: to.time,
          location: to.location,
          ...(to.sessions ? { sessions: to.sessions } : {}),
        },
        changed,
        rescheduledAt: at,
      },
    },
  ];
}
