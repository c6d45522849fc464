import { describe, expect, it } from 'vitest';
import { dashboardProjector } from '../../../projections/admin/dashboard.js';
import { given, on } from '../../support/projection.js';
import { enrollmentStream, paid, submitted } from '../../support/enrollment-events.js';

describe('dashboard projector', () => {
  it('given enrollments, payments, a refund and catalogue changes, then the figures follow', async () => {
    const program = (id: string) => ({ type: 'ProgramPublished', data: { program: { id } } });
    const workshop = (id: string, date: string) => ({ type: 'WorkshopScheduled', data: { workshop: { id, date } } });
    const refund = {
      type: 'RefundIssued',
      data: {
        enrollmentId: 'e2',
        paymentIntentId: 'pi',
        refundId: 're_1',
        amountCents: 15_000,
        reason: 'cancelled',
        refundedAt: '2025-06-02T00:00:00Z',
      },
    };
    await given(dashboardProjector, [
      on('program-1', program('1')),
      on('program-2', program('2')),
      on('program-2', { type: 'ProgramRemoved', data: { programId: '2' } }),
      on('workshop-1', workshop('1', '2025-06-01T10:00:00-05:00')),
      on('workshop-2', workshop('2', '2025-09-01T10:00:00-05:00')),
      on('workshop-2', { type: 'WorkshopUpdated', data: { workshop: { id: '2', date: '2025-10-01T10:00:00-05:00' } } }),
      on(enrollmentStream('e1'), submitted('e1')),
      on(enrollmentStream('e1'), paid('e1', 30_000)),
      on(enrollmentStream('e2'), submitted('e2', { participants: 1 })),
      on(enrollmentStream('e2'), paid('e2', 15_000)),
      on(enrollmentStream('e2'), refund),
      on(enrollmentStream('e3'), submitted('e3', { unitCents: 0 })),
    ]).then({
      summary: {
        enrollments: 3,
        revenueCents: 30_000,
        programs: ['1'],
        workshopDates: { '1': '2025-06-01T10:00:00-05:00', '2': '2025-10-01T10:00:00-05:00' },
      },
    });
  });

  it('given a balance paid twice, when the second payment is recorded overpaid and refunded, then the revenue counts it in and out', async () => {
    const balance = (type: string, amountCents: number) => ({
      type,
      data: {
        enrollmentId: 'e1',
        paymentIntentId: `pi_${type}`,
        amountCents,
        providerEventId: null,
        source: 'webhook',
        paidAt: '2025-06-02T00:00:00Z',
      },
    });
    await given(dashboardProjector, [
      on(enrollmentStream('e1'), submitted('e1')),
      on(enrollmentStream('e1'), paid('e1', 10_000)),
      on(enrollmentStream('e1'), balance('BalancePaid', 20_000)),
      on(enrollmentStream('e1'), balance('BalanceOverpaid', 20_000)),
      on(enrollmentStream('e1'), {
        type: 'RefundIssued',
        data: {
          enrollmentId: 'e1',
          paymentIntentId: 'pi_BalanceOverpaid',
          refundId: 're_2',
          amountCents: 20_000,
          reason: 'overpaid',
          refundedAt: '2025-06-02T00:00:00Z',
        },
      }),
    ]).then({ summary: expect.objectContaining({ revenueCents: 30_000 }) });
  });

  it('given a class paid and two appointments paid, one of them cancelled and refunded, when projected, then the revenue counts the appointments’ card money in and out with the class’s (issue 38 item 8)', async () => {
    const appointment = (id: string, type: string, amountCents: number) => ({
      type,
      data: {
        appointmentId: id,
        paymentIntentId: `pi_${id}`,
        amountCents,
        ...(type === 'AppointmentPaid'
          ? { providerEventId: null, source: 'webhook', paidAt: '2025-06-02T00:00:00Z' }
          : { refundId: `re_${id}`, reason: 'cancelled', refundedAt: '2025-06-03T00:00:00Z' }),
      },
    });
    await given(dashboardProjector, [
      on(enrollmentStream('e1'), submitted('e1')),
      on(enrollmentStream('e1'), paid('e1', 10_000)),
      on('appointment-a1', appointment('a1', 'AppointmentPaid', 25_000)),
      on('appointment-a2', appointment('a2', 'AppointmentPaid', 40_000)),
      on('appointment-a2', appointment('a2', 'AppointmentRefunded', 40_000)),
    ]).then({ summary: expect.objectContaining({ enrollments: 1, revenueCents: 35_000 }) });
  });
});
