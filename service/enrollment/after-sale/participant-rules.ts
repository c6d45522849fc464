import {
  orderIdFor,
  orderReferenceFor,
  type EnrollmentEvent,
  type EnrollmentSubmitted,
  type ParticipantTransferRequested,
  type PurchasedItem,
} from '../../../contracts/enrollment/events.js';
import { priceEnrollment } from '../../../contracts/enrollment/money.js';
import { legacyFromDetails, participantDetailsOf } from '../../../contracts/enrollment/participants.js';
import { refuse } from '../decider/refusals.js';
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

/**
 * What one place is worth when the others stay: the booking's price now less what the one pricing
 * rule asks of those still coming, never below 0, and at most what came in beyond that new price.
 * A couple at the dinner ($250) leaving one: the other pays the single price ($150), so $100 goes
 * back. A camp booked with a deposit ($100 paid of $500 for two) leaving one: the deposit stays on
 * the booking, which now owes $150 of its $250, and nothing goes back.
 */
export function placeShare(state: EnrollmentState): { staying: number; amountCents: number; refundCents: number } {
  const staying = Math.max(0, stayingParticipants(state).length - 1);
  const item = state.item;
  const { amountCents } = item
    ? priceEnrollment(item.unitPriceCents, staying, item.priceTiers)
    : { amountCents: state.priceCents };
  const share = Math.max(0, state.priceCents - amountCents);
  return { staying, amountCents, refundCents: Math.min(share, Math.max(0, refundableCents(state) - amountCents)) };
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
    throw refuse({ code: 'already_cancelled', scope: 'participant' });
  if (state.status !== 'confirmed') throw refuse({ code: 'participant_not_cancellable' });
  if (state.transfer) throw refuse({ code: 'being_moved', scope: 'participant' });
  const { participant } = command;
  const count = submission.participants;
  if (participant >= count) throw refuse({ code: 'no_such_participant', decision: 'cancel', count });
  const name = participantNameOf(submission, participant);
  if (state.participantsLeft[participant]) throw refuse({ code: 'place_already_cancelled', name });
  const { staying, amountCents, refundCents: most } = placeShare(state);
  if (staying === 0) throw refuse({ code: 'only_participant_left', decision: 'cancel', name });
  const { refund } = command;
  const cents = refund.kind === 'full' ? most : refund.kind === 'none' ? 0 : refund.cents;
  if (cents > most)
    throw refuse({
      code: 'place_refund_over_share',
      name,
      mostCents: most,
      staying,
      amountCents,
      priceCents: state.priceCents,
    });
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

/** One participant of a booking of several moves to another workshop, the others staying. */
export interface RequestParticipantTransfer {
  type: 'RequestParticipantTransfer';
  participant: number;
  transferId: string;
  toWorkshopId: string;
  /** The target as it would be bought now. */
  item: PurchasedItem;
  /** The id of the booking of their own the place becomes in the target. */
  newEnrollmentId: string;
  at: string;
}

/** The seat was taken in the target and the place's own booking opened: the move is recorded here. */
export interface CompleteParticipantTransfer {
  type: 'CompleteParticipantTransfer';
  transferId: string;
  at: string;
}

/** Opens the place's own booking in the target (on its new stream), paid with the money that came with it. */
export interface OpenTransferredPlace {
  type: 'OpenTransferredPlace';
  /** The booking the place leaves, as its stream holds it. */
  from: EnrollmentSubmitted;
  transfer: Pick<
    ParticipantTransferRequested,
    'participant' | 'name' | 'newEnrollmentId' | 'toWorkshopId' | 'item' | 'carriedCents'
  >;
  paymentIntentId: string | null;
  at: string;
}

/**
 * Decides one participant's transfer on the booking they leave, under the rules of a whole
 * transfer (confirmed, one at a time, never to a workshop dearer than what the place is worth):
 * the place's share by the one pricing rule goes with them, the target's price for one of it
 * (`carriedCents`) pays their own booking there, the rest is refunded. The last one still coming
 * is the booking: that is a whole transfer.
 */
export function requestParticipantTransfer(
  command: RequestParticipantTransfer,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  if (state.status !== 'confirmed')
    throw refuse({ code: 'not_transferable', scope: 'participant', status: state.status });
  if (state.transfer) throw refuse({ code: 'transfer_under_way', scope: 'participant' });
  if (!state.workshopId || !state.item || state.item.kind !== 'workshop')
    throw refuse({ code: 'not_a_workshop_booking', scope: 'participant' });
  if (command.toWorkshopId === state.workshopId) throw refuse({ code: 'already_in_workshop', scope: 'participant' });
  const { participant } = command;
  const count = submission.participants;
  if (participant >= count) throw refuse({ code: 'no_such_participant', decision: 'transfer', count });
  const name = participantNameOf(submission, participant);
  if (state.participantsLeft[participant]) throw refuse({ code: 'participant_gone', name });
  const { staying, amountCents, refundCents: worth } = placeShare(state);
  if (staying === 0) throw refuse({ code: 'only_participant_left', decision: 'transfer', name });
  const target = priceEnrollment(command.item.unitPriceCents, 1, command.item.priceTiers).amountCents;
  if (target > worth)
    throw refuse({
      code: 'place_transfer_costs_more',
      title: command.item.title,
      name,
      targetCents: target,
      worthCents: worth,
    });
  return [
    {
      type: 'ParticipantTransferRequested',
      data: {
        enrollmentId: submission.enrollmentId,
        transferId: command.transferId,
        participant,
        name,
        fromWorkshopId: state.workshopId,
        toWorkshopId: command.toWorkshopId,
        newEnrollmentId: command.newEnrollmentId,
        item: command.item,
        participants: staying,
        amountCents,
        carriedCents: target,
        refundCents: worth - target,
        requestedAt: command.at,
      },
    },
  ];
}

/** Records the move once the place's own booking is open; the difference, if any, goes back. */
export function completeParticipantTransfer(
  command: CompleteParticipantTransfer,
  state: EnrollmentState,
): EnrollmentEvent[] {
  const t = state.transfer;
  if (!t?.participant || t.transferId !== command.transferId || !state.submission) return [];
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
    },
  };
  const refund = Math.min(t.refundCents, Math.max(0, refundableCents(state) - t.amountCents));
  if (refund === 0 || !state.paid) return [moved];
  return [moved, refundRequest(state, state.paid.intentId, refund, 'transfer-difference', command.at)];
}

/**
 * The place's own booking in the target: the family's form with this participant alone, the
 * target as bought, confirmed at once (the seat is taken already, the money came with the place),
 * so the parent gets its confirmation e-mail and booking link like any booking. Opened once: a
 * second delivery finds the stream written.
 */
export function openTransferredPlace(command: OpenTransferredPlace, state: EnrollmentState): EnrollmentEvent[] {
  if (state.status !== 'none') return [];
  const { from, transfer: t, at } = command;
  const detail = participantDetailsOf(from.form)[t.participant]!;
  const cents = t.carriedCents;
  const enrollmentId = t.newEnrollmentId;
  const paid = cents > 0 && command.paymentIntentId !== null;
  return [
    {
      type: 'EnrollmentSubmitted',
      data: {
        enrollmentId,
        workshopId: t.toWorkshopId,
        programId: null,
        form: { ...from.form, participants: 1, ...legacyFromDetails([detail]), participantDetails: [detail] },
        item: t.item,
        participants: 1,
        attendees: [t.name],
        subtotalCents: cents,
        taxCents: 0,
        amountCents: cents,
        currency: 'usd',
        isFree: cents === 0,
        holdExpiresAt: null,
        test: false,
        submittedAt: at,
        splitFrom: {
          enrollmentId: from.enrollmentId,
          participant: t.participant,
          paymentIntentId: paid ? command.paymentIntentId : null,
          paidCents: paid ? cents : 0,
          paidAt: at,
        },
      },
    },
    {
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId,
        orderId: orderIdFor(paid ? 'paid' : 'free', enrollmentId),
        orderReference: orderReferenceFor(new Date(at)),
        paymentMethod: paid ? 'Credit Card' : 'Free Enrollment',
        amountCents: cents,
        paymentIntentId: paid ? command.paymentIntentId : null,
        confirmedAt: at,
      },
    },
  ];
}
