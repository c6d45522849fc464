import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { formatUsd, priceEnrollment } from '../../../contracts/enrollment/money.js';
import { AppError, conflict } from '../../core/errors.js';
import {
  participantNameOf,
  refundableCents,
  refundRequest,
  requireEnrollment,
  stayingParticipants,
  type EnrollmentState,
} from '../decider/enrollment-state.js';
import type { RefundChoice } from './after-sale-rules.js';

/** One participant of a booking of several gives up their place; the others still come. */
export interface CancelParticipant {
  type: 'CancelParticipant';
  /** The participant's index in the booking, from 0. */
  participant: number;
  by: 'admin' | 'visitor';
  refund: RefundChoice;
  note: string | null;
  notify: boolean;
  at: string;
}

const issue = (path: 'participant' | 'refund', message: string) =>
  new AppError('validation', message, { issues: [{ path, message }] });

/**
 * What one place is worth when the others stay: the booking's price now less what the one pricing
 * rule asks of those still coming, never below 0, and at most what can still be refunded. A couple
 * at the dinner ($250) leaving one: the other pays the single price ($150), so $100 goes back.
 */
export function placeShare(state: EnrollmentState): { staying: number; amountCents: number; refundCents: number } {
  const staying = Math.max(0, stayingParticipants(state).length - 1);
  const item = state.item;
  const { amountCents } = item
    ? priceEnrollment(item.unitPriceCents, staying, item.priceTiers)
    : { amountCents: state.priceCents };
  const share = Math.max(0, state.priceCents - amountCents);
  return { staying, amountCents, refundCents: Math.min(share, refundableCents(state)) };
}

/**
 * Cancels one participant's place in a confirmed booking, under the same rules as a whole
 * cancellation: one decision on the enrollment's stream (its revision), so two at once never give
 * back more than was paid nor more places than were booked. The last one still coming is not a
 * place but the booking: that is the whole cancellation. The seat goes back through the after-sale
 * seats reactor; the refund through the refunds reactor.
 */
export function cancelParticipant(command: CancelParticipant, state: EnrollmentState): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.status === 'cancelled' || state.status === 'refunded')
    throw conflict('This booking is already cancelled; nothing more was refunded.');
  if (state.status !== 'confirmed') throw conflict('Only a confirmed booking can have one participant cancelled.');
  if (state.transfer)
    throw conflict('This booking is being moved to another workshop right now. Please try again in a moment.');
  const { participant } = command;
  const count = submission.participants;
  if (participant >= count)
    throw issue(
      'participant',
      `participant: this booking has ${count === 1 ? 'one participant, 0' : `participants 0 to ${count - 1}`} (counted from 0).`,
    );
  const name = participantNameOf(submission, participant);
  if (state.participantsLeft[participant])
    throw conflict(`${name}'s place is already cancelled; nothing more was refunded.`);
  const { staying, amountCents, refundCents: most } = placeShare(state);
  if (staying === 0) throw conflict(`${name} is the only participant still coming: cancel the whole booking instead.`);
  const { refund } = command;
  const cents = refund.kind === 'full' ? most : refund.kind === 'none' ? 0 : refund.cents;
  if (cents > most)
    throw issue(
      'refund',
      most === 0
        ? `refund: nothing can be refunded for ${name}'s place.`
        : `refund: at most ${formatUsd(most)} can be refunded for ${name}'s place (the ${staying} still coming pay ${formatUsd(amountCents)} of ${formatUsd(state.priceCents)}).`,
    );
  const cancelled: EnrollmentEvent = {
    type: 'ParticipantCancelled',
    data: {
      enrollmentId: submission.enrollmentId,
      participant,
      name,
      reason: command.by === 'admin' ? 'cancelled-by-admin' : 'cancelled-by-visitor',
      ...(command.note ? { note: command.note } : {}),
      notify: command.notify,
      participants: staying,
      amountCents,
      refundCents: cents,
      cancelledAt: command.at,
    },
  };
  if (cents === 0) return [cancelled];
  return [cancelled, refundRequest(state, state.paid!.intentId, cents, 'cancelled', command.at)];
}
