import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { priceEnrollment } from '../../../contracts/enrollment/money.js';
import type { Command } from './commands.js';
import { onSubmitted, type Decisions } from './decision.js';
import { hasSale, pricingOfState, type SubmittedEnrollment } from './enrollment-state.js';
import { stayingParticipants } from './participants.js';
import { refundableCents, refundRequests } from './refundable.js';
import { refuse } from './refusals.js';
import type { PendingTransfer } from './sale-state.js';

function requestTransfer(command: Command<'RequestTransfer'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  if (state.status !== 'confirmed')
    throw refuse({ code: 'not_transferable', scope: 'enrollment', status: state.status });
  if (state.transfer) throw refuse({ code: 'transfer_under_way', scope: 'enrollment' });
  const { workshopId, item } = state;
  if (!workshopId || item.kind !== 'workshop') throw refuse({ code: 'not_a_workshop_booking', scope: 'enrollment' });
  if (command.toWorkshopId === workshopId) throw refuse({ code: 'already_in_workshop', scope: 'enrollment' });
  // Those still coming move (a participant who left a booking of several stays out).
  const seats = stayingParticipants(state).length;
  // The one pricing rule, group prices included (a couple moved to the dinner pays the couple's
  // price), with the discounts the order was bought with: its sibling discount and its code.
  const pricing = pricingOfState(state);
  const { title, unitPriceCents, priceTiers } = command.item;
  const { amountCents, lines } = priceEnrollment(unitPriceCents, seats, priceTiers, {
    siblingDiscountPercent: pricing?.siblingDiscountPercent,
    siblingAlreadyEnrolled: pricing?.siblingAlreadyEnrolled,
    code: pricing?.discountCode,
  });
  const { priceCents } = state;
  if (amountCents > priceCents) throw refuse({ code: 'transfer_costs_more', title, amountCents, seats, priceCents });
  // What came in beyond the new price goes back; a deposit booking keeps owing the rest of the new price.
  const refundable = refundableCents(state);
  const refundCents = Math.min(Math.max(0, refundable - amountCents), refundable);
  const { transferId, toWorkshopId, at } = command;
  return [
    {
      type: 'TransferRequested',
      data: {
        enrollmentId: state.submission.enrollmentId,
        transferId,
        fromWorkshopId: workshopId,
        toWorkshopId,
        seats,
        fromItem: item,
        item: command.item,
        amountCents,
        refundCents,
        requestedAt: at,
        lines,
      },
    },
  ];
}

/** The transfer under way with this id, if there is one. */
const pending = (state: SubmittedEnrollment, transferId: string): PendingTransfer | null =>
  hasSale(state) && state.transfer?.transferId === transferId ? state.transfer : null;

function completeTransfer(command: Command<'CompleteTransfer'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  const t = pending(state, command.transferId);
  // One participant's transfer ends with CompleteParticipantTransfer (participant-decisions.ts).
  if (!t || t.participant) return [];
  const transferred: EnrollmentEvent = {
    type: 'EnrollmentTransferred',
    data: {
      enrollmentId: state.submission.enrollmentId,
      transferId: t.transferId,
      fromWorkshopId: t.fromWorkshopId,
      toWorkshopId: t.toWorkshopId,
      fromItem: t.fromItem,
      item: t.item,
      amountCents: t.amountCents,
      refundCents: t.refundCents,
      transferredAt: command.at,
      ...(t.lines ? { lines: t.lines } : {}),
    },
  };
  const refund = Math.min(t.refundCents, refundableCents(state));
  if (refund === 0) return [transferred];
  return [
    transferred,
    ...refundRequests(state, refund, 'transfer-difference', command.at, 'card', { transferId: t.transferId }),
  ];
}

function abandonTransfer(command: Command<'AbandonTransfer'>, state: SubmittedEnrollment): EnrollmentEvent[] {
  const t = pending(state, command.transferId);
  if (!t) return [];
  const { transferId, toWorkshopId } = t;
  const { reason, at } = command;
  const { enrollmentId } = state.submission;
  return [{ type: 'TransferAbandoned', data: { enrollmentId, transferId, toWorkshopId, reason, abandonedAt: at } }];
}

/**
 * Confirmed: the whole booking moves to another workshop, never to a dearer one (the difference
 * goes back); the seat in the target is taken by the transfer's reactor, which completes or abandons it.
 */
export const transferDecisions = {
  RequestTransfer: onSubmitted(requestTransfer),
  CompleteTransfer: onSubmitted(completeTransfer),
  AbandonTransfer: onSubmitted(abandonTransfer),
} satisfies Partial<Decisions>;
