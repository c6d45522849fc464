import { describe, expect, it } from 'vitest';
import { EnrollmentSubmittedSchema } from '../../../contracts/enrollment/events.js';
import { ordersProjector } from '../../../projections/enrollment/orders.js';
import { EMPTY_FORM, submissionOf } from '../../../service/enrollment/submission.js';
import { given, on } from '../../support/projection.js';

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
const submitted = submissionOf({
  enrollmentId: 'e1',
  workshopId: '4',
  programId: null,
  form: {
    ...EMPTY_FORM,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    participants: 2,
    participantNames: 'Bo Lee',
  },
  item,
  holdExpiresAt: AT,
  test: false,
  at: new Date(AT),
});
const s = 'enrollment-e1';

describe('orders projector', () => {
  it('given a paid journey, then the order is completed and paid with its order id, reference and attendees', async () => {
    await given(ordersProjector, [
      on(s, { type: 'EnrollmentSubmitted', data: submitted }),
      on(s, {
        type: 'PaymentFailed',
        data: {
          enrollmentId: 'e1',
          paymentIntentId: 'pi',
          providerEventId: 'evt',
          code: 'card_declined',
          reason: 'Your card was declined.',
          failedAt: AT,
        },
      }),
      on(s, {
        type: 'PaymentSucceeded',
        data: {
          enrollmentId: 'e1',
          paymentIntentId: 'pi',
          amountCents: 15000,
          providerEventId: 'evt2',
          source: 'webhook',
          succeededAt: AT,
        },
      }),
      on(s, {
        type: 'EnrollmentConfirmed',
        data: {
          enrollmentId: 'e1',
          orderId: 'ORD-e1',
          orderReference: 'GL-123456',
          paymentMethod: 'Credit Card',
          amountCents: 15000,
          paymentIntentId: 'pi',
          confirmedAt: AT,
        },
      }),
    ]).then({
      e1: expect.objectContaining({
        id: 'e1',
        orderId: 'ORD-e1',
        orderReference: 'GL-123456',
        status: 'completed',
        paymentStatus: 'paid',
        attendees: ['Ann Lee', 'Bo Lee'],
        amountCents: 15000,
        lastPaymentError: null,
        emailSent: false,
      }),
    });
  });

  it('given an unpaid enrollment whose hold expired, then it is expired and unpaid', async () => {
    await given(ordersProjector, [
      on(s, { type: 'EnrollmentSubmitted', data: submitted }),
      on(s, { type: 'EnrollmentExpired', data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT } }),
    ]).then({
      e1: expect.objectContaining({ status: 'expired', paymentStatus: 'unpaid' }),
    });
  });

  it('given its confirmation e-mail recorded, then the order says it was sent', async () => {
    await given(ordersProjector, [
      on(s, { type: 'EnrollmentSubmitted', data: submitted }),
      on(s, {
        type: 'ConfirmationEmailSent',
        data: { enrollmentId: 'e1', orderId: 'ORD-e1', messageId: '<ORD-e1@x>', transport: 'outbox', sentAt: AT },
      }),
    ]).then({ e1: expect.objectContaining({ emailSent: true }) });
  });

  it('given two children with their own details, then the order keeps each child’s details', async () => {
    const child = {
      hasDietaryRestrictions: false,
      dietaryRestrictions: '',
      photographyConsent: false,
      allowNameWithPhoto: false,
      photographyOptOut: false,
    };
    const details = [
      { ...child, name: 'Mia Lee', age: 7, grade: '2nd', school: 'Haggard' },
      { ...child, name: 'Bo Lee', age: 9, grade: '4th', school: 'Haggard', photographyOptOut: true },
    ];
    await given(ordersProjector, [
      on(s, {
        type: 'EnrollmentSubmitted',
        data: {
          ...submitted,
          form: { ...submitted.form, participantDetails: details },
          attendees: ['Mia Lee', 'Bo Lee'],
        },
      }),
    ]).then({ e1: expect.objectContaining({ attendees: ['Mia Lee', 'Bo Lee'], participantDetails: details }) });
  });

  it('given an enrollment recorded before participant details existed, then it still folds, its details derived from the names', async () => {
    const { participantDetails: _none, ...oldForm } = submitted.form;
    expect(EnrollmentSubmittedSchema.safeParse({ ...submitted, form: oldForm }).success).toBe(true);
    await given(ordersProjector, [on(s, { type: 'EnrollmentSubmitted', data: { ...submitted, form: oldForm } })]).then({
      e1: expect.objectContaining({
        participantDetails: [
          expect.objectContaining({ name: '', age: null }),
          expect.objectContaining({ name: 'Bo Lee', age: null }),
        ],
      }),
    });
  });
});

describe('orders projector: the school moves the workshop', () => {
  const moved = (changeId: string, to: Partial<typeof item>, from: typeof item = item) => ({
    type: 'BookingRescheduled',
    data: {
      enrollmentId: 'e1',
      workshopId: '4',
      changeId,
      fromItem: from,
      item: { ...from, ...to },
      changed: Object.keys(to),
      rescheduledAt: AT,
    },
  });

  it('given an order whose workshop moved to June 14 in another room, then its item reads the new date and place, the price as bought, and what was booked is kept', async () => {
    await given(ordersProjector, [
      on(s, { type: 'EnrollmentSubmitted', data: submitted }),
      on(s, moved('c1', { date: '2025-06-14T12:30:00-05:00', location: 'The Garden Room' }), 'system'),
    ]).then({
      e1: expect.objectContaining({
        item: { ...item, date: '2025-06-14T12:30:00-05:00', location: 'The Garden Room' },
        movedFrom: { date: item.date, time: item.time, location: 'Plano' },
      }),
    });
  });

  it('given two moves, then what was booked stays the first; given a move back to it, then nothing reads as moved', async () => {
    const first = moved('c1', { date: '2025-06-14T12:30:00-05:00' });
    const later = { ...item, date: '2025-06-14T12:30:00-05:00' };
    await given(ordersProjector, [
      on(s, { type: 'EnrollmentSubmitted', data: submitted }),
      on(s, first, 'system'),
      on(s, moved('c2', { date: '2025-06-21T12:30:00-05:00' }, later), 'system'),
    ]).then({
      e1: expect.objectContaining({
        item: expect.objectContaining({ date: '2025-06-21T12:30:00-05:00' }),
        movedFrom: { date: item.date, time: item.time, location: 'Plano' },
      }),
    });
    await given(ordersProjector, [
      on(s, { type: 'EnrollmentSubmitted', data: submitted }),
      on(s, first, 'system'),
      on(s, moved('c2', { date: item.date }, later), 'system'),
    ]).then({ e1: expect.objectContaining({ item, movedFrom: null }) });
  });
});
