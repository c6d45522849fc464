import { describe, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent, PurchasedItem } from '../../../contracts/enrollment/events.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

const AT = '2025-06-20T12:00:00.000Z';
const given = deciderSpec(enrollmentDecider);

/** The dinner (workshop 6) for two at $150 each: $300 paid and confirmed. */
const sold: EnrollmentEvent[] = [submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)];
const dinner = (submitted('e1') as Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>).data.item;
const lunch: PurchasedItem = { ...dinner, id: '9', title: 'Business Lunch', unitPriceCents: 10_000 };

const cancelPlace = (participant: number, refund: { kind: 'full' } | { kind: 'amount'; cents: number }) =>
  ({ type: 'CancelParticipant', participant, by: 'admin', refund, note: null, notify: true, at: AT }) as const;

const STAYING_LINE = { kind: 'seats' as const, label: '$150.00 x 1 participant', amountCents: 15_000 };
const LUNCH_LINE = { kind: 'seats' as const, label: '$100.00 x 1 participant', amountCents: 10_000 };
const placeCancelled = (refundCents: number): EnrollmentEvent => ({
  type: 'ParticipantCancelled',
  data: {
    enrollmentId: 'e1',
    participant: 1,
    name: 'Participant 2',
    reason: 'cancelled-by-admin',
    notify: true,
    participants: 1,
    amountCents: 15_000,
    refundCents,
    cancelledAt: AT,
    // Those still coming, priced as the decider priced them (issue 37).
    lines: [STAYING_LINE],
  },
});
/** A refund, naming what it was decided with (issue 37): the place's, and a transfer's. */
const refund = (
  amountCents: number,
  reason: 'cancelled' | 'transfer-difference',
  decidedFor: { participant: number; transferId?: string } = { participant: 1 },
): EnrollmentEvent => ({
  type: 'RefundRequested',
  data: {
    enrollmentId: 'e1',
    refundKey: 'e1-1',
    paymentIntentId: 'pi_e1',
    amountCents,
    reason,
    attempt: 1,
    requestedAt: AT,
    ...decidedFor,
  },
});

const moveToLunch = (item = lunch): EnrollmentCommand => ({
  type: 'RequestParticipantTransfer',
  participant: 1,
  transferId: 'p1',
  toWorkshopId: '9',
  item,
  newEnrollmentId: 'e2',
  at: AT,
});
const moveRequested: EnrollmentEvent = {
  type: 'ParticipantTransferRequested',
  data: {
    enrollmentId: 'e1',
    transferId: 'p1',
    participant: 1,
    name: 'Participant 2',
    fromWorkshopId: '6',
    toWorkshopId: '9',
    newEnrollmentId: 'e2',
    item: lunch,
    participants: 1,
    amountCents: 15_000,
    carriedCents: 10_000,
    refundCents: 5_000,
    requestedAt: AT,
    lines: [STAYING_LINE],
    // The place in the target, priced with the booking's discounts (issue 37): none here.
    placeLines: [LUNCH_LINE],
  },
};

describe('enrollment decider: one participant of a booking of several', () => {
  it('given two paid for, when the second gives up their place with a full refund, then their share ($150) goes back', () => {
    given(sold)
      .when(cancelPlace(1, { kind: 'full' }))
      .then([placeCancelled(15_000), refund(15_000, 'cancelled')]);
  });

  it('given a place refund beyond its share, then refused naming the most that can go back (400)', () => {
    given(sold)
      .when(cancelPlace(1, { kind: 'amount', cents: 15_001 }))
      .thenThrows({
        code: 'validation',
        refusal: { code: 'place_refund_over_share', name: 'Participant 2', mostCents: 15_000, staying: 1 },
      });
  });

  it('given the place cancelled already, or a participant the booking does not have, or the last one coming, then each is refused', () => {
    given([...sold, placeCancelled(15_000)])
      .when(cancelPlace(1, { kind: 'full' }))
      .thenThrows({ code: 'conflict', refusal: { code: 'place_already_cancelled', name: 'Participant 2' } });
    given(sold)
      .when(cancelPlace(2, { kind: 'full' }))
      .thenThrows({ code: 'validation', refusal: { code: 'no_such_participant', decision: 'cancel', count: 2 } });
    given([...sold, placeCancelled(15_000)])
      .when(cancelPlace(0, { kind: 'full' }))
      .thenThrows({ code: 'conflict', refusal: { code: 'only_participant_left', decision: 'cancel' } });
  });

  it('given a booking still held, then no place is cancelled: only a confirmed booking has places to give up', () => {
    given([submitted('e1')])
      .when(cancelPlace(1, { kind: 'full' }))
      .thenThrows({ code: 'conflict', refusal: { code: 'participant_not_cancellable' } });
  });

  it('given two paid for, when the second moves to a $100 workshop, then $100 goes with them and $50 is to come back', () => {
    given(sold).when(moveToLunch()).then([moveRequested]);
  });

  it('given a target dearer than the place is worth, then refused (409)', () => {
    given(sold)
      .when(moveToLunch({ ...lunch, unitPriceCents: 20_000 }))
      .thenThrows({
        code: 'conflict',
        refusal: { code: 'place_transfer_costs_more', targetCents: 20_000, worthCents: 15_000 },
      });
  });

  it('given a place on its way, then the booking is being moved: no other transfer nor cancellation of a place', () => {
    given([...sold, moveRequested])
      .when(moveToLunch())
      .thenThrows({ code: 'conflict', refusal: { code: 'transfer_under_way', scope: 'participant' } });
    given([...sold, moveRequested])
      .when(cancelPlace(0, { kind: 'full' }))
      .thenThrows({ code: 'conflict', refusal: { code: 'being_moved', scope: 'participant' } });
  });

  it('given the place’s own booking opened, when the move completes, then ParticipantTransferred and the $50 difference back; a second time, nothing', () => {
    const complete: EnrollmentCommand = { type: 'CompleteParticipantTransfer', transferId: 'p1', at: AT };
    const moved: EnrollmentEvent = {
      type: 'ParticipantTransferred',
      data: {
        enrollmentId: 'e1',
        transferId: 'p1',
        participant: 1,
        name: 'Participant 2',
        fromWorkshopId: '6',
        toWorkshopId: '9',
        newEnrollmentId: 'e2',
        item: lunch,
        participants: 1,
        amountCents: 15_000,
        carriedCents: 10_000,
        refundCents: 5_000,
        transferredAt: AT,
        lines: [STAYING_LINE],
        placeLines: [LUNCH_LINE],
      },
    };
    given([...sold, moveRequested])
      .when(complete)
      .then([moved, refund(5_000, 'transfer-difference', { participant: 1, transferId: 'p1' })]);
    given([...sold, moveRequested, moved])
      .when(complete)
      .then([]);
  });
});
