import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import { workshopDecider } from '../../../service/catalogue/workshop-decider.js';
import type { EnrollmentEvent, PurchasedItem } from '../../../contracts/enrollment/events.js';
import type { WorkshopEvent } from '../../../contracts/catalogue/events.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

const AT = '2025-06-02T15:00:00.000Z';
const given = deciderSpec(enrollmentDecider);

/** The dinner for 2 at $150: $300 paid and confirmed. */
const sold: EnrollmentEvent[] = [submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)];

const cancel = (refund: Extract<EnrollmentCommand, { type: 'CancelBooking' }>['refund']): EnrollmentCommand => ({
  type: 'CancelBooking',
  by: 'admin',
  refund,
  note: 'Instructor ill',
  notify: true,
  at: AT,
});

const cancelled = (): EnrollmentEvent => ({
  type: 'EnrollmentCancelled',
  data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: AT, note: 'Instructor ill', notify: true },
});

const requested = (amountCents: number, n = 1, attempt = 1, reason = 'cancelled' as const): EnrollmentEvent => ({
  type: 'RefundRequested',
  data: {
    enrollmentId: 'e1',
    refundKey: `e1-${n}`,
    paymentIntentId: 'pi_e1',
    amountCents,
    reason,
    attempt,
    requestedAt: AT,
  },
});

const failed = (amountCents: number, attempt = 1): EnrollmentEvent => ({
  type: 'RefundFailed',
  data: {
    enrollmentId: 'e1',
    refundKey: 'e1-1',
    paymentIntentId: 'pi_e1',
    amountCents,
    attempt,
    code: 'card_cannot_be_refunded',
    message: 'The card issuer refused the refund.',
    failedAt: AT,
  },
});

const issued = (amountCents: number, attempt: number): EnrollmentCommand => ({
  type: 'RecordRefundIssued',
  refundKey: 'e1-1',
  attempt,
  refundId: 're_1',
  amountCents,
  at: AT,
});

const lunch: PurchasedItem = {
  kind: 'workshop',
  id: '9',
  title: 'Etiquette After Dark',
  date: '2025-09-27T18:00:00-05:00',
  time: '6:00 PM - 9:00 PM',
  location: 'Plano',
  instructor: 'M',
  duration: '3 hours',
  category: 'adult',
  attire: 'Business',
  unitPriceCents: 13_000,
};

describe('cancellation after the sale', () => {
  it('given a paid, confirmed enrollment, when cancelled with a full refund, then cancelled and all $300 requested back', () => {
    given(sold)
      .when(cancel({ kind: 'full' }))
      .then([cancelled(), requested(30_000)]);
  });

  it('given a cancelled enrollment, when cancelled again (a second click, a second process), then 409 and no refund', () => {
    given([...sold, cancelled(), requested(30_000)])
      .when(cancel({ kind: 'full' }))
      .thenThrows({ code: 'conflict', refusal: { code: 'already_cancelled', scope: 'enrollment' } });
    // The command handler decides queued commands in turn on one state: the second sees the first's events.
    const once = enrollmentDecider.decide(
      cancel({ kind: 'full' }),
      sold.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState),
    );
    const after = [...sold, ...once].reduce(enrollmentDecider.evolve, enrollmentDecider.initialState);
    expect(() => enrollmentDecider.decide(cancel({ kind: 'amount', cents: 100 }), after)).toThrow(
      expect.objectContaining({ refusal: { code: 'already_cancelled', scope: 'enrollment' } }),
    );
  });

  it('given $300 paid, then a partial refund of exactly $300 passes, one cent more is a 400 naming refund', () => {
    given(sold)
      .when(cancel({ kind: 'amount', cents: 30_000 }))
      .then([cancelled(), requested(30_000)]);
    given(sold)
      .when(cancel({ kind: 'amount', cents: 30_001 }))
      .thenThrows({
        code: 'validation',
        refusal: { code: 'refund_over_refundable', refundableCents: 30_000, paidCents: 30_000 },
      });
  });

  it('given $300 paid and $40 already refunded (a transfer’s difference), then at most $260 can go back', () => {
    const earlier = requested(4_000, 1, 1, 'transfer-difference' as never);
    given([...sold, earlier])
      .when(cancel({ kind: 'amount', cents: 26_001 }))
      .thenThrows({
        code: 'validation',
        refusal: { code: 'refund_over_refundable', refundableCents: 26_000, paidCents: 30_000 },
      });
    given([...sold, earlier])
      .when(cancel({ kind: 'full' }))
      .then([cancelled(), { ...requested(26_000, 2) }]);
  });

  it('given a free enrollment, when cancelled with a full refund, then cancelled and nothing requested; an amount is refused', () => {
    const free = [submitted('e1', { unitCents: 0 }), confirmed('e1', 0)];
    given(free)
      .when(cancel({ kind: 'full' }))
      .then([cancelled()]);
    given(free)
      .when(cancel({ kind: 'amount', cents: 500 }))
      .thenThrows({ code: 'validation', refusal: { code: 'refund_over_refundable', refundableCents: 0 } });
  });

  it('given an admin cancellation, when the payment’s success is delivered again, then nothing; when a first payment arrives late, it is refunded', () => {
    given([...sold, cancelled()])
      .when({
        type: 'RecordPaymentSuccess',
        paymentIntentId: 'pi_e1',
        amountCents: 30_000,
        providerEventId: 'evt_again',
        source: 'webhook',
        at: AT,
      })
      .then([]);
    const late = enrollmentDecider.decide(
      {
        type: 'RecordPaymentSuccess',
        paymentIntentId: 'pi_late',
        amountCents: 30_000,
        providerEventId: 'evt_late',
        source: 'webhook',
        at: AT,
      },
      [submitted('e1'), cancelled()].reduce(enrollmentDecider.evolve, enrollmentDecider.initialState),
    );
    expect(late.map((e) => e.type)).toEqual(['PaymentSucceeded', 'RefundRequested']);
    expect(late[1]!.data).toMatchObject({ paymentIntentId: 'pi_late', amountCents: 30_000 });
  });
});

describe('refund failure and retry', () => {
  const refused = [...sold, cancelled(), requested(30_000), failed(30_000)];

  it('given a refund the provider refused, when retried, then the same refund is requested again as attempt 2', () => {
    given(refused)
      .when({ type: 'RetryRefunds', at: AT })
      .then([requested(30_000, 1, 2)]);
  });

  it('given a retry under way, then the outcome of attempt 1 is not news, and attempt 2 issues it once', () => {
    const retrying = [...refused, requested(30_000, 1, 2)];
    given(retrying).when(issued(30_000, 1)).then([]);
    given(retrying)
      .when(issued(30_000, 2))
      .then([
        {
          type: 'RefundIssued',
          data: {
            enrollmentId: 'e1',
            paymentIntentId: 'pi_e1',
            refundId: 're_1',
            amountCents: 30_000,
            reason: 'cancelled',
            refundedAt: AT,
            refundKey: 'e1-1',
          },
        },
      ]);
    const done = [
      ...retrying,
      ...enrollmentDecider.decide(
        issued(30_000, 2),
        retrying.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState),
      ),
    ];
    given(done).when(issued(30_000, 2)).then([]);
    given(done)
      .when({ type: 'RetryRefunds', at: AT })
      .thenThrows({ code: 'conflict', refusal: { code: 'no_failed_refund' } });
  });

  it('given a refund still on its way, when the provider refuses it, then RefundFailed; a second report changes nothing', () => {
    const failure: EnrollmentCommand = {
      type: 'RecordRefundFailure',
      refundKey: 'e1-1',
      attempt: 1,
      code: 'card_cannot_be_refunded',
      message: 'The card issuer refused the refund.',
      at: AT,
    };
    given([...sold, cancelled(), requested(30_000)])
      .when(failure)
      .then([failed(30_000)]);
    given(refused).when(failure).then([]);
  });
});

describe('transfer', () => {
  const request: EnrollmentCommand = {
    type: 'RequestTransfer',
    transferId: 't1',
    toWorkshopId: '9',
    item: lunch,
    at: AT,
  };

  it('given $300 paid for 2 at the $150 dinner, when moved to the $130 evening, then $40 is to be refunded once completed', () => {
    const [event] = enrollmentDecider.decide(
      request,
      sold.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState),
    );
    expect(event).toMatchObject({
      type: 'TransferRequested',
      data: { fromWorkshopId: '6', toWorkshopId: '9', seats: 2, amountCents: 26_000, refundCents: 4_000 },
    });
    given([...sold, event!])
      .when({ type: 'CompleteTransfer', transferId: 't1', at: AT })
      .then([
        expect.objectContaining({ type: 'EnrollmentTransferred' }),
        // The refund names the transfer it was decided with (issue 37).
        {
          ...requested(4_000, 1, 1, 'transfer-difference' as never),
          data: { ...requested(4_000, 1, 1, 'transfer-difference' as never).data, transferId: 't1' },
        } as EnrollmentEvent,
      ]);
  });

  it('given a dearer target, then refused with the difference named; a second transfer waits for the first', () => {
    given(sold)
      .when({ ...request, item: { ...lunch, unitPriceCents: 20_000 } })
      .thenThrows({
        code: 'conflict',
        refusal: { code: 'transfer_costs_more', amountCents: 40_000, seats: 2, priceCents: 30_000 },
      });
    const [event] = enrollmentDecider.decide(
      request,
      sold.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState),
    );
    given([...sold, event!])
      .when({ ...request, transferId: 't2' })
      .thenThrows({ code: 'conflict', refusal: { code: 'transfer_under_way', scope: 'enrollment' } });
    given([...sold, event!])
      .when(cancel({ kind: 'full' }))
      .thenThrows({ code: 'conflict', refusal: { code: 'being_moved', scope: 'enrollment' } });
  });

  it('given an abandoned transfer, then completing it changes nothing', () => {
    const [event] = enrollmentDecider.decide(
      request,
      sold.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState),
    );
    const abandoned: EnrollmentEvent = {
      type: 'TransferAbandoned',
      data: { enrollmentId: 'e1', transferId: 't1', toWorkshopId: '9', reason: 'full', abandonedAt: AT },
    };
    given([...sold, event!, abandoned])
      .when({ type: 'CompleteTransfer', transferId: 't1', at: AT })
      .then([]);
  });

  it('given a transfer under way, when the target refuses the seats, then TransferAbandoned with its reason; again, nothing', () => {
    const [event] = enrollmentDecider.decide(
      request,
      sold.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState),
    );
    const abandon: EnrollmentCommand = { type: 'AbandonTransfer', transferId: 't1', reason: 'full', at: AT };
    const abandoned: EnrollmentEvent = {
      type: 'TransferAbandoned',
      data: { enrollmentId: 'e1', transferId: 't1', toWorkshopId: '9', reason: 'full', abandonedAt: AT },
    };
    given([...sold, event!])
      .when(abandon)
      .then([abandoned]);
    given([...sold, event!, abandoned])
      .when(abandon)
      .then([]);
  });
});

describe('e-mails after the sale', () => {
  const notify: EnrollmentCommand = {
    type: 'RecordNotification',
    kind: 'cancellation',
    ref: 'cancellation',
    messageId: '<c@x>',
    transport: 'outbox',
    at: AT,
  };
  const notified: EnrollmentEvent = {
    type: 'CustomerNotified',
    data: {
      enrollmentId: 'e1',
      kind: 'cancellation',
      ref: 'cancellation',
      messageId: '<c@x>',
      transport: 'outbox',
      sentAt: AT,
    },
  };

  it('given a cancelled sale, when its e-mail is recorded twice, then CustomerNotified once', () => {
    given([...sold, cancelled()])
      .when(notify)
      .then([notified]);
    given([...sold, cancelled(), notified])
      .when(notify)
      .then([]);
  });

  it('given a booking never sold, then nothing is recorded: only a sold booking is sent these e-mails', () => {
    given([submitted('e1')])
      .when(notify)
      .then([]);
  });
});

describe('seat ledger after the sale', () => {
  const seats = deciderSpec(workshopDecider);
  const scheduled: WorkshopEvent = {
    type: 'WorkshopScheduled',
    data: {
      workshop: {
        id: '9',
        title: 'Etiquette After Dark',
        description: '',
        date: '2025-09-27T18:00:00-05:00',
        time: '6:00 PM - 9:00 PM',
        location: 'Plano',
        instructor: 'M',
        duration: '3 hours',
        category: 'adult',
        price: 130,
        capacity: 4,
      } as never,
    },
  };
  const sold3: WorkshopEvent[] = [
    scheduled,
    { type: 'SeatsReserved', data: { workshopId: '9', enrollmentId: 'a', seats: 3, expiresAt: AT } },
    { type: 'SeatsConfirmed', data: { workshopId: '9', enrollmentId: 'a', seats: 3 } },
  ];
  const take = (seatsWanted: number, at = AT) =>
    ({ type: 'TakeTransferSeats', workshopId: '9', enrollmentId: 'b', seats: seatsWanted, at }) as const;

  it('given 3 sold seats, when given back, then SeatsReleased for 3, and they can be sold again', () => {
    seats(sold3)
      .when({ type: 'GiveBackSeats', workshopId: '9', enrollmentId: 'a', reason: 'cancelled' })
      .then([{ type: 'SeatsReleased', data: { workshopId: '9', enrollmentId: 'a', seats: 3, reason: 'cancelled' } }]);
    const released: WorkshopEvent = {
      type: 'SeatsReleased',
      data: { workshopId: '9', enrollmentId: 'a', seats: 3, reason: 'cancelled' },
    };
    seats([...sold3, released])
      .when({ type: 'GiveBackSeats', workshopId: '9', enrollmentId: 'a', reason: 'cancelled' })
      .then([]);
    seats([...sold3, released])
      .when(take(4))
      .then([
        { type: 'SeatsReserved', data: { workshopId: '9', enrollmentId: 'b', seats: 4, expiresAt: AT } },
        { type: 'SeatsConfirmed', data: { workshopId: '9', enrollmentId: 'b', seats: 4 } },
      ]);
  });

  it('given 1 seat left, then a transfer of 2 is refused; at the start instant it is refused as begun', () => {
    seats(sold3)
      .when(take(2))
      .thenThrows({
        code: 'conflict',
        refusal: { code: 'transfer_seats_short', title: 'Etiquette After Dark', left: 1, seats: 2 },
      });
    seats(sold3)
      .when(take(1, '2025-09-27T23:00:00.000Z'))
      .thenThrows({
        code: 'conflict',
        refusal: { code: 'transfer_target_closed', title: 'Etiquette After Dark', begun: true },
      });
  });
});

describe('cancellation while a payment is being confirmed', () => {
  it('given paid but not yet confirmed, when cancelled, then 409 asks to try again (the seats are being confirmed)', () => {
    given([submitted('e1'), paid('e1', 30_000)])
      .when(cancel({ kind: 'full' }))
      .thenThrows({ code: 'conflict', refusal: { code: 'payment_being_confirmed' } });
  });
});
