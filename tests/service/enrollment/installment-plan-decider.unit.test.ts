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

  describe('a declined instalment paid by the parent, and the parent told', () => {
    const afterDecline = [started, chargeStarted(2, 1), declined(2, 1, '2025-06-04T15:00:00.000Z')];
    const byParent = (paymentIntentId: string): InstallmentPlanEvent => ({
      type: 'InstallmentPaid',
      data: {
        enrollmentId: 'e1',
        n: 2,
        attempt: 1,
        amountCents: 10_000,
        paymentIntentId,
        paidAt: '2025-06-02T15:00:00.000Z',
        paidBy: 'parent',
      },
    });
    const parentPays = (paymentIntentId: string) => ({
      type: 'RecordParentPayment' as const,
      n: 2,
      paymentIntentId,
      amountCents: 10_000,
      at: '2025-06-02T15:00:00.000Z',
    });
    const notice = (attempt: number) => ({
      type: 'RecordDeclineNotice' as const,
      n: 2,
      attempt,
      messageId: `<m-${attempt}>`,
      transport: 'outbox' as const,
      at: '2025-06-01T15:00:02.000Z',
    });

    it('given a decline, when the parent pays it by hand, then InstallmentPaid by the parent, once per intent, and no retry follows', () => {
      spec(afterDecline)
        .when(parentPays('pi_parent'))
        .then([byParent('pi_parent')]);
      spec([...afterDecline, byParent('pi_parent')])
        .when(parentPays('pi_parent'))
        .then([]);
      spec([...afterDecline, byParent('pi_parent')])
        .when({ type: 'StartCharge', n: 2, at: '2025-06-04T15:00:00.000Z' })
        .then([]);
    });

    it('given a retry under way when the parent pays by hand, then the retry’s answer is still recorded (the booking gives back what was paid twice)', () => {
      const both = [...afterDecline, chargeStarted(2, 2), byParent('pi_parent')];
      spec(both)
        .when(record(2, 2, true))
        .then([
          expect.objectContaining({
            type: 'InstallmentPaid',
            data: expect.objectContaining({ paymentIntentId: 'pi_2_2' }),
          }),
        ]);
    });

    it('given a decline, when the parent is told of it twice (a redelivery), then one notice; the next attempt’s decline is told again', () => {
      spec(afterDecline)
        .when(notice(1))
        .then([
          {
            type: 'InstallmentDeclineNoticeSent',
            data: {
              enrollmentId: 'e1',
              n: 2,
              attempt: 1,
              messageId: '<m-1>',
              transport: 'outbox',
              sentAt: '2025-06-01T15:00:02.000Z',
            },
          },
        ]);
      const told: InstallmentPlanEvent = {
        type: 'InstallmentDeclineNoticeSent',
        data: {
          enrollmentId: 'e1',
          n: 2,
          attempt: 1,
          messageId: '<m-1>',
          transport: 'outbox',
          sentAt: '2025-06-01T15:00:02.000Z',
        },
      };
      spec([...afterDecline, told])
        .when(notice(1))
        .then([]);
      spec([...afterDecline, told, chargeStarted(2, 2), declined(2, 2, '2025-06-08T15:00:00.000Z')])
        .when(notice(2))
        .then([expect.objectContaining({ data: expect.objectContaining({ attempt: 2 }) })]);
    });
  });

  describe("the office's charge now and waive", () => {
    const at = '2025-05-10T15:00:00.000Z';
    const requested: InstallmentPlanEvent = {
      type: 'InstallmentChargeRequested',
      data: { enrollmentId: 'e1', n: 2, requestedAt: at },
    };

    it('given instalment 2 not yet due, when the office asks to charge it, then the request; the next StartCharge starts it at once, and once only', () => {
      spec([started]).when({ type: 'RequestCharge', n: 2, at }).then([requested]);
      spec([started, requested]).when({ type: 'RequestCharge', n: 2, at }).then([]);
      spec([started, requested])
        .when({ type: 'StartCharge', n: 2, at })
        .then([
          expect.objectContaining({ type: 'InstallmentChargeStarted', data: expect.objectContaining({ attempt: 1 }) }),
        ]);
      spec([started, requested, chargeStarted(2, 1), declined(2, 1, '2025-06-04T15:00:00.000Z')])
        .when({ type: 'StartCharge', n: 2, at })
        .then([]);
    });

    it('given the last try declined, when the office asks to charge it, then a fourth attempt starts', () => {
      const tried = [
        started,
        chargeStarted(2, 1),
        declined(2, 1, '2025-06-04T15:00:00.000Z'),
        chargeStarted(2, 2),
        declined(2, 2, '2025-06-08T15:00:00.000Z'),
        chargeStarted(2, 3),
        declined(2, 3, null),
      ];
      spec([...tried, requested])
        .when({ type: 'StartCharge', n: 2, at: '2025-06-20T15:00:00.000Z' })
        .then([expect.objectContaining({ data: expect.objectContaining({ attempt: 4 }) })]);
    });

    it('given instalment 3, when waived, then InstallmentWaived with its amount, and it is never charged', () => {
      const waived: InstallmentPlanEvent = {
        type: 'InstallmentWaived',
        data: { enrollmentId: 'e1', n: 3, amountCents: 10_000, waivedAt: at },
      };
      spec([started]).when({ type: 'Waive', n: 3, at }).then([waived]);
      spec([started, waived]).when({ type: 'StartCharge', n: 3, at: '2025-07-01T15:00:00.000Z' }).then([]);
      spec([started, waived])
        .when({ type: 'Waive', n: 3, at })
        .thenThrows({ refusal: { code: 'installment_waived', n: 3 } });
    });

    it('given an instalment paid, being charged, or not in the plan, then the office is refused with its reason', () => {
      spec([started])
        .when({ type: 'RequestCharge', n: 1, at })
        .thenThrows({ refusal: { code: 'installment_paid', n: 1 } });
      spec([started, chargeStarted(2, 1)])
        .when({ type: 'Waive', n: 2, at })
        .thenThrows({ refusal: { code: 'installment_charging', n: 2 } });
      spec([started])
        .when({ type: 'Waive', n: 4, at })
        .thenThrows({ refusal: { code: 'no_such_installment', n: 4, count: 3 } });
      spec([])
        .when({ type: 'RequestCharge', n: 2, at })
        .thenThrows({ refusal: { code: 'no_such_installment', n: 2, count: 0 } });
    });
  });

  it('given the card removed by the parent, then no instalment is started, the office cannot charge one, and a second removal changes nothing', () => {
    const removed: InstallmentPlanEvent = {
      type: 'InstallmentCardRemoved',
      data: { enrollmentId: 'e1', removedAt: '2025-05-10T15:00:00.000Z' },
    };
    spec([started]).when({ type: 'RemoveCard', at: '2025-05-10T15:00:00.000Z' }).then([removed]);
    spec([started, removed]).when({ type: 'RemoveCard', at: '2025-05-11T15:00:00.000Z' }).then([]);
    spec([started, removed]).when({ type: 'StartCharge', n: 2, at: '2025-06-01T15:00:00.000Z' }).then([]);
    spec([started, removed])
      .when({ type: 'RequestCharge', n: 2, at: '2025-06-01T15:00:00.000Z' })
      .thenThrows({ refusal: { code: 'card_removed', n: 2 } });
    spec([])
      .when({ type: 'RemoveCard', at: '2025-05-10T15:00:00.000Z' })
      .thenThrows({ refusal: { code: 'no_saved_card' } });
  });
});
