import { describe, expect, it } from 'vitest';
import { revenueLedgerProjector } from '../../../projections/reports/revenue-ledger.js';
import { sharesOf } from '../../../projections/reports/ledger-lines.js';
import { given, on } from '../../support/projection.js';
import { enrollmentStream, paid, submitted } from '../../support/enrollment-events.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';

const session = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });

/** `submitted` with its item's sessions, workshop and category as given. */
function course(
  id: string,
  o: { workshopId?: string; sessions?: { startsAt: string; endsAt: string }[]; category?: string } = {},
): EnrollmentEvent {
  const e = submitted(id);
  if (e.type !== 'EnrollmentSubmitted') throw new Error('submitted');
  const workshopId = o.workshopId ?? '6';
  const item = {
    ...e.data.item,
    id: workshopId,
    category: o.category ?? 'adult',
    ...(o.sessions ? { sessions: o.sessions } : {}),
  };
  return { type: 'EnrollmentSubmitted', data: { ...e.data, workshopId, item } };
}
const paidOn = (id: string, cents: number, at: string): EnrollmentEvent => {
  const e = paid(id, cents);
  return { type: 'PaymentSucceeded', data: { ...(e.data as object), succeededAt: at } } as EnrollmentEvent;
};
const confirmedOn = (id: string, at: string, parts: { giftCard?: number; credit?: number } = {}) => ({
  type: 'EnrollmentConfirmed',
  data: {
    enrollmentId: id,
    orderId: `ORD-${id}`,
    orderReference: 'GL-123456',
    paymentMethod: 'Credit Card',
    amountCents: 0,
    paymentIntentId: `pi_${id}`,
    confirmedAt: at,
    ...(parts.giftCard ? { paidByGiftCardCents: parts.giftCard } : {}),
    ...(parts.credit ? { paidByCreditCents: parts.credit } : {}),
  },
});
const refundedOn = (id: string, cents: number, at: string, route: { source?: string; to?: string } = {}) => ({
  type: 'RefundIssued',
  data: {
    enrollmentId: id,
    paymentIntentId: `pi_${id}`,
    refundId: `re_${id}`,
    amountCents: cents,
    reason: 'cancelled',
    refundedAt: at,
    ...route,
  },
});
const item = (workshopId: string, category = 'adult') => ({
  kind: 'workshop',
  workshopId,
  programId: null,
  category,
  location: 'Legacy Commons, Plano',
});
const line = (
  day: string,
  kind: string,
  source: string,
  cents: number,
  extra: { to?: string; item?: number } = {},
) => ({
  day,
  kind,
  source,
  ...(extra.to ? { to: extra.to } : {}),
  cents,
  item: extra.item ?? 0,
});

describe('revenue ledger projector', () => {
  it('given a payment in June and a refund in August after the workshop was held, when projected, then June books it, July recognizes it and August takes part of it back', async () => {
    await given(revenueLedgerProjector, [
      on(enrollmentStream('e1'), submitted('e1')),
      on(enrollmentStream('e1'), paidOn('e1', 30_000, '2025-06-01T15:05:00.000Z')),
      on(enrollmentStream('e1'), refundedOn('e1', 10_000, '2025-08-02T15:00:00.000Z')),
    ]).then({
      'enrollment-e1': {
        kind: 'enrollment',
        items: [item('6')],
        sessionDays: ['2025-07-19'],
        lines: [
          line('2025-06-01', 'booked', 'card', 30_000),
          line('2025-07-19', 'recognized', 'card', 30_000),
          line('2025-08-02', 'recognized', 'card', -10_000),
          line('2025-08-02', 'refunded', 'card', 10_000, { to: 'card' }),
        ],
      },
    });
  });

  it('given a gift card sold in May and spent in June, when projected, then May holds the sale and June books the gift card money', async () => {
    const giftCardId = 'gc_0123456789abcdef';
    await given(revenueLedgerProjector, [
      on(`gift-card-${giftCardId}`, {
        type: 'GiftCardPaid',
        data: {
          giftCardId,
          paymentIntentId: 'pi_gc',
          amountCents: 5_000,
          providerEventId: null,
          source: 'webhook',
          paidAt: '2025-05-20T16:00:00.000Z',
        },
      }),
      on(enrollmentStream('e1'), submitted('e1')),
      on(enrollmentStream('e1'), paidOn('e1', 25_000, '2025-06-01T15:05:00.000Z')),
      on(enrollmentStream('e1'), confirmedOn('e1', '2025-06-01T15:05:01.000Z', { giftCard: 5_000 })),
    ]).then({
      [`gift-card-${giftCardId}`]: { kind: 'gift-card', sold: [{ day: '2025-05-20', cents: 5_000 }] },
      'enrollment-e1': expect.objectContaining({
        lines: [
          line('2025-06-01', 'booked', 'card', 25_000),
          line('2025-06-01', 'booked', 'gift-card', 5_000),
          line('2025-07-19', 'recognized', 'card', 25_000),
          line('2025-07-19', 'recognized', 'gift-card', 5_000),
        ],
      }),
    });
  });

  it('given a four-session course from June 30 to July 21, when paid, then each session is recognized its share on its day on the school calendar', async () => {
    // The first session starts at 7 PM in Plano on June 30: already July 1 in UTC, still June at the school.
    const sessions = ['06-30', '07-07', '07-14', '07-21'].map((d) =>
      session(`2025-${d}T19:00:00-05:00`, `2025-${d}T20:00:00-05:00`),
    );
    await given(revenueLedgerProjector, [
      on(enrollmentStream('e1'), course('e1', { sessions })),
      on(enrollmentStream('e1'), paidOn('e1', 10_001, '2025-06-01T15:05:00.000Z')),
    ]).then({
      'enrollment-e1': expect.objectContaining({
        sessionDays: ['2025-06-30', '2025-07-07', '2025-07-14', '2025-07-21'],
        lines: [
          line('2025-06-01', 'booked', 'card', 10_001),
          line('2025-06-30', 'recognized', 'card', 2_500),
          line('2025-07-07', 'recognized', 'card', 2_500),
          line('2025-07-14', 'recognized', 'card', 2_500),
          line('2025-07-21', 'recognized', 'card', 2_501),
        ],
      }),
    });
  });

  it('given a course paid, then a refund after its second session, when projected, then the held sessions are reduced on the refund day and the later ones on theirs', async () => {
    const sessions = ['06-02', '06-09', '06-16', '06-23'].map((d) =>
      session(`2025-${d}T10:00:00-05:00`, `2025-${d}T11:00:00-05:00`),
    );
    await given(revenueLedgerProjector, [
      on(enrollmentStream('e1'), course('e1', { sessions })),
      on(enrollmentStream('e1'), paidOn('e1', 40_000, '2025-06-01T15:05:00.000Z')),
      on(enrollmentStream('e1'), refundedOn('e1', 20_000, '2025-06-10T15:00:00.000Z', { to: 'credit' })),
    ]).then({
      'enrollment-e1': expect.objectContaining({
        lines: [
          line('2025-06-01', 'booked', 'card', 40_000),
          line('2025-06-02', 'recognized', 'card', 10_000),
          line('2025-06-09', 'recognized', 'card', 10_000),
          line('2025-06-10', 'recognized', 'card', -10_000),
          line('2025-06-10', 'refunded', 'card', 20_000, { to: 'credit' }),
          line('2025-06-16', 'recognized', 'card', 5_000),
          line('2025-06-23', 'recognized', 'card', 5_000),
        ],
      }),
    });
  });

  it('given a booking transferred to another program’s course before it began, when projected, then what was not yet recognized moves to the new sessions with the new item', async () => {
    const from = course('e1', { workshopId: 'w-a', category: 'children' });
    if (from.type !== 'EnrollmentSubmitted') throw new Error('submitted');
    const target = {
      ...from.data.item,
      id: 'w-b',
      category: 'teens',
      sessions: ['08-04', '09-01'].map((d) => session(`2025-${d}T10:00:00-05:00`, `2025-${d}T11:00:00-05:00`)),
    };
    await given(revenueLedgerProjector, [
      on('workshop-w-a', { type: 'WorkshopScheduled', data: { workshop: { id: 'w-a', title: 'A', programId: 'p1' } } }),
      on('workshop-w-b', { type: 'WorkshopScheduled', data: { workshop: { id: 'w-b', title: 'B', programId: 'p2' } } }),
      on(enrollmentStream('e1'), from),
      on(enrollmentStream('e1'), paidOn('e1', 30_001, '2025-06-01T15:05:00.000Z')),
      on(enrollmentStream('e1'), {
        type: 'EnrollmentTransferred',
        data: {
          enrollmentId: 'e1',
          transferId: 't1',
          fromWorkshopId: 'w-a',
          toWorkshopId: 'w-b',
          fromItem: from.data.item,
          item: target,
          amountCents: 30_001,
          refundCents: 0,
          transferredAt: '2025-06-20T15:00:00.000Z',
        },
      }),
    ]).then({
      'workshop-w-a': { kind: 'workshop', programId: 'p1', title: 'A' },
      'workshop-w-b': { kind: 'workshop', programId: 'p2', title: 'B' },
      'enrollment-e1': {
        kind: 'enrollment',
        items: [item('w-a', 'children'), item('w-b', 'teens')],
        sessionDays: ['2025-08-04', '2025-09-01'],
        lines: [
          line('2025-06-01', 'booked', 'card', 30_001),
          line('2025-08-04', 'recognized', 'card', 15_000, { item: 1 }),
          line('2025-09-01', 'recognized', 'card', 15_001, { item: 1 }),
        ],
      },
    });
  });

  it('given a family whose personal data was erased, when projected, then its money is counted as before and no document holds a name or an address', async () => {
    const e = submitted('e1');
    if (e.type !== 'EnrollmentSubmitted') throw new Error('submitted');
    const erased: EnrollmentEvent = {
      type: 'EnrollmentSubmitted',
      data: {
        ...e.data,
        form: { ...e.data.form, firstName: 'Erased', lastName: 'Erased', email: 'Erased', phone: 'Erased' },
        attendees: ['Erased'],
      },
    };
    const events = (first: EnrollmentEvent) => [
      on(enrollmentStream('e1'), first),
      on(enrollmentStream('e1'), paidOn('e1', 30_000, '2025-06-01T15:05:00.000Z')),
    ];
    const counted = {
      'enrollment-e1': expect.objectContaining({
        lines: [line('2025-06-01', 'booked', 'card', 30_000), line('2025-07-19', 'recognized', 'card', 30_000)],
      }),
    };
    await given(revenueLedgerProjector, events(erased)).then(counted);
    await given(revenueLedgerProjector, events(e)).then(counted);
    // And the clear one's document carries none of the form's words.
    const { MemoryReadStore } = await import('../../../platform/readstore/memory.js');
    const { projectBatch } = await import('../../../platform/processor/project-batch.js');
    const { record } = await import('../../support/projection.js');
    const store = new MemoryReadStore();
    await store.write(await projectBatch(revenueLedgerProjector, record(events(e)), store));
    const doc = JSON.stringify((await store.get('revenue-ledger', 'enrollment-e1'))?.doc);
    for (const personal of ['Ada', 'Lovelace', 'ada@example.com', '2145550100']) expect(doc).not.toContain(personal);
  });

  it('given any amount and number of sessions, then the shares add up to it and a refund splits as its mirror', () => {
    for (const [cents, n] of [
      [10_001, 4],
      [1, 3],
      [99_999, 7],
      [0, 2],
    ] as const) {
      expect(sharesOf(cents, n).reduce((a, b) => a + b, 0)).toBe(cents);
      expect(sharesOf(-cents, n)).toEqual(sharesOf(cents, n).map((s) => -s || 0));
    }
  });
});

/** A day's line of the rollup (record 140): a booking line with its item spelled out. */
const dayLine = (kind: string, source: string, cents: number, o: { to?: string; workshopId?: string } = {}) => ({
  kind,
  source,
  ...(o.to ? { to: o.to } : {}),
  cents,
  item: item(o.workshopId ?? '6'),
});
const index = (firstDay: string) => ({ kind: 'index', firstDay, workshops: {}, programs: {} });
const dayDoc = (day: string, lines: unknown[], giftCardsSoldCents = 0) => ({
  kind: 'day',
  day,
  lines,
  giftCardsSoldCents,
});

describe('revenue ledger day rollups (record 140)', () => {
  it('given two bookings of one class paid the same day and one refunded in August, when projected, then each day holds the sum of both bookings’ lines', async () => {
    await given(revenueLedgerProjector, [
      on(enrollmentStream('e1'), submitted('e1')),
      on(enrollmentStream('e2'), submitted('e2')),
      on(enrollmentStream('e1'), paidOn('e1', 30_000, '2025-06-01T15:05:00.000Z')),
      on(enrollmentStream('e2'), paidOn('e2', 20_000, '2025-06-01T18:00:00.000Z')),
      on(enrollmentStream('e1'), refundedOn('e1', 10_000, '2025-08-02T15:00:00.000Z')),
    ]).thenRollups({
      index: index('2025-06-01'),
      'day-2025-06-01': dayDoc('2025-06-01', [dayLine('booked', 'card', 50_000)]),
      'day-2025-07-19': dayDoc('2025-07-19', [dayLine('recognized', 'card', 50_000)]),
      'day-2025-08-02': dayDoc('2025-08-02', [
        dayLine('recognized', 'card', -10_000),
        dayLine('refunded', 'card', 10_000, { to: 'card' }),
      ]),
    });
  });

  it('given a gift card sold in May and spent in June, when projected, then May’s day holds the sale and June’s the gift card money booked', async () => {
    const giftCardId = 'gc_0123456789abcdef';
    await given(revenueLedgerProjector, [
      on(`gift-card-${giftCardId}`, {
        type: 'GiftCardPaid',
        data: {
          giftCardId,
          paymentIntentId: 'pi_gc',
          amountCents: 5_000,
          providerEventId: null,
          source: 'webhook',
          paidAt: '2025-05-20T16:00:00.000Z',
        },
      }),
      on(enrollmentStream('e1'), submitted('e1')),
      on(enrollmentStream('e1'), paidOn('e1', 25_000, '2025-06-01T15:05:00.000Z')),
      on(enrollmentStream('e1'), confirmedOn('e1', '2025-06-01T15:05:01.000Z', { giftCard: 5_000 })),
    ]).thenRollups({
      index: index('2025-05-20'),
      'day-2025-05-20': dayDoc('2025-05-20', [], 5_000),
      'day-2025-06-01': dayDoc('2025-06-01', [
        dayLine('booked', 'card', 25_000),
        dayLine('booked', 'gift-card', 5_000),
      ]),
      'day-2025-07-19': dayDoc('2025-07-19', [
        dayLine('recognized', 'card', 25_000),
        dayLine('recognized', 'gift-card', 5_000),
      ]),
    });
  });

  it('given a booking transferred to another course before it began, when projected, then its recognition leaves the old session’s day and lands on the new ones with the new class', async () => {
    const from = course('e1', { workshopId: 'w-a' });
    if (from.type !== 'EnrollmentSubmitted') throw new Error('submitted');
    const target = {
      ...from.data.item,
      id: 'w-b',
      sessions: ['08-04', '09-01'].map((d) => session(`2025-${d}T10:00:00-05:00`, `2025-${d}T11:00:00-05:00`)),
    };
    await given(revenueLedgerProjector, [
      on(enrollmentStream('e1'), from),
      on(enrollmentStream('e1'), paidOn('e1', 30_001, '2025-06-01T15:05:00.000Z')),
      on(enrollmentStream('e1'), {
        type: 'EnrollmentTransferred',
        data: {
          enrollmentId: 'e1',
          transferId: 't1',
          fromWorkshopId: 'w-a',
          toWorkshopId: 'w-b',
          fromItem: from.data.item,
          item: target,
          amountCents: 30_001,
          refundCents: 0,
          transferredAt: '2025-06-20T15:00:00.000Z',
        },
      }),
    ]).thenRollups({
      index: index('2025-06-01'),
      'day-2025-06-01': dayDoc('2025-06-01', [dayLine('booked', 'card', 30_001, { workshopId: 'w-a' })]),
      'day-2025-07-19': dayDoc('2025-07-19', []),
      'day-2025-08-04': dayDoc('2025-08-04', [dayLine('recognized', 'card', 15_000, { workshopId: 'w-b' })]),
      'day-2025-09-01': dayDoc('2025-09-01', [dayLine('recognized', 'card', 15_001, { workshopId: 'w-b' })]),
    });
  });

  it('given a workshop scheduled in a program at a location, then renamed, and a program published, when projected, then the index holds their labels as they are now', async () => {
    await given(revenueLedgerProjector, [
      on('program-p1', { type: 'ProgramPublished', data: { program: { id: 'p1', title: 'Manners' } } }),
      on('workshop-w1', {
        type: 'WorkshopScheduled',
        data: { workshop: { id: 'w1', title: 'Old', programId: 'p1', locationId: 'plano' } },
      }),
      on('workshop-w1', {
        type: 'WorkshopUpdated',
        data: { workshop: { id: 'w1', title: 'New', programId: 'p1', locationId: 'plano' } },
      }),
    ]).thenRollups({
      index: {
        kind: 'index',
        firstDay: null,
        workshops: { w1: { kind: 'workshop', programId: 'p1', title: 'New', locationId: 'plano' } },
        programs: { p1: { kind: 'program', title: 'Manners' } },
      },
    });
  });

  it('given a program published, its income account set in Settings, then the program renamed, when projected, then the index holds the new title with the account', async () => {
    await given(revenueLedgerProjector, [
      on('program-p1', { type: 'ProgramPublished', data: { program: { id: 'p1', title: 'Manners' } } }),
      on('program-income-account-p1', {
        type: 'ProgramIncomeAccountChanged',
        data: {
          programId: 'p1',
          account: 'Cotillion Tuition',
          previousAccount: null,
          code: '4100',
          changedAt: '2025-06-01T15:00:00.000Z',
        },
      }),
      on('program-p1', { type: 'ProgramUpdated', data: { program: { id: 'p1', title: 'Manners for Teens' } } }),
    ]).thenRollups({
      index: {
        kind: 'index',
        firstDay: null,
        workshops: {},
        programs: {
          p1: {
            kind: 'program',
            title: 'Manners for Teens',
            incomeAccount: { name: 'Cotillion Tuition', code: '4100' },
          },
        },
      },
    });
  });

  it('given a program’s income account set, then cleared, when projected, then the index holds the program without one (its category’s default)', async () => {
    await given(revenueLedgerProjector, [
      on('program-p1', { type: 'ProgramPublished', data: { program: { id: 'p1', title: 'Manners' } } }),
      on('program-income-account-p1', {
        type: 'ProgramIncomeAccountChanged',
        data: {
          programId: 'p1',
          account: 'Cotillion Tuition',
          previousAccount: null,
          changedAt: '2025-06-01T15:00:00.000Z',
        },
      }),
      on('program-income-account-p1', {
        type: 'ProgramIncomeAccountChanged',
        data: {
          programId: 'p1',
          account: null,
          previousAccount: 'Cotillion Tuition',
          changedAt: '2025-06-02T15:00:00.000Z',
        },
      }),
    ]).thenRollups({
      index: { kind: 'index', firstDay: null, workshops: {}, programs: { p1: { kind: 'program', title: 'Manners' } } },
    });
  });

  it('given a batch replayed over the documents it already wrote, when projected again, then no day counts anything twice', async () => {
    const { MemoryReadStore } = await import('../../../platform/readstore/memory.js');
    const { projectBatch } = await import('../../../platform/processor/project-batch.js');
    const { record } = await import('../../support/projection.js');
    const events = record([
      on(enrollmentStream('e1'), submitted('e1')),
      on(enrollmentStream('e1'), paidOn('e1', 30_000, '2025-06-01T15:05:00.000Z')),
    ]);
    const store = new MemoryReadStore();
    await store.write(await projectBatch(revenueLedgerProjector, events, store));
    await store.write(await projectBatch(revenueLedgerProjector, events, store));
    expect((await store.get('revenue-ledger', 'day-2025-06-01'))?.doc).toEqual(
      dayDoc('2025-06-01', [dayLine('booked', 'card', 30_000)]),
    );
  });
});
