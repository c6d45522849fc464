import { INSTALLMENT_BY_PARENT_KIND, installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { META } from '../../payments/port.js';
import type { PaymentKind } from '../../core/payment-kinds.js';
import { verifiedEnrollment } from './enrollment-payment.js';
import { installmentPlanDecider } from '../installments/plan-decider.js';

/**
 * An instalment the parent paid from the booking page (after a decline, or once the saved card was
 * removed): recorded on the plan as paid, so no retry follows; the enrollment records it from there
 * as it does a charged one.
 */
export const installmentByParentPayment: PaymentKind = {
  answers: (kind) => kind === INSTALLMENT_BY_PARENT_KIND,
  payable: (intent) => {
    const enrollmentId = intent.metadata[META.enrollmentId];
    const n = Number(intent.metadata[META.installment]);
    if (!enrollmentId || !Number.isInteger(n)) return null;
    return {
      named: { kind: 'installment', enrollmentId, n: String(n) },
      enrollmentId,
      record: async (deps, money, intent, metadata) =>
        (
          await deps.commands.handle(
            installmentPlanDecider,
            installmentPlanStream(enrollmentId),
            {
              type: 'RecordParentPayment',
              n,
              paymentIntentId: intent.id,
              amountCents: intent.amountCents,
              at: money.at,
              ...(intent.card ? { card: intent.card } : {}),
            },
            metadata,
          )
        ).position,
      verified: (deps, recorded, base) => verifiedEnrollment(deps, enrollmentId, true, recorded, base),
    };
  },
};
