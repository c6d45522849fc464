import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { enrollmentDecider, type EnrollmentCommand } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { EnrollmentEvent, EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { submitted } from '../../support/enrollment-events.js';

const AT = '2025-06-10T12:00:00.000Z';
const given = deciderSpec(enrollmentDecider);
const submission = (submitted('e1') as Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>).data;
const target = { ...submission.item, id: '9', title: 'Business Dining', unitPriceCents: 10_000 };

/** Participant 1 of e0 (the dinner for two) moved to workshop 9, carrying $100 of what was paid. */
const openPlace = (paymentIntentId: string | null, carriedCents = 10_000): EnrollmentCommand => ({
  type: 'OpenTransferredPlace',
  from: { ...submission, enrollmentId: 'e0' },
  transfer: {
    participant: 1,
    name: 'Participant 2',
    newEnrollmentId: 'e1',
    toWorkshopId: '9',
    item: target,
    carriedCents,
  },
  paymentIntentId,
  at: AT,
});

const opened = (paid: boolean, cents: number): EnrollmentSubmitted =>
  ({
    enrollmentId: 'e1',
    workshopId: '9',
    programId: null,
    item: target,
    participants: 1,
    attendees: ['Participant 2'],
    subtotalCents: cents,
    taxCents: 0,
    amountCents: cents,
    currency: 'usd',
    isFree: cents === 0,
    holdExpiresAt: null,
    test: false,
    submittedAt: AT,
    splitFrom: {
      enrollmentId: 'e0',
      participant: 1,
      paymentIntentId: paid ? 'pi_e0' : null,
      paidCents: paid ? cents : 0,
      paidAt: AT,
    },
  }) as EnrollmentSubmitted;

describe('enrollment decider: nothing on the stream yet', () => {
  it('given an empty stream, when an enrollment is submitted, then EnrollmentSubmitted as given', () => {
    given([])
      .when({ type: 'SubmitEnrollment', submission })
      .then([{ type: 'EnrollmentSubmitted', data: submission }]);
  });

  it('given a submitted enrollment, when it is submitted again, then refused as already submitted (409)', () => {
    given([submitted('e1')])
      .when({ type: 'SubmitEnrollment', submission })
      .thenThrows({ code: 'conflict', refusal: { code: 'already_submitted' } });
  });

  it('given an empty stream, when a moved place is opened with its money, then submitted alone and confirmed as paid', () => {
    given([])
      .when(openPlace('pi_e0'))
      .then([
        { type: 'EnrollmentSubmitted', data: expect.objectContaining(opened(true, 10_000)) },
        {
          type: 'EnrollmentConfirmed',
          data: expect.objectContaining({
            enrollmentId: 'e1',
            orderId: 'ORD-e1',
            paymentMethod: 'Credit Card',
            amountCents: 10_000,
            paymentIntentId: 'pi_e0',
            confirmedAt: AT,
          }),
        },
      ]);
  });

  it('given an empty stream, when a place worth nothing is opened, then it is confirmed free', () => {
    given([])
      .when(openPlace(null, 0))
      .then([
        { type: 'EnrollmentSubmitted', data: expect.objectContaining(opened(false, 0)) },
        {
          type: 'EnrollmentConfirmed',
          data: expect.objectContaining({
            orderId: 'FREE-e1',
            paymentMethod: 'Free Enrollment',
            paymentIntentId: null,
          }),
        },
      ]);
  });

  it('given the place opened already (a second delivery), then nothing', () => {
    const first = enrollmentDecider.decide(openPlace('pi_e0'), enrollmentDecider.initialState);
    given(first).when(openPlace('pi_e0')).then([]);
  });
});
