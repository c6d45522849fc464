import { fullName } from '../../contracts/core/erased.js';
import { defineProjector } from '../../platform/processor/projector.js';
import type { Order, PaymentLine } from '../../contracts/enrollment/api.js';
import {
  changedWhenWhere,
  enrollmentIdOf,
  whenWhereOf,
  type EnrollmentEvent,
  type EnrollmentSubmitted,
  type PaidCard,
} from '../../contracts/enrollment/events.js';
import { cardWords } from '../../contracts/enrollment/payment-words.js';
import { participantDetailsOf } from '../../contracts/enrollment/participants.js';
import {
  balanceDueAtOf,
  discountsOf,
  pricingOf,
  pricingViewOf,
  type PricingView,
} from '../../contracts/enrollment/pricing.js';
import { transferredPricing } from './pricing-view.js';
import { leftOf } from '../../contracts/enrollment/left-participants.js';

/** The household that enrolled: its saved children's, or the signed-in one whose credit and sibling discount priced it. */
function householdOf(d: EnrollmentSubmitted): { householdId?: string } {
  const householdId = d.householdId ?? pricingOf(d).householdId;
  return householdId ? { householdId } : {};
}

/**
 * `orders`: one document per enrollment (id = enrollmentId), read by the order confirmation, the
 * receipt, the booking page, the test pages and the hold timer (paid orders awaiting confirmation).
 * Amounts in cents. A move of the workshop by the school (BookingRescheduled) changes the item's
 * date, time and place and keeps what was booked in `movedFrom` (the refund policy's other deadline).
 */
export const ordersProjector = defineProjector<EnrollmentEvent, Order>({
  name: 'orders',
  collection: 'orders',
  // An order by its number; the hold timer's paid-but-pending orders.
  indexes: [[{ field: 'orderId' }], [{ field: 'status' }, { field: 'paymentStatus' }]],
  eventTypes: [
    'EnrollmentSubmitted',
    'PaymentIntentCreated',
    'PaymentSucceeded',
    'PaymentFailed',
    'EnrollmentConfirmed',
    'EnrollmentExpired',
    'EnrollmentCancelled',
    'RefundIssued',
    'ConfirmationEmailSent',
    'EnrollmentTransferred',
    'ParticipantDetailsCorrected',
    'BookingRescheduled',
    'BalancePaid',
    'InstallmentPaymentRecorded',
    'InstallmentWaiverRecorded',
    'ParticipantCancelled',
    'ParticipantTransferred',
  ],
  keys: (event) => [enrollmentIdOf(event)],
  project(doc, e) {
    if (e.type === 'EnrollmentSubmitted') {
      const d = e.data;
      return {
        id: d.enrollmentId,
        enrollmentId: d.enrollmentId,
        orderId: null,
        orderReference: null,
        status: 'pending',
        paymentStatus: d.isFree ? 'free' : 'pending',
        paymentMethod: null,
        workshopId: d.workshopId,
        programId: d.programId,
        item: d.item,
        movedFrom: null,
        participants: d.participants,
        attendees: d.attendees,
        participantDetails: participantDetailsOf(d.form),
        contactName: fullName(d.form.firstName, d.form.lastName),
        email: d.form.email,
        subtotalCents: d.subtotalCents,
        taxCents: d.taxCents,
        amountCents: d.amountCents,
        currency: d.currency,
        isFree: d.isFree,
        test: d.test,
        holdExpiresAt: d.holdExpiresAt,
        submittedAt: d.submittedAt,
        confirmedAt: null,
        paymentIntentId: null,
        lastPaymentError: null,
        refundedCents: 0,
        emailSent: false,
        pricing: pricingViewOf(pricingOf(d)),
        ...discountsOf(pricingOf(d)),
        balanceCents: 0,
        balanceDueAt: null,
        receivedCents: 0,
        ...householdOf(d),
        ...(d.form.saveToFamilyAccount ? { saveToFamilyAccount: true } : {}),
      };
    }
    if (!doc) return undefined;
    switch (e.type) {
      case 'PaymentIntentCreated':
        return { ...doc, paymentIntentId: e.data.paymentIntentId };
      case 'PaymentSucceeded':
        return { ...doc, paymentStatus: 'paid', lastPaymentError: null, ...(e.data.card ? { card: e.data.card } : {}) };
      case 'PaymentFailed':
        return { ...doc, paymentStatus: 'failed', lastPaymentError: e.data.reason };
      case 'EnrollmentConfirmed': {
        // What a deposit booking owes once sold; what came in with the sale (card, gift card, credit).
        const total = doc.pricing?.totalCents ?? doc.amountCents;
        const owed = doc.pricing?.balanceCents ?? 0;
        return {
          ...doc,
          balanceCents: owed,
          balanceDueAt: owed > 0 ? (doc.pricing?.balanceDueAt ?? null) : null,
          receivedCents: total - owed,
          payments: paymentsAtSale(doc.pricing?.lines ?? [], total - owed, e.data.confirmedAt, doc.card),
          status: 'completed',
          paymentStatus: doc.isFree ? 'free' : 'paid',
          orderId: e.data.orderId,
          orderReference: e.data.orderReference,
          paymentMethod: e.data.paymentMethod,
          confirmedAt: e.data.confirmedAt,
        };
      }
      case 'BalancePaid':
        return {
          ...doc,
          balanceCents: 0,
          balanceDueAt: null,
          receivedCents: (doc.receivedCents ?? 0) + e.data.amountCents,
          payments: [
            ...(doc.payments ?? []),
            { amountCents: e.data.amountCents, paidAt: e.data.paidAt, method: cardMethod(e.data.card) },
          ],
        };
      case 'InstallmentWaiverRecorded': {
        // Waived by the office: owed no more, and no money came in.
        const owed = Math.max(0, (doc.balanceCents ?? 0) - e.data.amountCents);
        return { ...doc, balanceCents: owed, balanceDueAt: owed > 0 ? (doc.balanceDueAt ?? null) : null };
      }
      case 'InstallmentPaymentRecorded': {
        // A plan's instalment: a Paid line of its own, and what is left falls by it.
        const owed = Math.max(0, (doc.balanceCents ?? 0) - e.data.amountCents);
        return {
          ...doc,
          balanceCents: owed,
          balanceDueAt: owed > 0 ? (doc.balanceDueAt ?? null) : null,
          receivedCents: (doc.receivedCents ?? 0) + e.data.amountCents,
          payments: [
            ...(doc.payments ?? []),
            { amountCents: e.data.amountCents, paidAt: e.data.paidAt, method: cardMethod(e.data.card) },
          ],
        };
      }
      case 'EnrollmentExpired':
        return { ...doc, status: 'expired', paymentStatus: doc.paymentStatus === 'paid' ? 'paid' : 'unpaid' };
      case 'EnrollmentCancelled':
        return {
          ...doc,
          status: 'cancelled',
          paymentStatus: doc.paymentStatus === 'paid' ? 'paid' : 'unpaid',
          balanceCents: 0,
          balanceDueAt: null,
        };
      case 'RefundIssued': {
        const refundedCents = doc.refundedCents + e.data.amountCents;
        // The late-payment refund (no key) ends the order; one after the sale leaves it cancelled or completed.
        if (!e.data.refundKey) return { ...doc, status: 'refunded', paymentStatus: 'refunded', refundedCents };
        return {
          ...doc,
          refundedCents,
          ...(e.data.to === 'credit'
            ? { refundedToCreditCents: (doc.refundedToCreditCents ?? 0) + e.data.amountCents }
            : {}),
          paymentStatus: refundedCents >= doc.amountCents ? 'refunded' : doc.paymentStatus,
        };
      }
      case 'EnrollmentTransferred': {
        // The new price; a deposit booking owes what the new price leaves beyond what came in, by the new date's deadline.
        const received = (doc.receivedCents ?? doc.amountCents) - e.data.refundCents;
        const owed = Math.max(0, e.data.amountCents - received);
        return {
          ...doc,
          workshopId: e.data.toWorkshopId,
          item: e.data.item,
          movedFrom: null,
          amountCents: e.data.amountCents,
          subtotalCents: e.data.lines?.[0]?.amountCents ?? e.data.amountCents,
          ...(doc.pricing ? { pricing: transferredPricing(doc.pricing, e.data.amountCents, e.data.lines, owed) } : {}),
          balanceCents: owed,
          balanceDueAt: owed > 0 ? balanceDueAtOf(e.data.item) : null,
          amountNowCents: e.data.amountCents,
        };
      }
      case 'BookingRescheduled': {
        // The first move by the school keeps what was booked; a move back to it clears it.
        const booked = doc.movedFrom ?? whenWhereOf(e.data.fromItem);
        const item = e.data.item;
        return { ...doc, item, movedFrom: changedWhenWhere(booked, item).length === 0 ? null : booked };
      }
      case 'ConfirmationEmailSent':
        return { ...doc, emailSent: true };
      case 'ParticipantDetailsCorrected':
        return { ...doc, participantDetails: e.data.participantDetails, attendees: e.data.attendees };
      case 'ParticipantCancelled':
      case 'ParticipantTransferred': {
        const left = leftOf(e);
        // A deposit booking still owing: those still coming cost less, and a moved place's money went with it.
        const carried = e.type === 'ParticipantTransferred' ? e.data.carriedCents : 0;
        const received = (doc.receivedCents ?? doc.amountCents) - carried;
        const owed = Math.max(0, e.data.amountCents - (received - e.data.refundCents));
        return {
          ...doc,
          leftParticipants: [...(doc.leftParticipants ?? []), left],
          amountNowCents: e.data.amountCents,
          ...(doc.pricing && e.data.lines
            ? {
                pricing: transferredPricing(
                  doc.pricing,
                  e.data.amountCents,
                  e.data.lines,
                  (doc.balanceCents ?? 0) > 0 ? owed : 0,
                ),
              }
            : {}),
          ...((doc.balanceCents ?? 0) > 0
            ? { receivedCents: received, balanceCents: owed, balanceDueAt: owed > 0 ? doc.balanceDueAt : null }
            : {}),
        };
      }
    }
  },
});

/** What came in with the sale, by where it came from: the gift card's and the credit's lines, the card the rest. */
function paymentsAtSale(
  lines: PricingView['lines'],
  receivedCents: number,
  at: string,
  paidWith: PaidCard | undefined,
): PaymentLine[] {
  const fromBalances = lines
    .filter((l) => l.kind === 'gift-card' || l.kind === 'credit')
    .map((l) => ({ amountCents: -l.amountCents, paidAt: at, method: l.kind === 'credit' ? 'Family credit' : l.label }));
  const card = receivedCents - fromBalances.reduce((sum, l) => sum + l.amountCents, 0);
  return [...fromBalances, ...(card > 0 ? [{ amountCents: card, paidAt: at, method: cardMethod(paidWith) }] : [])];
}

/** A card payment's line names the card when it was recorded (record 152): "Visa ending 4242". */
function cardMethod(card: PaidCard | undefined): string {
  return card ? cardWords(card) : 'Credit Card';
}
