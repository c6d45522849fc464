import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import { installmentPlanDecider } from '../../../service/enrollment/installments/plan-decider.js';
import type { InstallmentPlanEvent } from '../../../contracts/enrollment/installment-plan.js';

const spec = deciderSpec(installmentPlanDecider);
const card = { customerId: 'cus_1', paymentMethodId: 'pm_1' };
const started: InstallmentPlanEvent = {
  type: 'InstallmentPlanStarted',
  data: {
    enrollmentId: 'e1',
    installments: [
      { n: 1, amountCents: 10_001, dueAt: '2025-05-01T15:00:00.000Z' },
      { n: 2, amountCents: 10_000, dueAt: '2025-06-01T15:00:00.000Z' },
      { n: 3, amountCents: 10_000, dueAt: '2025-07-01T15:00:00.000Z' },
    ],
    savedCard: card,
    firstPaymentIntentId: 'pi_first',
    startedAt: '2025-05-01T15:00:00.000Z',
  },
};
const chargeStarted = (n: number, attempt: number): InstallmentPlanEvent => ({
  type: 'InstallmentChargeStarted',
  data: {
    enrollmentId: 'e1',
    n,
    attempt,
    amountCents: 10_000,
    idempotencyKey: `installment-e1-${n}-${attempt}`,
    startedAt: '2025-06-01T15:00:00.000Z',
  },
});
const declined = (n: number, attempt: number, nextAttemptAt: string | null): InstallmentPlanEvent => ({
  type: 'InstallmentChargeFailed',
  data: {
    enrollmentId: 'e1',
    n,
    attempt,
    paymentIntentId: `pi_${n}_${attempt}`,
    code: 'card_declined',
    reason: 'Your card was declined.',
    failedAt: '2025-06-01T15:00:00.000Z',
    nextAttemptAt,
  },
});
const record = (n: number, attempt: number, paid: boolean) => ({
  type: 'RecordCharge' as const,
  n,
  attempt,
  paymentIntentId: `pi_${n}_${attempt}`,
  amountCents: 10_000,
  outcome: paid ? ({ paid: true } as const) : ({ paid: false, code: 'card_declined', reason: 'Declined.' } as const),
  at: '2025-06-01T15:00:01.000Z',
});

describe('the instalment plan decider (issue 43)', () => {
  it('given a plan, when its second instalment is charged before its date, then nothing; on its date, the first attempt under its key', () => {
    spec([started]).when({ type: 'StartCharge', n: 2, at: '2025-05-31T15:00:00.000Z' }).then([]);
    spec([started])
      .when({ type: 'StartCharge', n: 2, at: '2025-06-01T15:00:00.000Z' })
      .then([chargeStarted(2, 1)].map((e) => ({ ...e, data: { ...e.data, startedAt: '2025-06-01T15:00:00.000Z' } })));
  });

  it('given an attempt under way, when another runner starts the same instalment, then nothing new: it asks with the same key', () => {
    spec([started, chargeStarted(2, 1)])
      .when({ type: 'StartCharge', n: 2, at: '2025-06-01T15:00:05.000Z' })
      .then([]);
  });

  it('given the first instalment paid by the checkout, when it is charged, then nothing', () => {
    spec([started]).when({ type: 'StartCharge', n: 1, at: '2025-06-01T15:00:00.000Z' }).then([]);
  });

  it('given an attempt paid, when its answer is recorded twice, then one InstallmentPaid', () => {
    const paid: InstallmentPlanEvent = {
      type: 'InstallmentPaid',
      data: {
        enrollmentId: 'e1',
        n: 2,
        attempt: 1,
        amountCents: 10_000,
        paymentIntentId: 'pi_2_1',
        paidAt: '2025-06-01T15:00:01.000Z',
      },
    };
    spec([started, chargeStarted(2, 1)])
      .when(record(2, 1, true))
      .then([paid]);
    spec([started, chargeStarted(2, 1), paid])
      .when(record(2, 1, true))
      .then([]);
  });

  it('given declines, then the next try is 3 days after the date, then 7, then none', () => {
    spec([started, chargeStarted(2, 1)])
      .when(record(2, 1, false))
      .then([
        expect.objectContaining({ data: expect.objectContaining({ nextAttemptAt: '2025-06-04T15:00:00.000Z' }) }),
      ]);
    spec([started, chargeStarted(2, 1), declined(2, 1, '2025-06-04T15:00:00.000Z'), chargeStarted(2, 2)])
      .when(record(2, 2, false))
      .then([
        expect.objectContaining({
          data: expect.objectContaining({ attempt: 2, nextAttemptAt: '2025-06-08T15:00:00.000Z' }),
        }),
      ]);
    const third = [
      started,
      chargeStarted(2, 1),
      declined(2, 1, '2025-06-04T15:00:00.000Z'),
      chargeStarted(2, 2),
      declined(2, 2, '2025-06-08T15:00:00.000Z'),
      chargeStarted(2, 3),
    ];
    spec(third)
      .when(record(2, 3, false))
      .then([expect.objectContaining({ data: expect.objectContaining({ attempt: 3, nextAttemptAt: null }) })]);
    spec([...third, declined(2, 3, null)])
      .when({ type: 'StartCharge', n: 2, at: '2025-07-01T15:00:00.000Z' })
      .then([]);
  });

  it('given a plan started, when it is started again (a redelivery), then nothing', () => {
    spec([started])
      .when({ type: 'StartPlan', plan: started.data as never })
      .then([]);
  });
});
