import { describe, it } from 'vitest';
import { revenueLedgerProjector } from '../../../projections/reports/revenue-ledger.js';
import { given, on } from '../../support/projection.js';

const stream = 'appointment-ap1';
const requested = (kind: 'lesson' | 'party', startsAt: string, programId?: string) => ({
  type: 'AppointmentRequested',
  data: {
    appointmentId: 'ap1',
    typeId: 't1',
    kind,
    ...(programId ? { programId } : {}),
    instructorId: 'i1',
    startsAt,
    endsAt: startsAt,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '2145550100',
    participantName: 'Ada',
    amountCents: 25_000,
    dueNowCents: 25_000,
    holdExpiresAt: '2025-06-01T15:15:00.000Z',
    paymentIntentId: 'pi_1',
    requestedAt: '2025-06-01T15:00:00.000Z',
  },
});
const paid = {
  type: 'AppointmentPaid',
  data: {
    appointmentId: 'ap1',
    paymentIntentId: 'pi_1',
    amountCents: 25_000,
    providerEventId: 'evt_1',
    source: 'webhook',
    paidAt: '2025-06-01T15:05:00.000Z',
  },
};
const confirmed = {
  type: 'AppointmentConfirmed',
  data: { appointmentId: 'ap1', paymentIntentId: 'pi_1', confirmedAt: '2025-06-01T15:05:00.000Z' },
};
const lesson = { kind: 'program', workshopId: null, programId: null, category: 'private-lesson', location: '' };
const line = (day: string, kind: string, cents: number, item: number, to?: string) => ({
  day,
  kind,
  source: 'card',
  ...(to ? { to } : {}),
  cents,
  item,
});

describe('revenue ledger projector: a private lesson or party (issue 38 item 8, record 121)', () => {
  it('given a lesson paid, rescheduled, then cancelled with a refund, when projected, then its card money is booked once, recognized on the lesson’s day and refunded', async () => {
    await given(revenueLedgerProjector, [
      on(stream, requested('lesson', '2025-06-10T15:00:00-05:00')),
      on(stream, paid),
      on(stream, confirmed),
      on(stream, {
        type: 'AppointmentRescheduled',
        data: {
          appointmentId: 'ap1',
          moveId: 'm1',
          from: { startsAt: '2025-06-10T15:00:00-05:00', endsAt: '2025-06-10T16:00:00-05:00' },
          startsAt: '2025-06-12T15:00:00-05:00',
          endsAt: '2025-06-12T16:00:00-05:00',
          by: 'parent',
          rescheduledAt: '2025-06-02T15:00:00.000Z',
        },
      }),
      on(stream, {
        type: 'AppointmentCancelled',
        data: { appointmentId: 'ap1', by: 'parent', refundCents: 25_000, cancelledAt: '2025-06-03T15:00:00.000Z' },
      }),
      on(stream, {
        type: 'AppointmentRefunded',
        data: {
          appointmentId: 'ap1',
          paymentIntentId: 'pi_1',
          refundId: 're_1',
          amountCents: 25_000,
          reason: 'cancelled',
          refundedAt: '2025-06-03T15:00:00.000Z',
        },
      }),
    ]).then({
      'appointment-ap1': {
        kind: 'appointment',
        items: [lesson, lesson],
        sessionDays: ['2025-06-12'],
        lines: [line('2025-06-01', 'booked', 25_000, 0), line('2025-06-03', 'refunded', 25_000, 1, 'card')],
      },
    });
  });

  it('given a party paid, when projected, then the day documents hold its money booked on the day paid and recognized on the party’s day, as a tea party of its type’s program', async () => {
    const party = { ...lesson, programId: 'tea-party-program', category: 'tea-party' };
    await given(revenueLedgerProjector, [
      on(stream, requested('party', '2025-06-14T14:00:00-05:00', 'tea-party-program')),
      on(stream, paid),
      on(stream, confirmed),
    ]).thenRollups({
      index: { kind: 'index', firstDay: '2025-06-01', workshops: {}, programs: {} },
      'day-2025-06-01': {
        kind: 'day',
        day: '2025-06-01',
        lines: [{ kind: 'booked', source: 'card', cents: 25_000, item: party }],
        giftCardsSoldCents: 0,
      },
      'day-2025-06-14': {
        kind: 'day',
        day: '2025-06-14',
        lines: [{ kind: 'recognized', source: 'card', cents: 25_000, item: party }],
        giftCardsSoldCents: 0,
      },
    });
  });
});
