import type { EnrollmentEvent, PurchasedItem } from '../../../contracts/enrollment/events.js';
import { priceEnrollment } from '../../../contracts/enrollment/money.js';
import { refuse } from '../decider/refusals.js';
import {
  pricingOfState,
  refundableCents,
  refundRequests,
  requireEnrollment,
  stayingParticipants,
  type EnrollmentState,
} from '../decider/enrollment-state.js';
import { cancellationOf } from '../decider/enrollment-state.js';

/** How much a cancellation gives back: all that can still be refunded, nothing, or an amount in cents. */
export type RefundChoice = { kind: 'full' } | { kind: 'none' } | { kind: 'amount'; cents: number };

/** What happens to an enrollment after it was sold: cancellation, refunds, transfer, the parent told. */
export type AfterSaleCommand =
  | {
      type: 'CancelBooking';
      by: 'admin' | 'visitor';
      refund: RefundChoice;
      /** Where the card's part goes back: the card, or the household's credit (the parent's or the office's choice). */
      refundTo?: 'card' | 'credit';
      note: string | null;
      notify: boolean;
      at: string;
    }
  /** Every refund the provider refused is asked for again (the next attempt, a new idempotency key). */
  | { type: 'RetryRefunds'; at: string }
  | {
      type: 'RecordRefundIssued';
      refundKey: string;
      attempt: number;
      refundId: string;
      amountCents: number;
      at: string;
    }
  | { type: 'RecordRefundFailure'; refundKey: string; attempt: number; code: string; message: string; at: string }
  | { type: 'RequestTransfer'; transferId: string; toWorkshopId: string; item: PurchasedItem; at: string }
  | { type: 'CompleteTransfer'; transferId: string; at: string }
  | { type: 'AbandonTransfer'; transferId: string; reason: string; at: string }
  | {
      type: 'RecordNotification';
      kind: 'cancellation' | 'transfer' | 'reschedule';
      ref: string;
      messageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    };

/** Every refund decided so far (issued, on its way or failed), whatever its source. */
const refundedSoFar = (state: EnrollmentState) =>
  Object.values(state.refunds).reduce((sum, r) => sum + r.amountCents, state.unkeyedRefundCents);

/** The after-sale decisions of the enrollment decider (its `decide` hands these commands here). */
export function afterSaleDecisions(command: AfterSaleCommand, state: EnrollmentState): EnrollmentEvent[] {
  const submission = requireEnrollment(state);
  const enrollmentId = submission.enrollmentId;
  switch (command.type) {
    case 'CancelBooking': {
      if (state.status === 'cancelled' || state.status === 'refunded')
        throw refuse({ code: 'already_cancelled', scope: 'enrollment' });
      if (state.status === 'expired') throw refuse({ code: 'expired_unpaid' });
      if (state.transfer) throw refuse({ code: 'being_moved', scope: 'enrollment' });
      // Paid and not yet confirmed lasts a moment (its seats are being confirmed): cancelling in
      // between could give back a hold that the confirmation then takes again.
      if (state.status === 'paid') throw refuse({ code: 'payment_being_confirmed' });
      const refundable = refundableCents(state);
      const { refund } = command;
      const cents = refund.kind === 'full' ? refundable : refund.kind === 'none' ? 0 : refund.cents;
      if (refund.kind === 'amount' && cents > refundable)
        throw refuse({
          code: 'refund_over_refundable',
          refundableCents: refundable,
          paidCents: refundable + refundedSoFar(state),
        });
      const refundTo = command.refundTo ?? 'card';
      if (refundTo === 'credit' && !pricingOfState(state)?.householdId) throw refuse({ code: 'credit_needs_family' });
      const cancelled: EnrollmentEvent = {
        type: 'EnrollmentCancelled',
        data: {
          enrollmentId,
          reason: command.by === 'admin' ? 'cancelled-by-admin' : 'cancelled-by-visitor',
          cancelledAt: command.at,
          ...(command.note ? { note: command.note } : {}),
          notify: command.notify,
        },
      };
      if (cents === 0) return [cancelled];
      return [cancelled, ...refundRequests(state, cents, 'cancelled', command.at, refundTo)];
    }

    case 'RetryRefunds': {
      const failed = Object.values(state.refunds).filter((r) => r.status === 'failed');
      if (failed.length === 0) throw refuse({ code: 'no_failed_refund' });
      return failed.map((r) => ({
        type: 'RefundRequested',
        data: {
          enrollmentId,
          refundKey: r.refundKey,
          paymentIntentId: r.paymentIntentId,
          amountCents: r.amountCents,
          reason: r.reason,
          attempt: r.attempt + 1,
          requestedAt: command.at,
        },
      }));
    }

    case 'RecordRefundIssued': {
      const entry = state.refunds[command.refundKey];
      // Settled already, or an outcome of an earlier attempt: not news.
      if (!entry || entry.status !== 'requested' || entry.attempt !== command.attempt) return [];
      return [
        {
          type: 'RefundIssued',
          data: {
            enrollmentId,
            paymentIntentId: entry.paymentIntentId,
            refundId: command.refundId,
            amountCents: command.amountCents,
            reason: entry.reason,
            refundedAt: command.at,
            refundKey: entry.refundKey,
            ...(entry.source !== 'card' || entry.to !== 'card' ? { source: entry.source, to: entry.to } : {}),
          },
        },
      ];
    }

    case 'RecordRefundFailure': {
      const entry = state.refunds[command.refundKey];
      if (!entry || entry.status !== 'requested' || entry.attempt !== command.attempt) return [];
      return [
        {
          type: 'RefundFailed',
          data: {
            enrollmentId,
            refundKey: entry.refundKey,
            paymentIntentId: entry.paymentIntentId,
            amountCents: entry.amountCents,
            attempt: entry.attempt,
            code: command.code,
            message: command.message,
            failedAt: command.at,
          },
        },
      ];
    }

    case 'RequestTransfer': {
      if (cancellationOf(state) || state.status !== 'confirmed')
        throw refuse({ code: 'not_transferable', scope: 'enrollment', status: state.status });
      if (state.transfer) throw refuse({ code: 'transfer_under_way', scope: 'enrollment' });
      if (!state.workshopId || !state.item || state.item.kind !== 'workshop')
        throw refuse({ code: 'not_a_workshop_booking', scope: 'enrollment' });
      if (command.toWorkshopId === state.workshopId) throw refuse({ code: 'already_in_workshop', scope: 'enrollment' });
      // Those still coming move (a participant who left a booking of several stays out).
      const seats = stayingParticipants(state).length;
      // The one pricing rule, group prices included (a couple moved to the dinner pays the couple's
      // price), with the discounts the order was bought with: its sibling discount and its code.
      const pricing = pricingOfState(state);
      const { amountCents, lines } = priceEnrollment(command.item.unitPriceCents, seats, command.item.priceTiers, {
        siblingDiscountPercent: pricing?.siblingDiscountPercent,
        siblingAlreadyEnrolled: pricing?.siblingAlreadyEnrolled,
        code: pricing?.discountCode,
      });
      if (amountCents > state.priceCents)
        throw refuse({
          code: 'transfer_costs_more',
          title: command.item.title,
          amountCents,
          seats,
          priceCents: state.priceCents,
        });
      // What came in beyond the new price goes back; a deposit booking keeps owing the rest of the new price.
      const refundable = refundableCents(state);
      const refundCents = Math.min(Math.max(0, refundable - amountCents), refundable);
      return [
        {
          type: 'TransferRequested',
          data: {
            enrollmentId,
            transferId: command.transferId,
            fromWorkshopId: state.workshopId,
            toWorkshopId: command.toWorkshopId,
            seats,
            fromItem: state.item,
            item: command.item,
            amountCents,
            refundCents,
            requestedAt: command.at,
            lines,
          },
        },
      ];
    }

    case 'CompleteTransfer': {
      const t = state.transfer;
      // One participant's transfer ends with CompleteParticipantTransfer (participant-rules.ts).
      if (!t || t.transferId !== command.transferId || t.participant) return [];
      const transferred: EnrollmentEvent = {
        type: 'EnrollmentTransferred',
        data: {
          enrollmentId,
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
      return [transferred, ...refundRequests(state, refund, 'transfer-difference', command.at)];
    }

    case 'AbandonTransfer': {
      const t = state.transfer;
      if (!t || t.transferId !== command.transferId) return [];
      return [
        {
          type: 'TransferAbandoned',
          data: {
            enrollmentId,
            transferId: t.transferId,
            toWorkshopId: t.toWorkshopId,
            reason: command.reason,
            abandonedAt: command.at,
          },
        },
      ];
    }

    case 'RecordNotification': {
      const { kind, ref, messageId, transport, at } = command;
      if (state.notified.includes(`${kind}:${ref}`)) return [];
      return [{ type: 'CustomerNotified', data: { enrollmentId, kind, ref, messageId, transport, sentAt: at } }];
    }
  }
}
