import {
  orderIdFor,
  orderReferenceFor,
  type EnrollmentEvent,
  type EnrollmentSubmitted,
} from '../../../contracts/enrollment/events.js';
import { legacyFromDetails, participantDetailsOf } from '../../../contracts/enrollment/participants.js';
import type { PriceLine } from '../../../contracts/enrollment/money.js';
import { pricingOf, type OrderPricing } from '../../../contracts/enrollment/pricing.js';
import type { Command } from './commands.js';
import type { Decisions } from './decision.js';
import type { EnrollmentState } from './enrollment-state.js';
import { refuse } from './refusals.js';

/** Phase none: nothing on the stream yet. An enrollment begins submitted, or as a place moved out of another booking. */
export function submitEnrollment(command: Command<'SubmitEnrollment'>, state: EnrollmentState): EnrollmentEvent[] {
  if (state.status !== 'none') throw refuse({ code: 'already_submitted' });
  return [{ type: 'EnrollmentSubmitted', data: command.submission }];
}

/**
 * The place's price as the booking it leaves priced it (its code, its sibling discount), kept on its
 * own booking so its lines show the discount and a later change prices it the same (issue 37).
 */
function placePricing(from: EnrollmentSubmitted, lines: PriceLine[] | undefined, cents: number) {
  if (!lines?.length) return {};
  const was = pricingOf(from);
  const subtotalCents = lines[0]!.amountCents;
  const pricing: OrderPricing = {
    lines,
    subtotalCents,
    discountCents: Math.max(0, subtotalCents - cents),
    paidByGiftCardCents: 0,
    paidByCreditCents: 0,
    dueNowCents: cents,
    balanceCents: 0,
    totalCents: cents,
    balanceDueAt: null,
    siblingDiscountPercent: was.siblingDiscountPercent,
    siblingAlreadyEnrolled: was.siblingDiscountPercent > 0,
    discountCode: was.discountCode,
    giftCardId: null,
    giftCardLast4: null,
    householdId: was.householdId,
  };
  return { pricing };
}

/** The place's own submission: the family's form with this participant alone, the target as bought. */
function placeSubmission(command: Command<'OpenTransferredPlace'>, paid: boolean): EnrollmentSubmitted {
  const { from, transfer: t, at } = command;
  const detail = participantDetailsOf(from.form)[t.participant]!;
  const cents = t.carriedCents;
  return {
    enrollmentId: t.newEnrollmentId,
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
    ...placePricing(from, t.placeLines, cents),
    splitFrom: {
      enrollmentId: from.enrollmentId,
      participant: t.participant,
      paymentIntentId: paid ? command.paymentIntentId : null,
      paidCents: paid ? cents : 0,
      paidAt: at,
    },
  };
}

/**
 * The place's own booking in the target, confirmed at once (the seat is taken already, the money
 * came with the place), so the parent gets its confirmation e-mail and booking link like any
 * booking. Opened once: a second delivery finds the stream written.
 */
export function openTransferredPlace(
  command: Command<'OpenTransferredPlace'>,
  state: EnrollmentState,
): EnrollmentEvent[] {
  if (state.status !== 'none') return [];
  const { transfer: t, at } = command;
  const enrollmentId = t.newEnrollmentId;
  const paid = t.carriedCents > 0 && command.paymentIntentId !== null;
  return [
    { type: 'EnrollmentSubmitted', data: placeSubmission(command, paid) },
    {
      type: 'EnrollmentConfirmed',
      data: {
        enrollmentId,
        orderId: orderIdFor(paid ? 'paid' : 'free', enrollmentId),
        orderReference: orderReferenceFor(new Date(at)),
        paymentMethod: paid ? 'Credit Card' : 'Free Enrollment',
        amountCents: t.carriedCents,
        paymentIntentId: paid ? command.paymentIntentId : null,
        confirmedAt: at,
      },
    },
  ];
}

export const newDecisions = {
  SubmitEnrollment: submitEnrollment,
  OpenTransferredPlace: openTransferredPlace,
} satisfies Partial<Decisions>;
