import { describe, expect, it } from 'vitest';
import { enrollmentsProjector } from '../../../projections/admin/enrollments.js';
import { given, on } from '../../support/projection.js';
import { confirmed, enrollmentStream, paid, rescheduled, submitted } from '../../support/enrollment-events.js';

describe('enrollments (tracker) projector', () => {
  it('given a paid workshop enrollment, then the row is completed and paid, in dollars', async () => {
    const s = enrollmentStream('e1');
    await given(enrollmentsProjector, [
      on(s, submitted('e1')),
      on(s, paid('e1', 30_000), 'provider'),
      on(s, confirmed('e1', 30_000), 'system'),
    ]).then({
      e1: expect.objectContaining({
        id: 'e1',
        workshopId: '6',
        workshop: {
          title: 'Etiquette After Dark - Dinner',
          location: 'Legacy Commons, Plano',
          date: '2025-07-19T19:00:00-05:00',
        },
        program: null,
        firstName: 'Ada',
        email: 'ada@example.com',
        status: 'completed',
        paymentStatus: 'paid',
        amount: 300,
        workshopTitle: 'Etiquette After Dark - Dinner',
        programTitle: '',
        seq: 0,
      }),
    });
  });

  it('given the parent renamed a child on the booking page, then the tracker shows and searches the new name', async () => {
    const s = enrollmentStream('e1');
    await given(enrollmentsProjector, [
      on(s, submitted('e1')),
      on(
        s,
        {
          type: 'ParticipantDetailsCorrected',
          data: {
            enrollmentId: 'e1',
            participantDetails: [
              {
                name: 'Grace Hopper',
                age: 9,
                grade: '',
                school: '',
                hasDietaryRestrictions: false,
                dietaryRestrictions: '',
                photographyConsent: false,
                allowNameWithPhoto: false,
                photographyOptOut: true,
              },
            ],
            attendees: ['Grace Hopper'],
            changed: ['0.name'],
            correctedAt: '2025-07-01T00:00:00.000Z',
          },
        },
        'visitor',
      ),
    ]).then({
      e1: expect.objectContaining({
        participantNames: ['Grace Hopper'],
        participantText: 'Grace Hopper',
        participantDetails: [expect.objectContaining({ name: 'Grace Hopper' })],
      }),
    });
  });

  it('given a free enrollment, then the payment shows free', async () => {
    const s = enrollmentStream('f1');
    await given(enrollmentsProjector, [on(s, submitted('f1', { unitCents: 0 })), on(s, confirmed('f1', 0))]).then({
      f1: expect.objectContaining({ status: 'completed', paymentStatus: 'free', amount: 0 }),
    });
  });

  it('given an unpaid enrollment whose hold lapsed, then it is expired and unpaid', async () => {
    const s = enrollmentStream('x1');
    const expired = {
      type: 'EnrollmentExpired',
      data: { enrollmentId: 'x1', holdExpiresAt: '2025-06-01T15:30:00.000Z', expiredAt: '2025-06-01T15:30:01.000Z' },
    };
    await given(enrollmentsProjector, [on(s, submitted('x1')), on(s, expired, 'system')]).then({
      x1: expect.objectContaining({ status: 'expired', paymentStatus: 'unpaid' }),
    });
  });

  it('given a program enrollment, then the program title is set and the workshop is null', async () => {
    await given(enrollmentsProjector, [
      on(enrollmentStream('p1'), submitted('p1', { kind: 'program', title: 'Etiquette for Tweens & Teens' })),
    ]).then({
      p1: expect.objectContaining({
        workshopId: null,
        workshop: null,
        program: { title: 'Etiquette for Tweens & Teens' },
        programTitle: 'Etiquette for Tweens & Teens',
      }),
    });
  });

  it('given a payment reported before the submission was seen (no row yet), then no row is made from it', async () => {
    await given(enrollmentsProjector, [on(enrollmentStream('e9'), paid('e9', 100))]).then({});
  });
});

describe('enrollments (tracker) projector: the school moves the workshop', () => {
  it('given a booking whose workshop moved to another date and room, then the row shows and is found by the new date and place', async () => {
    const s = enrollmentStream('e1');
    await given(enrollmentsProjector, [
      on(s, submitted('e1')),
      on(s, paid('e1', 30_000), 'provider'),
      on(s, confirmed('e1', 30_000), 'system'),
      on(s, rescheduled('e1', 'c1', { date: '2025-08-09T19:00:00-05:00', location: 'The Garden Room' }), 'system'),
    ]).then({
      e1: expect.objectContaining({
        workshop: {
          title: 'Etiquette After Dark - Dinner',
          location: 'The Garden Room',
          date: '2025-08-09T19:00:00-05:00',
        },
        location: 'The Garden Room',
        status: 'completed',
      }),
    });
  });
});
