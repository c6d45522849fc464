import { describe, expect, it } from 'vitest';
import { seatHoldsProjector } from '../../../projections/enrollment/seat-holds.js';
import { given, on } from '../../support/projection.js';
import { enrollmentStream, submitted } from '../../support/enrollment-events.js';

const reserved = (enrollmentId: string, holderKey?: string) =>
  on('workshop-6', {
    type: 'SeatsReserved',
    data: {
      workshopId: '6',
      enrollmentId,
      seats: 2,
      expiresAt: '2025-06-01T10:30:00-05:00',
      ...(holderKey ? { holderKey } : {}),
    },
  });

describe('seat-holds projector', () => {
  it('given a hold, then seat-holds lists it in UTC; when it is confirmed, then it leaves', async () => {
    await given(seatHoldsProjector, [reserved('e1')]).then({
      e1: expect.objectContaining({
        enrollmentId: 'e1',
        workshopId: '6',
        seats: 2,
        expiresAt: '2025-06-01T15:30:00.000Z',
      }),
    });
    await given(seatHoldsProjector, [
      reserved('e1'),
      on('workshop-6', { type: 'SeatsConfirmed', data: { workshopId: '6', enrollmentId: 'e1', seats: 2 } }),
    ]).then({});
  });

  it('given a hold replaced by the same parent while its enrollment is pending, then it stays, released, until the enrollment ends', async () => {
    const replaced = on('workshop-6', {
      type: 'SeatsReleased',
      data: { workshopId: '6', enrollmentId: 'e1', seats: 2, reason: 'replaced', replacedBy: 'e2' },
    });
    const pending = [reserved('e1'), on(enrollmentStream('e1'), submitted('e1')), replaced];
    await given(seatHoldsProjector, pending).then({ e1: expect.objectContaining({ submitted: true, released: true }) });
    const cancelled = {
      type: 'EnrollmentCancelled',
      data: {
        enrollmentId: 'e1',
        reason: 'replaced-by-new-submission',
        replacedBy: 'e2',
        cancelledAt: '2025-06-01T15:01:00.000Z',
      },
    };
    await given(seatHoldsProjector, [...pending, on(enrollmentStream('e1'), cancelled)]).then({});
  });

  it('given a hold whose enrollment was never recorded, when it is replaced, then it leaves at once', async () => {
    await given(seatHoldsProjector, [
      reserved('e1'),
      on('workshop-6', {
        type: 'SeatsReleased',
        data: { workshopId: '6', enrollmentId: 'e1', seats: 2, reason: 'replaced' },
      }),
    ]).then({});
  });
});
