import { describe, expect, it } from 'vitest';
import { ordersProjector } from '../../../projections/enrollment/orders.js';
import { seatHoldsProjector } from '../../../projections/enrollment/seat-holds.js';
import type { RecordedEvent } from '../../../platform/eventstore/port.js';
import type { Order } from '../../../contracts/enrollment/api.js';
import { EMPTY_FORM, submissionOf } from '../../../service/enrollment/submission.js';

const AT = '2025-05-01T15:00:00.000Z';
let position = 0n;
const recorded = (streamId: string, type: string, data: unknown): RecordedEvent => ({
  id: `id-${position}`,
  streamId,
  revision: 0n,
  position: position++,
  type,
  data,
  metadata: { correlationId: 'c', causationId: 'c', actor: 'visitor', at: AT },
});
const item = { kind: 'workshop' as const, id: '4', title: 'Princess Tea Party', date: '2025-06-07T12:30:00-05:00', time: '12:30 PM - 2:00 PM', location: 'Plano', instructor: 'M', duration: '1.5 hours', category: 'tea-party', attire: 'Dressy', unitPriceCents: 7500 };
const submitted = submissionOf({ enrollmentId: 'e1', workshopId: '4', programId: null, form: { ...EMPTY_FORM, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', participants: 2, participantNames: 'Bo Lee' }, item, holdExpiresAt: AT, test: false, at: new Date(AT) });

const fold = (events: RecordedEvent[]) => events.reduce<Order | null>((doc, e) => {
  const next = ordersProjector.project(doc, e, ordersProjector.keys(e)[0]!);
  return next === undefined ? doc : next;
}, null);

describe('orders projector', () => {
  it('given a paid journey, then the order is completed and paid with its order id, reference and attendees', () => {
    const doc = fold([
      recorded('enrollment-e1', 'EnrollmentSubmitted', submitted),
      recorded('enrollment-e1', 'PaymentFailed', { enrollmentId: 'e1', paymentIntentId: 'pi', providerEventId: 'evt', code: 'card_declined', reason: 'Your card was declined.', failedAt: AT }),
      recorded('enrollment-e1', 'PaymentSucceeded', { enrollmentId: 'e1', paymentIntentId: 'pi', amountCents: 15000, providerEventId: 'evt2', source: 'webhook', succeededAt: AT }),
      recorded('enrollment-e1', 'EnrollmentConfirmed', { enrollmentId: 'e1', orderId: 'ORD-e1', orderReference: 'GL-123456', paymentMethod: 'Credit Card', amountCents: 15000, paymentIntentId: 'pi', confirmedAt: AT }),
    ]);
    expect(doc).toMatchObject({ id: 'e1', orderId: 'ORD-e1', orderReference: 'GL-123456', status: 'completed', paymentStatus: 'paid', attendees: ['Ann Lee', 'Bo Lee'], amountCents: 15000, lastPaymentError: null, emailSent: false });
  });

  it('given an unpaid enrollment whose hold expired, then it is expired and unpaid', () => {
    const doc = fold([recorded('enrollment-e1', 'EnrollmentSubmitted', submitted), recorded('enrollment-e1', 'EnrollmentExpired', { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT })]);
    expect(doc).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
  });

  it('given a hold, then seat-holds lists it in UTC until it is confirmed', () => {
    const reserved = recorded('workshop-4', 'SeatsReserved', { workshopId: '4', enrollmentId: 'e1', seats: 2, expiresAt: '2025-05-01T10:30:00-05:00' });
    expect(seatHoldsProjector.project(null, reserved, 'e1')).toMatchObject({ enrollmentId: 'e1', expiresAt: '2025-05-01T15:30:00.000Z' });
    expect(seatHoldsProjector.project(null, recorded('workshop-4', 'SeatsConfirmed', { workshopId: '4', enrollmentId: 'e1', seats: 2 }), 'e1')).toBeNull();
  });
});
