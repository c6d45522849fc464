import type { InstallmentPlanEvent } from '../../../contracts/enrollment/installment-plan.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { installmentPlanDecider } from './plan-decider.js';

export const INSTALLMENT_CARD_REMOVAL_REACTOR = 'installment-card-removal';

type Forget = Extract<InstallmentPlanEvent, { type: 'InstallmentCardRemoved' | 'InstallmentPlanEnded' }>;

/**
 * The saved card forgotten (issue 43): removed by the parent (InstallmentCardRemoved), or its plan
 * over (InstallmentPlanEnded: paid or waived in full, the booking cancelled, the family erased).
 * Detached at the provider where the effects run, never in the request, then recorded
 * (InstallmentCardDetached), so a redelivery, or the plan ending after the parent removed the
 * card, finds it detached and asks nothing. A crash between the two asks again: the provider's
 * answer is idempotent ("detached or already gone"). A provider that does not answer throws, and
 * the delivery is tried again.
 */
export function installmentCardRemovalReactor(deps: Pick<AppDeps, 'commands' | 'payments' | 'log' | 'clock'>) {
  return defineReactor<Forget>({
    name: INSTALLMENT_CARD_REMOVAL_REACTOR,
    eventTypes: ['InstallmentCardRemoved', 'InstallmentPlanEnded'],
    keyOf: (event) => event.data.enrollmentId,
    async handle(event, { metadata }) {
      const { enrollmentId } = event.data;
      const stream = installmentPlanStream(enrollmentId);
      const plan = await deps.commands.state(installmentPlanDecider, stream);
      if (plan.phase !== 'active' || plan.cardDetached) return;
      await deps.payments.detachCard(plan.savedCard);
      await deps.commands.handle(
        installmentPlanDecider,
        stream,
        { type: 'RecordCardDetached', at: deps.clock().toISOString() },
        metadata,
      );
      const why = event.type === 'InstallmentPlanEnded' ? `plan ended (${event.data.reason})` : 'removed by the parent';
      deps.log.info('saved card detached', { enrollmentId, why });
    },
  });
}
