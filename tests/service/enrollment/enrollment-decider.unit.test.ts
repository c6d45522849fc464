import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent, EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { EMPTY_FORM, submissionOf } from '../../../service/enrollment/sale/submission.js';

const AT = '2025-05-01T15:00:00.000Z';
const item = {
  kind: 'workshop' as const,
  id: '4',
  title: 'Princess Tea Party',
  date: '2025-06-07T12:30:00-05:00',
  time: '12:30 PM - 2:00 PM',
  location: 'Plano',
  instructor: 'M',
  duration: '1.5 hours',
  category: 'tea-party',
  attire: 'Dressy',
  unitPriceCents: 7500,
};
const submission = (unitPriceCents = 7500): EnrollmentSubmitted =>
  submissionOf({
    enrollmentId: 'e1',
    workshopId: '4',
    programId: null,
    form: { ...EMPTY_FORM, firstName: 'Ann', lastName: 'Lee', participants: 2 },
    item: { ...item, unitPriceCents },
    holdExpiresAt: '2025-05-01T15:30:00.000Z',
    test: false,
    at: new Date(AT),
  });

const submitted: EnrollmentEvent = { type: 'EnrollmentSubmitted', data: submission() };
const succeeded = (eventId: string | null): EnrollmentEvent => ({
  type: 'PaymentSucceeded',
  data: {
    enrollmentId: 'e1',
    paymentIntentId: 'pi_1',
    amountCents: 15000,
    providerEventId: eventId,
    source: 'webhook',
    succeededAt: AT,
  },
});
const success = (eventId: string): EnrollmentCommand => ({
  type: 'RecordPaymentSuccess',
  paymentIntentId: 'pi_1',
  amountCents: 15000,
  providerEventId: eventId,
  source: 'webhook',
  at: AT,
});
const failure = (eventId: string): EnrollmentCommand => ({
  type: 'RecordPaymentFailure',
  paymentIntentId: 'pi_1',
  providerEventId: eventId,
  code: 'card_declined',
  reason: 'Your card was declined.',
  at: AT,
});
const confirm: EnrollmentCommand = {
  type: 'ConfirmEnrollment',
  orderId: 'ORD-e1',
  orderReference: 'GL-000123',
  paymentMethod: 'Credit Card',
  at: AT,
};
const confirmedEvent: EnrollmentEvent = {
  type: 'EnrollmentConfirmed',
  data: {
    enrollmentId: 'e1',
    orderId: 'ORD-e1',
    orderReference: 'GL-000123',
    paymentMethod: 'Credit Card',
    amountCents: 15000,
    paymentIntentId: 'pi_1',
    confirmedAt: AT,
  },
};
const expired: EnrollmentEvent = {
  type: 'EnrollmentExpired',
  data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT },
};
const given = deciderSpec(enrollmentDecider);

describe('enrollment decider', () => {
  it('given a submission of 2 at $75, then the amount is $150 with tax 0 and a hold expiry', () => {
    expect(submission()).toMatchObject({
      subtotalCents: 15000,
      taxCents: 0,
      amountCents: 15000,
      isFree: false,
      attendees: ['Ann Lee'],
    });
  });

  it('given a free submission, then nothing is held', () => {
    expect(submission(0)).toMatchObject({ amountCents: 0, isFree: true, holdExpiresAt: null });
  });

  it('given a pending enrollment, when a success arrives, then PaymentSucceeded', () => {
    given([submitted])
      .when(success('evt_1'))
      .then([succeeded('evt_1')]);
  });

  it('given a paid enrollment, when the same or another success arrives, then nothing', () => {
    given([submitted, succeeded('evt_1')])
      .when(success('evt_1'))
      .then([]);
    given([submitted, succeeded('evt_1')])
      .when(success('evt_2'))
      .then([]);
  });

  it('given a paid enrollment, when a failure arrives late, then nothing', () => {
    given([submitted, succeeded('evt_1')])
      .when(failure('evt_0'))
      .then([]);
  });

  it('given a recorded failure, when the same failure is redelivered, then nothing; a new failure is recorded', () => {
    const failed: EnrollmentEvent = {
      type: 'PaymentFailed',
      data: {
        enrollmentId: 'e1',
        paymentIntentId: 'pi_1',
        providerEventId: 'evt_f',
        code: 'card_declined',
        reason: 'x',
        failedAt: AT,
      },
    };
    given([submitted, failed]).when(failure('evt_f')).then([]);
    given([submitted, failed])
      .when(failure('evt_g'))
      .then([
        {
          type: 'PaymentFailed',
          data: { ...failed.data, providerEventId: 'evt_g', reason: 'Your card was declined.' },
        },
      ]);
  });

  it('given an expired enrollment, when a success arrives, then it is still recorded (to be honoured or refunded)', () => {
    given([submitted, expired])
      .when(success('evt_1'))
      .then([succeeded('evt_1')]);
  });

  it('given a pending paid enrollment, when confirmed before payment, then refused', () => {
    given([submitted])
      .when(confirm)
      .thenThrows({ code: 'conflict', refusal: { code: 'not_confirmable', status: 'pending' } });
  });

  it('given a paid enrollment, when confirmed, then EnrollmentConfirmed with the paid amount; when confirmed again, nothing', () => {
    given([submitted, succeeded('evt_1')])
      .when(confirm)
      .then([confirmedEvent]);
    given([submitted, succeeded('evt_1'), confirmedEvent])
      .when(confirm)
      .then([]);
  });

  it('given a paid enrollment, when its hold expires, then it is not expired', () => {
    given([submitted, succeeded('evt_1')])
      .when({ type: 'ExpireEnrollment', at: AT })
      .then([]);
  });

  it('given a free enrollment left pending (its confirmation was cut off), when its hold expires, then it expires', () => {
    const free: EnrollmentEvent = { type: 'EnrollmentSubmitted', data: submission(0) };
    given([free])
      .when({ type: 'ExpireEnrollment', at: AT })
      .then([{ type: 'EnrollmentExpired', data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT } }]);
  });

  it('given an expired enrollment, when the checkout asks for a PaymentIntent, then refused with words to enroll again', () => {
    given([submitted, expired])
      .when({ type: 'RecordPaymentIntent', paymentIntentId: 'pi_2', provider: 'offline', amountCents: 15000 })
      .thenThrows(/expired/);
  });

  it('given a confirmed enrollment, when the e-mail is recorded twice, then once', () => {
    const mail: EnrollmentCommand = {
      type: 'RecordConfirmationEmail',
      orderId: 'ORD-e1',
      messageId: '<ORD-e1@x>',
      transport: 'outbox',
      at: AT,
    };
    const sent: EnrollmentEvent = {
      type: 'ConfirmationEmailSent',
      data: { enrollmentId: 'e1', orderId: 'ORD-e1', messageId: '<ORD-e1@x>', transport: 'outbox', sentAt: AT },
    };
    given([submitted, succeeded('evt_1'), confirmedEvent])
      .when(mail)
      .then([sent]);
    given([submitted, succeeded('evt_1'), confirmedEvent, sent])
      .when(mail)
      .then([]);
  });

  it('given a pending enrollment, when its e-mail would be recorded, then refused: only a confirmed one gets it', () => {
    given([submitted])
      .when({
        type: 'RecordConfirmationEmail',
        orderId: 'ORD-e1',
        messageId: '<ORD-e1@x>',
        transport: 'outbox',
        at: AT,
      })
      .thenThrows({ code: 'conflict', refusal: { code: 'no_confirmation_email' } });
  });

  describe('withdrawn before the sale, and the late-payment refund', () => {
    const replace: EnrollmentCommand = {
      type: 'CancelEnrollment',
      reason: 'replaced-by-new-submission',
      replacedBy: 'e2',
      at: AT,
    };
    const replaced: EnrollmentEvent = {
      type: 'EnrollmentCancelled',
      data: { enrollmentId: 'e1', reason: 'replaced-by-new-submission', cancelledAt: AT, replacedBy: 'e2' },
    };
    const lateRefund: EnrollmentCommand = {
      type: 'RecordRefund',
      paymentIntentId: 'pi_1',
      refundId: 're_1',
      amountCents: 15000,
      reason: 'seats-unavailable',
      at: AT,
    };
    const refunded: EnrollmentEvent = {
      type: 'RefundIssued',
      data: {
        enrollmentId: 'e1',
        paymentIntentId: 'pi_1',
        refundId: 're_1',
        amountCents: 15000,
        reason: 'seats-unavailable',
        refundedAt: AT,
      },
    };

    it('given a held or expired enrollment, when a newer one replaces it, then it is withdrawn naming it; again, nothing', () => {
      given([submitted]).when(replace).then([replaced]);
      given([submitted, expired]).when(replace).then([replaced]);
      given([submitted, replaced]).when(replace).then([]);
    });

    it('given a paid enrollment, when it would be withdrawn unpaid, then refused naming its phase', () => {
      given([submitted, succeeded('evt_1')])
        .when(replace)
        .thenThrows({ code: 'conflict', refusal: { code: 'not_cancellable_here', status: 'paid' } });
    });

    it('given money that came for seats gone, when its refund is recorded, then RefundIssued; again, nothing', () => {
      given([submitted, succeeded('evt_1')])
        .when(lateRefund)
        .then([refunded]);
      given([submitted, succeeded('evt_1'), refunded])
        .when(lateRefund)
        .then([]);
    });

    it('given a held or a confirmed enrollment, then no late-payment refund is recorded on it', () => {
      given([submitted])
        .when(lateRefund)
        .thenThrows({ code: 'conflict', refusal: { code: 'not_refundable_here', status: 'pending' } });
      given([submitted, succeeded('evt_1'), confirmedEvent])
        .when(lateRefund)
        .thenThrows({ code: 'conflict', refusal: { code: 'not_refundable_here', status: 'confirmed' } });
    });
  });

  describe('paying (one assertPayable, asked by the checkout and by the decision)', () => {
    const intent = (paymentIntentId: string): EnrollmentCommand => ({
      type: 'RecordPaymentIntent',
      paymentIntentId,
      provider: 'offline',
      amountCents: 15000,
    });
    const created: EnrollmentEvent = {
      type: 'PaymentIntentCreated',
      data: { enrollmentId: 'e1', paymentIntentId: 'pi_1', provider: 'offline', amountCents: 15000, currency: 'usd' },
    };
    const replaced: EnrollmentEvent = {
      type: 'EnrollmentCancelled',
      data: { enrollmentId: 'e1', reason: 'replaced-by-new-submission', replacedBy: 'e2', cancelledAt: AT },
    };

    it('given a pending enrollment, when its PaymentIntent is recorded, then PaymentIntentCreated; the same intent again, then nothing', () => {
      given([submitted]).when(intent('pi_1')).then([created]);
      given([submitted, created]).when(intent('pi_1')).then([]);
    });

    it('given a free, a paid, a replaced or a cancelled enrollment, then each is refused with its reason (worded at the HTTP edge)', () => {
      given([{ type: 'EnrollmentSubmitted', data: submission(0) }])
        .when(intent('pi_1'))
        .thenThrows({ code: 'validation', refusal: { code: 'free_enrollment' } });
      given([submitted, succeeded('evt_1')])
        .when(intent('pi_2'))
        .thenThrows({ code: 'conflict', refusal: { code: 'already_paid' } });
      given([submitted, replaced])
        .when(intent('pi_2'))
        .thenThrows({ code: 'conflict', refusal: { code: 'replaced_by_newer' } });
      const cancelled: EnrollmentEvent = {
        type: 'EnrollmentCancelled',
        data: { enrollmentId: 'e1', reason: 'cancelled-by-admin', cancelledAt: AT },
      };
      given([submitted, cancelled])
        .when(intent('pi_2'))
        .thenThrows({ code: 'conflict', refusal: { code: 'not_payable', status: 'cancelled' } });
    });
  });
});
