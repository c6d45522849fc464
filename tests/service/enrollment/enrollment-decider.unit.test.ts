import { describe, expect, it } from 'vitest';
import { givenWhen } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/enrollment-decider.js';
import type { EnrollmentEvent, EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { EMPTY_FORM, submissionOf } from '../../../service/enrollment/submission.js';
import { AppError } from '../../../service/core/errors.js';

const AT = '2025-05-01T15:00:00.000Z';
const item = { kind: 'workshop' as const, id: '4', title: 'Princess Tea Party', date: '2025-06-07T12:30:00-05:00', time: '12:30 PM - 2:00 PM', location: 'Plano', instructor: 'M', duration: '1.5 hours', category: 'tea-party', attire: 'Dressy', unitPriceCents: 7500 };
const submission = (unitPriceCents = 7500): EnrollmentSubmitted =>
  submissionOf({ enrollmentId: 'e1', workshopId: '4', programId: null, form: { ...EMPTY_FORM, firstName: 'Ann', lastName: 'Lee', participants: 2 }, item: { ...item, unitPriceCents }, holdExpiresAt: '2025-05-01T15:30:00.000Z', test: false, at: new Date(AT) });

const submitted: EnrollmentEvent = { type: 'EnrollmentSubmitted', data: submission() };
const succeeded = (eventId: string | null): EnrollmentEvent => ({
  type: 'PaymentSucceeded',
  data: { enrollmentId: 'e1', paymentIntentId: 'pi_1', amountCents: 15000, providerEventId: eventId, source: 'webhook', succeededAt: AT },
});
const success = (eventId: string): EnrollmentCommand => ({ type: 'RecordPaymentSuccess', paymentIntentId: 'pi_1', amountCents: 15000, providerEventId: eventId, source: 'webhook', at: AT });
const failure = (eventId: string): EnrollmentCommand => ({ type: 'RecordPaymentFailure', paymentIntentId: 'pi_1', providerEventId: eventId, code: 'card_declined', reason: 'Your card was declined.', at: AT });
const confirm: EnrollmentCommand = { type: 'ConfirmEnrollment', orderId: 'ORD-e1', orderReference: 'GL-000123', paymentMethod: 'Credit Card', at: AT };

describe('enrollment decider', () => {
  it('given a submission of 2 at $75, then the amount is $150 with tax 0 and a hold expiry', () => {
    expect(submission()).toMatchObject({ subtotalCents: 15000, taxCents: 0, amountCents: 15000, isFree: false, attendees: ['Ann Lee'] });
  });

  it('given a free submission, then nothing is held', () => {
    expect(submission(0)).toMatchObject({ amountCents: 0, isFree: true, holdExpiresAt: null });
  });

  it('given a pending enrollment, when a success arrives, then PaymentSucceeded', () => {
    expect(givenWhen(enrollmentDecider, [submitted], success('evt_1')).map((e) => e.type)).toEqual(['PaymentSucceeded']);
  });

  it('given a paid enrollment, when the same or another success arrives, then nothing', () => {
    expect(givenWhen(enrollmentDecider, [submitted, succeeded('evt_1')], success('evt_1'))).toEqual([]);
    expect(givenWhen(enrollmentDecider, [submitted, succeeded('evt_1')], success('evt_2'))).toEqual([]);
  });

  it('given a paid enrollment, when a failure arrives late, then nothing', () => {
    expect(givenWhen(enrollmentDecider, [submitted, succeeded('evt_1')], failure('evt_0'))).toEqual([]);
  });

  it('given a recorded failure, when the same failure is redelivered, then nothing; a new failure is recorded', () => {
    const failed: EnrollmentEvent = { type: 'PaymentFailed', data: { enrollmentId: 'e1', paymentIntentId: 'pi_1', providerEventId: 'evt_f', code: 'card_declined', reason: 'x', failedAt: AT } };
    expect(givenWhen(enrollmentDecider, [submitted, failed], failure('evt_f'))).toEqual([]);
    expect(givenWhen(enrollmentDecider, [submitted, failed], failure('evt_g'))).toHaveLength(1);
  });

  it('given an expired enrollment, when a success arrives, then it is still recorded (to be honoured or refunded)', () => {
    const expired: EnrollmentEvent = { type: 'EnrollmentExpired', data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT } };
    expect(givenWhen(enrollmentDecider, [submitted, expired], success('evt_1')).map((e) => e.type)).toEqual(['PaymentSucceeded']);
  });

  it('given a pending paid enrollment, when confirmed before payment, then refused', () => {
    expect(() => givenWhen(enrollmentDecider, [submitted], confirm)).toThrow(AppError);
  });

  it('given a paid enrollment, when confirmed, then EnrollmentConfirmed with the paid amount; when confirmed again, nothing', () => {
    const [event] = givenWhen(enrollmentDecider, [submitted, succeeded('evt_1')], confirm);
    expect(event).toMatchObject({ type: 'EnrollmentConfirmed', data: { orderId: 'ORD-e1', amountCents: 15000, paymentIntentId: 'pi_1', paymentMethod: 'Credit Card' } });
    expect(givenWhen(enrollmentDecider, [submitted, succeeded('evt_1'), event!], confirm)).toEqual([]);
  });

  it('given a paid enrollment, when its hold expires, then it is not expired', () => {
    expect(givenWhen(enrollmentDecider, [submitted, succeeded('evt_1')], { type: 'ExpireEnrollment', at: AT })).toEqual([]);
  });

  it('given a free enrollment left pending (its confirmation was cut off), when its hold expires, then it expires', () => {
    const free: EnrollmentEvent = { type: 'EnrollmentSubmitted', data: submission(0) };
    expect(givenWhen(enrollmentDecider, [free], { type: 'ExpireEnrollment', at: AT })).toEqual([
      { type: 'EnrollmentExpired', data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT } },
    ]);
  });

  it('given an expired enrollment, when the checkout asks for a PaymentIntent, then refused with words to enroll again', () => {
    const expired: EnrollmentEvent = { type: 'EnrollmentExpired', data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT } };
    expect(() => givenWhen(enrollmentDecider, [submitted, expired], { type: 'RecordPaymentIntent', paymentIntentId: 'pi_2', provider: 'offline', amountCents: 15000 })).toThrow(/expired/);
  });

  it('given a confirmed enrollment, when the e-mail is recorded twice, then once', () => {
    const confirmed = givenWhen(enrollmentDecider, [submitted, succeeded('evt_1')], confirm);
    const mail: EnrollmentCommand = { type: 'RecordConfirmationEmail', orderId: 'ORD-e1', messageId: '<ORD-e1@x>', transport: 'outbox', at: AT };
    const sent = givenWhen(enrollmentDecider, [submitted, succeeded('evt_1'), ...confirmed], mail);
    expect(sent).toHaveLength(1);
    expect(givenWhen(enrollmentDecider, [submitted, succeeded('evt_1'), ...confirmed, ...sent], mail)).toEqual([]);
  });
});
