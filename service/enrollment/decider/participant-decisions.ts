import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import type { ParticipantDecision } from '../../../contracts/enrollment/refusals.js';
import { priceEnrollment } from '../../../contracts/enrollment/money.js';
import type { Command } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import {
  hasEnded,
  hasSale,
  pricingOfState,
  type ConfirmedEnrollment,
  type EnrollmentState,
  type SubmittedEnrollment,
} from './enrollment-state.js';
import { participantNameOf, placeShare } from './participants.js';
import { refundableCents, refundRequests } from './refundable.js';
import { refundCentsOf } from './cancel-decisions.js';
import { refuse } from './refusals.js';

/** Participant `participant` of the booking, by name: refused when the booking has no such participant. */
function nameOf(state: ConfirmedEnrollment, participant: number, decision: ParticipantDecision): string {
  const count = state.submission.participants;
  if (participant >= count) throw refuse({ code: 'no_such_participant', decision, count });
  return participantNameOf(state.submission, participant);
}

/**
 * Cancels one participant's place in a confirmed booking, under the same rules as a whole
 * cancellation: one decision on the enrollment's stream (its revision), so two at once never give
 * back more than was paid nor more places than were booked. The last one still coming is not a
 * place but the booking: that is the whole cancellation. The seat goes back through the after-sale
 * seats reactor; the refund through the refunds reactor.
 */
function cancelParticipant(command: Command<'CancelParticipant'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (hasEnded(state)) throw refuse({ code: 'already_cancelled', scope: 'participant' });
  if (state.status !== 'confirmed') throw refuse({ code: 'participant_not_cancellable' });
  if (state.transfer) throw refuse({ code: 'being_moved', scope: 'participant' });
  const { participant, at } = command;
  const name = nameOf(state, participant, 'cancel');
  if (state.participantsLeft[participant]) throw refuse({ code: 'place_already_cancelled', name });
  const { staying, amountCents, refundCents: most, lines } = placeShare(state);
  if (staying === 0) throw refuse({ code: 'only_participant_left', decision: 'cancel', name });
  const cents = refundCentsOf(command.refund, most);
  const { priceCents } = state;
  if (cents > most)
    throw refuse({ code: 'place_refund_over_share', name, mostCents: most, staying, amountCents, priceCents });
  const refundTo = command.refundTo ?? 'card';
  if (refundTo === 'credit' && !pricingOfState(state)?.householdId) throw refuse({ code: 'credit_needs_family' });
  const cancelled: EnrollmentEvent = {
    type: 'ParticipantCancelled',
    data: {
      enrollmentId: state.submission.enrollmentId,
      participant,
      name,
      reason: command.by === 'admin' ? 'cancelled-by-admin' : 'cancelled-by-visitor',
      ...(command.note ? { note: command.note } : {}),
      notify: command.notify,
      participants: staying,
      amountCents,
      refundCents: cents,
      cancelledAt: at,
      lines,
    },
  };
  if (cents === 0) return [cancelled];
  // From where the money came, as a whole cancellation: the card (the balance's, then the deposit's),
  // the credit, the gift card.
  return [cancelled, ...refundRequests(state, cents, 'cancelled', at, refundTo, { participant })];
}

/**
 * Decides one participant's transfer on the booking they leave, under the rules of a whole
 * transfer (confirmed, one at a time, never to a workshop dearer than what the place is worth):
 * the place's share by the one pricing rule goes with them, the target's price for one of it
 * (`carriedCents`) pays their own booking there, the rest is refunded. The last one still coming
 * is the booking: that is a whole transfer.
 */
function requestParticipantTransfer(
  command: Command<'RequestParticipantTransfer'>,
  state: SubmittedEnrollment,
): EnrollmentEvent[] {
  if (state.status !== 'confirmed')
    throw refuse({ code: 'not_transferable', scope: 'participant', status: state.status });
  if (state.transfer) throw refuse({ code: 'transfer_under_way', scope: 'participant' });
  const { workshopId } = state;
  if (!workshopId || state.item.kind !== 'workshop')
    throw refuse({ code: 'not_a_workshop_booking', scope: 'participant' });
  if (command.toWorkshopId === workshopId) throw refuse({ code: 'already_in_workshop', scope: 'participant' });
  const { participant, item } = command;
  const name = nameOf(state, participant, 'transfer');
  if (state.participantsLeft[participant]) throw refuse({ code: 'participant_gone', name });
  const { staying, amountCents, refundCents: worth, lines } = placeShare(state);
  if (staying === 0) throw refuse({ code: 'only_participant_left', decision: 'transfer', name });
  // The place keeps the booking's discounts in the target (its code; the sibling discount, a sibling
  // still coming here), so a class of the same list price costs what the place is worth here.
  const pricing = pricingOfState(state);
  const { amountCents: target, lines: placeLines } = priceEnrollment(item.unitPriceCents, 1, item.priceTiers, {
    siblingDiscountPercent: pricing?.siblingDiscountPercent ?? 0,
    siblingAlreadyEnrolled: (pricing?.siblingDiscountPercent ?? 0) > 0,
    code: pricing?.discountCode ?? null,
  });
  if (target > worth)
    throw refuse({
      code: 'place_transfer_costs_more',
      title: item.title,
      name,
      targetCents: target,
      worthCents: worth,
    });
  return [
    {
      type: 'ParticipantTransferRequested',
      data: {
        enrollmentId: state.submission.enrollmentId,
        transferId: command.transferId,
        participant,
        name,
        fromWorkshopId: workshopId,
        toWorkshopId: command.toWorkshopId,
        newEnrollmentId: command.newEnrollmentId,
        item,
        participants: staying,
        amountCents,
        carriedCents: target,
        refundCents: worth - target,
        requestedAt: command.at,
        lines,
        placeLines,
      },
    },
  ];
}

/** Records the move once the place's own booking is open; the difference, if any, goes back. */
function completeParticipantTransfer(
  command: Command<'CompleteParticipantTransfer'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  if (!hasSale(state)) return [];
  const t = state.transfer;
  if (!t?.participant || t.transferId !== command.transferId) return [];
  const p = t.participant;
  const moved: EnrollmentEvent = {
    type: 'ParticipantTransferred',
    data: {
      enrollmentId: state.submission.enrollmentId,
      transferId: t.transferId,
      participant: p.index,
      name: p.name,
      fromWorkshopId: t.fromWorkshopId,
      toWorkshopId: t.toWorkshopId,
      newEnrollmentId: p.newEnrollmentId,
      item: t.item,
      participants: p.participants,
      amountCents: p.amountCents,
      carriedCents: t.amountCents,
      refundCents: t.refundCents,
      transferredAt: command.at,
      ...(p.lines ? { lines: p.lines } : {}),
      ...(p.placeLines ? { placeLines: p.placeLines } : {}),
    },
  };
  const refund = Math.min(t.refundCents, Math.max(0, refundableCents(state) - t.amountCents));
  if (refund === 0) return [moved];
  return [
    moved,
    ...refundRequests(state, refund, 'transfer-difference', command.at, 'card', {
      participant: p.index,
      transferId: t.transferId,
    }),
  ];
}

/** Confirmed, with several participants: one of them gives up their place, or moves to another workshop. */
export const participantDecisions = {
  CancelParticipant: onSubmitted(cancelParticipant),
  RequestParticipantTransfer: onSubmitted(requestParticipantTransfer),
  CompleteParticipantTransfer: completeParticipantTransfer,
} satisfies Partial<Decisions>;
