import { describe, expect, it } from 'vitest';
import type { Projector } from '../../../platform/processor/projector.js';
import type { DocValue } from '../../../platform/readstore/port.js';
import { enrollmentsProjector } from '../../../projections/admin/enrollments.js';
import { enrollmentHistoryProjector } from '../../../projections/admin/enrollment-history.js';
import { dashboardProjector } from '../../../projections/admin/dashboard.js';
import type { RecordedEvent } from '../../../platform/eventstore/port.js';
import { confirmed, enrollmentStream, eventFeed, paid, submitted } from '../../support/enrollment-events.js';

/** Folds events into the one document they key, skipping events that key another, as the runner would. */
function fold<D extends DocValue>(projector: Projector<D>, id: string, events: RecordedEvent[]): D | null {
  return events.reduce<D | null>((doc, e) => {
    if (!projector.eventTypes.includes(e.type) || !projector.keys(e).includes(id)) return doc;
    const next = projector.project(doc, e, id);
    return next === undefined ? doc : next;
  }, null);
}

describe('enrollments (tracker) projector', () => {
  it('given a paid workshop enrollment, then the row is completed and paid, in dollars', () => {
    const at = eventFeed();
    const s = enrollmentStream('e1');
    const row = fold(enrollmentsProjector, 'e1', [at(s, submitted('e1')), at(s, paid('e1', 30_000), 'provider'), at(s, confirmed('e1', 30_000), 'system')]);
    expect(row).toMatchObject({
      id: 'e1',
      workshopId: '6',
      workshop: { title: 'Etiquette After Dark - Dinner', location: 'Legacy Commons, Plano', date: '2025-07-19T19:00:00-05:00' },
      program: null,
      firstName: 'Ada',
      email: 'ada@example.com',
      status: 'completed',
      paymentStatus: 'paid',
      amount: 300,
      workshopTitle: 'Etiquette After Dark - Dinner',
      programTitle: '',
    });
  });

  it('given a free enrollment, then the payment shows free', () => {
    const at = eventFeed();
    const s = enrollmentStream('f1');
    const row = fold(enrollmentsProjector, 'f1', [at(s, submitted('f1', { unitCents: 0 })), at(s, confirmed('f1', 0))]);
    expect(row).toMatchObject({ status: 'completed', paymentStatus: 'free', amount: 0 });
  });

  it('given an unpaid enrollment whose hold lapsed, then it is expired and unpaid', () => {
    const at = eventFeed();
    const s = enrollmentStream('x1');
    const expired = { type: 'EnrollmentExpired', data: { enrollmentId: 'x1', holdExpiresAt: '2025-06-01T15:30:00.000Z', expiredAt: '2025-06-01T15:30:01.000Z' } };
    expect(fold(enrollmentsProjector, 'x1', [at(s, submitted('x1')), at(s, expired, 'system')])).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
  });

  it('given a program enrollment, then the program title is set and the workshop is null', () => {
    const at = eventFeed();
    const row = fold(enrollmentsProjector, 'p1', [at(enrollmentStream('p1'), submitted('p1', { kind: 'program', title: 'Etiquette for Tweens & Teens' }))]);
    expect(row).toMatchObject({ workshopId: null, workshop: null, program: { title: 'Etiquette for Tweens & Teens' }, programTitle: 'Etiquette for Tweens & Teens' });
  });
});

describe('enrollment-history projector', () => {
  it('given the events of a stream, then the trail lists each in order with time, actor and a sentence without names', () => {
    const at = eventFeed();
    const s = enrollmentStream('e1');
    const events = [at(s, submitted('e1'), 'visitor', '2025-06-01T15:00:00.000Z'), at(s, paid('e1', 30_000), 'provider', '2025-06-01T15:05:00.000Z'), at(s, confirmed('e1', 30_000), 'system', '2025-06-01T15:05:01.000Z')];
    const trail = fold(enrollmentHistoryProjector, 'e1', events)!;
    expect(trail.events.map((e) => [e.type, e.actor, e.at])).toEqual([
      ['EnrollmentSubmitted', 'visitor', '2025-06-01T15:00:00.000Z'],
      ['PaymentSucceeded', 'provider', '2025-06-01T15:05:00.000Z'],
      ['EnrollmentConfirmed', 'system', '2025-06-01T15:05:01.000Z'],
    ]);
    expect(trail.events[0]!.summary).toBe('Enrollment submitted for workshop "Etiquette After Dark - Dinner": 2 participants, $300.00 due; seats held until 2025-06-01T15:30:00.000Z.');
    expect(JSON.stringify(trail)).not.toMatch(/Ada|Lovelace|ada@example/);
  });

  it('given an event seen twice (a replay), then it is listed once', () => {
    const at = eventFeed();
    const first = at(enrollmentStream('e1'), submitted('e1'));
    const once = enrollmentHistoryProjector.project(null, first, 'e1')!;
    expect(enrollmentHistoryProjector.project(once, first, 'e1')).toBeUndefined();
  });

  it('given an event of another stream, then it keys no enrollment', () => {
    const at = eventFeed();
    expect(enrollmentHistoryProjector.keys(at('workshop-6', { type: 'SeatsReserved', data: {} }))).toEqual([]);
  });
});

describe('dashboard projector', () => {
  it('given enrollments, payments, a refund and catalogue changes, then the figures follow', () => {
    const at = eventFeed();
    const program = (id: string) => ({ type: 'ProgramPublished', data: { program: { id } } });
    const workshop = (id: string, date: string) => ({ type: 'WorkshopScheduled', data: { workshop: { id, date } } });
    const refund = { type: 'RefundIssued', data: { enrollmentId: 'e2', paymentIntentId: 'pi', refundId: 're_1', amountCents: 15_000, reason: 'cancelled', refundedAt: '2025-06-02T00:00:00Z' } };
    const doc = fold(dashboardProjector, 'summary', [
      at('program-1', program('1')),
      at('program-2', program('2')),
      at('program-2', { type: 'ProgramRemoved', data: { programId: '2' } }),
      at('workshop-1', workshop('1', '2025-06-01T10:00:00-05:00')),
      at('workshop-2', workshop('2', '2025-09-01T10:00:00-05:00')),
      at('workshop-2', { type: 'WorkshopUpdated', data: { workshop: { id: '2', date: '2025-10-01T10:00:00-05:00' } } }),
      at(enrollmentStream('e1'), submitted('e1')),
      at(enrollmentStream('e1'), paid('e1', 30_000)),
      at(enrollmentStream('e2'), submitted('e2', { participants: 1 })),
      at(enrollmentStream('e2'), paid('e2', 15_000)),
      at(enrollmentStream('e2'), refund),
      at(enrollmentStream('e3'), submitted('e3', { unitCents: 0 })),
    ]);
    expect(doc).toEqual({
      enrollments: 3,
      revenueCents: 30_000,
      programs: ['1'],
      workshopDates: { '1': '2025-06-01T10:00:00-05:00', '2': '2025-10-01T10:00:00-05:00' },
    });
  });
});
