import { describe, expect, it } from 'vitest';
import { rosterProjector } from '../../../projections/admin/roster.js';
import { given, on } from '../../support/projection.js';
import { confirmed, enrollmentStream, form, paid, submitted } from '../../support/enrollment-events.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';

const e1 = enrollmentStream('e1');
const AT = '2025-07-01T00:00:00.000Z';

/** Two children for workshop 6: Ava (peanuts, photos with her name) and Ben (opted out of photos). */
const twoChildren = (): EnrollmentEvent => {
  const e = submitted('e1');
  if (e.type !== 'EnrollmentSubmitted') throw new Error('unreachable');
  return {
    ...e,
    data: {
      ...e.data,
      form: {
        ...form({
          participants: 2,
          parent2Name: 'Sam Smith',
          emergencyContact1Name: 'Gran Smith',
          emergencyContact1Phone: '2145550111',
          emergencyContact1Relationship: 'Grandmother',
          specialRequirements: 'Wheelchair access',
        }),
        participantDetails: [
          {
            name: 'Ava Smith',
            age: 8,
            grade: '3rd',
            school: 'Hedgcoxe',
            hasDietaryRestrictions: true,
            dietaryRestrictions: 'Peanuts',
            photographyConsent: true,
            allowNameWithPhoto: true,
            photographyOptOut: false,
          },
          {
            name: 'Ben Smith',
            age: 10,
            grade: '5th',
            school: 'Haggard',
            hasDietaryRestrictions: false,
            dietaryRestrictions: '',
            photographyConsent: false,
            allowNameWithPhoto: false,
            photographyOptOut: true,
          },
        ],
      },
    },
  };
};

const marked = (participant: number, present: boolean): EnrollmentEvent => ({
  type: 'AttendanceMarked',
  data: { enrollmentId: 'e1', workshopId: '6', participant, name: 'x', present, markedAt: AT, session: 1 },
});

const item = (twoChildren() as Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>).data.item;
const transferred: EnrollmentEvent = {
  type: 'EnrollmentTransferred',
  data: {
    enrollmentId: 'e1',
    transferId: 't1',
    fromWorkshopId: '6',
    toWorkshopId: '9',
    fromItem: item,
    item: { ...item, id: '9' },
    amountCents: 26_000,
    refundCents: 4_000,
    transferredAt: AT,
  },
};

/** The workshop's list, which keeps an enrollment that ended (its end names no workshop). */
const listed = { 'workshop:6': { id: 'workshop:6', workshopId: '6', enrollmentIds: ['e1'] } };

const cancelledBy = (reason: 'cancelled-by-admin' | 'payment-failed'): EnrollmentEvent => ({
  type: 'EnrollmentCancelled',
  data: { enrollmentId: 'e1', reason, cancelledAt: AT },
});

describe('roster projector', () => {
  it('given a workshop enrollment submitted, then it is on its workshop’s roster with the family’s contacts and each child’s details, nobody marked', async () => {
    await given(rosterProjector, [on(e1, twoChildren())]).then({
      e1: {
        id: 'e1',
        workshopId: '6',
        seq: 0,
        status: 'pending',
        final: false,
        active: true,
        paymentStatus: 'pending',
        parent: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '2145550100' },
        secondParent: { name: 'Sam Smith', email: '', phone: '' },
        emergencyContacts: [{ name: 'Gran Smith', phone: '2145550111', relationship: 'Grandmother' }],
        specialRequirements: 'Wheelchair access',
        participants: [
          expect.objectContaining({ name: 'Ava Smith', dietaryRestrictions: 'Peanuts' }),
          expect.objectContaining({ name: 'Ben Smith', photographyOptOut: true }),
        ],
        attendance: [null, null],
      },
      'workshop:6': { id: 'workshop:6', workshopId: '6', enrollmentIds: ['e1'] },
    });
  });

  it('given it paid and confirmed, then it is confirmed and paid', async () => {
    await given(rosterProjector, [
      on(e1, twoChildren()),
      on(e1, paid('e1', 30_000)),
      on(e1, confirmed('e1', 30_000)),
    ]).then({
      ...listed,
      e1: expect.objectContaining({ status: 'confirmed', paymentStatus: 'paid', active: true }),
    });
  });

  it('given attendance marked, then the roster holds it per child, and a change of mind replaces it', async () => {
    await given(rosterProjector, [on(e1, twoChildren()), on(e1, marked(1, true), 'admin')]).then({
      ...listed,
      e1: expect.objectContaining({ attendance: [null, true] }),
    });
    await given(rosterProjector, [on(e1, twoChildren()), on(e1, marked(1, true)), on(e1, marked(1, false))]).then({
      ...listed,
      e1: expect.objectContaining({ attendance: [null, false] }),
    });
  });

  it('given the parent corrected a child’s allergy on the booking page, then the roster shows the correction and keeps the marks', async () => {
    const submittedData = (twoChildren() as Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>).data;
    const [ava, ben] = submittedData.form.participantDetails ?? [];
    if (!ava || !ben) throw new Error('unreachable');
    const corrected: EnrollmentEvent = {
      type: 'ParticipantDetailsCorrected',
      data: {
        enrollmentId: 'e1',
        participantDetails: [ava, { ...ben, hasDietaryRestrictions: true, dietaryRestrictions: 'Tree nuts' }],
        attendees: ['Ava Smith', 'Ben Smith'],
        changed: ['1.dietaryRestrictions'],
        correctedAt: AT,
      },
    };
    await given(rosterProjector, [on(e1, twoChildren()), on(e1, marked(0, true)), on(e1, corrected)]).then({
      ...listed,
      e1: expect.objectContaining({
        participants: [
          expect.objectContaining({ name: 'Ava Smith', dietaryRestrictions: 'Peanuts' }),
          expect.objectContaining({ name: 'Ben Smith', dietaryRestrictions: 'Tree nuts' }),
        ],
        attendance: [true, null],
      }),
    });
  });

  it('given a transfer, then the enrollment moves to the new workshop’s roster with nobody marked', async () => {
    await given(rosterProjector, [
      on(e1, twoChildren()),
      on(e1, paid('e1', 30_000)),
      on(e1, confirmed('e1', 30_000)),
      on(e1, marked(0, true)),
      on(e1, transferred),
    ]).then({
      ...listed,
      e1: expect.objectContaining({ workshopId: '9', attendance: [null, null], active: true }),
      'workshop:6': { id: 'workshop:6', workshopId: '6', enrollmentIds: [] },
      'workshop:9': { id: 'workshop:9', workshopId: '9', enrollmentIds: ['e1'] },
    });
  });

  it('given a cancellation or an expiry, then it leaves the roster (kept, inactive)', async () => {
    await given(rosterProjector, [on(e1, twoChildren()), on(e1, cancelledBy('cancelled-by-admin'))]).then({
      ...listed,
      e1: expect.objectContaining({ status: 'cancelled', active: false, final: true }),
    });
    const expired: EnrollmentEvent = {
      type: 'EnrollmentExpired',
      data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT },
    };
    await given(rosterProjector, [on(e1, twoChildren()), on(e1, expired)]).then({
      ...listed,
      e1: expect.objectContaining({ status: 'expired', active: false }),
    });
  });

  it('given an expired hold paid late and confirmed, then it comes back; after a school cancellation a late payment does not', async () => {
    const expired: EnrollmentEvent = {
      type: 'EnrollmentExpired',
      data: { enrollmentId: 'e1', holdExpiresAt: AT, expiredAt: AT },
    };
    await given(rosterProjector, [
      on(e1, twoChildren()),
      on(e1, expired),
      on(e1, paid('e1', 30_000)),
      on(e1, confirmed('e1', 30_000)),
    ]).then({ ...listed, e1: expect.objectContaining({ status: 'confirmed', active: true }) });
    await given(rosterProjector, [
      on(e1, twoChildren()),
      on(e1, cancelledBy('cancelled-by-admin')),
      on(e1, paid('e1', 30_000)),
    ]).then({
      ...listed,
      e1: expect.objectContaining({ status: 'cancelled', active: false }),
    });
  });

  it('given a program or test-page enrollment, then no roster document', async () => {
    await given(rosterProjector, [on(e1, submitted('e1', { kind: 'program' }))]).then({});
  });

  it('given several enrollments in two workshops, then each workshop lists its own, in arrival order', async () => {
    const other = (id: string): EnrollmentEvent => {
      const e = submitted(id);
      if (e.type !== 'EnrollmentSubmitted') throw new Error('unreachable');
      return { ...e, data: { ...e.data, workshopId: '9', item: { ...e.data.item, id: '9' } } };
    };
    await given(rosterProjector, [
      on(e1, twoChildren()),
      on(enrollmentStream('e2'), other('e2')),
      on(enrollmentStream('e3'), submitted('e3')),
    ]).then({
      e1: expect.objectContaining({ workshopId: '6' }),
      e2: expect.objectContaining({ workshopId: '9' }),
      e3: expect.objectContaining({ workshopId: '6' }),
      'workshop:6': { id: 'workshop:6', workshopId: '6', enrollmentIds: ['e1', 'e3'] },
      'workshop:9': { id: 'workshop:9', workshopId: '9', enrollmentIds: ['e2'] },
    });
  });
});
