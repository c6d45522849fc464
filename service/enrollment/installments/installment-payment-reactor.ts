import type { InstallmentPlanEvent } from '../../../contracts/enrollment/installment-plan.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';

export const INSTALLMENT_PAYMENT_REACTOR = 'installment-payments';

/**
 * An instalment paid on the plan's stream is paid on the booking (issue 43): the enrollment
 * records it (InstallmentPaymentRecorded), so what it owes, its refunds, the tracker and the
 * booking page follow. The enrollment's decider records each PaymentIntent once, so a redelivery
 * changes nothing; the time recorded is the payment's, the same at every delivery. An instalment
 * the office waived is recorded likewise (InstallmentWaiverRecorded, once per instalment): owed no more.
 */
export function installmentPaymentReactor(deps: Pick<AppDeps, 'commands'>) {
  return defineReactor<Extract<InstallmentPlanEvent, { type: 'InstallmentPaid' | 'InstallmentWaived' }>>({
    name: INSTALLMENT_PAYMENT_REACTOR,
    eventTypes: ['InstallmentPaid', 'InstallmentWaived'],
    keyOf: (event) => event.data.enrollmentId,
    async handle(event, { metadata }) {
      const stream = enrollmentStream(event.data.enrollmentId);
      if (event.type === 'InstallmentWaived') {
        const { n, amountCents, waivedAt } = event.data;
        await deps.commands.handle(
          enrollmentDecider,
          stream,
          { type: 'RecordInstallmentWaiver', n, amountCents, at: waivedAt },
          metadata,
        );
        return;
      }
      const { n, paymentIntentId, amountCents, paidAt, card, paidBy } = event.data;
      await deps.commands.handle(
        enrollmentDecider,
        stream,
        {
          type: 'RecordInstallmentPayment',
          n,
          paymentIntentId,
          amountCents,
          at: paidAt,
          ...(card ? { card } : {}),
          ...(paidBy ? { paidBy } : {}),
        },
        metadata,
      );
    },
  });
}
