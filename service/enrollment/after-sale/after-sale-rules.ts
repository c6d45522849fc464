import type { EnrollmentEvent, PurchasedItem } from '../../../contracts/enrollment/events.js';
import { formatUsd, priceEnrollment } from '../../../contracts/enrollment/money.js';
import { AppError, conflict } from '../../core/errors.js';
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

const refundIssue = (message: string) => new AppError('validation', message, { issues: [{ path: 'refund', message }] });

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

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
        throw conflict('This enrollment is already cancelled; nothing more was refunded.');
      if (state.status === 'expired') throw conflict('This enrollment expired unpaid: there is nothing to cancel.');
      if (state.transfer)
        throw conflict('This enrollment is being moved to another workshop right now. Please try again in a moment.');
      // Paid and not yet confirmed lasts a moment (its seats are being confirmed): cancelling in
      // between could give back a hold that the confirmation then takes again.
      if (state.status === 'paid')
        throw conflict('The payment of this enrollment is being confirmed right now. Please try again in a moment.');
      const refundable = refundableCents(state);
      const { refund } = command;
      const cents = refund.kind === 'full' ? refundable : refund.kind === 'none' ? 0 : refund.cents;
      if (refund.kind === 'amount' && cents > refundable) {
        const received = refundable + refundedSoFar(state);
        throw refundIssue(
          refundable === 0
            ? 'refund: nothing can be refunded on this enrollment (no payment, or all of it is already refunded).'
            : `refund: at most ${formatUsd(refundable)} can be refunded (paid ${formatUsd(received)}, less ${formatUsd(received - refundable)} already refunded).`,
        );
      }
      const refundTo = command.refundTo ?? 'card';
      if (refundTo === 'credit' && !pricingOfState(state)?.householdId) {
        const message = 'refundTo: only a booking made by a signed-in family can be refunded to its family credit.';
        throw new AppError('validation', message, { issues: [{ path: 'refundTo', message }] });
      }
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
      if (failed.length === 0) throw conflict('There is no failed refund to retry on this enrollment.');
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
        throw conflict(`Only a confirmed enrollment can be moved to another workshop; this one is ${state.status}.`);
      if (state.transfer) throw conflict('A transfer of this enrollment is already under way.');
      if (!state.workshopId || !state.item || state.item.kind !== 'workshop')
        throw conflict('Only a workshop enrollment can be moved to another workshop.');
      if (command.toWorkshopId === state.workshopId) {
        const message = 'workshopId: this enrollment is already in that workshop.';
        throw new AppError('validation', message, { issues: [{ path: 'workshopId', message }] });
      }
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
      if (amountCents > state.priceCents) {
        throw conflict(
          `${command.item.title} costs ${formatUsd(amountCents)} for ${plural(seats, 'participant')}, ${formatUsd(amountCents - state.priceCents)} more than this enrollment's ${formatUsd(state.priceCents)}. A transfer cannot take more money: cancel this enrollment with a refund and have the parent enroll in that date.`,
        );
      }
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
