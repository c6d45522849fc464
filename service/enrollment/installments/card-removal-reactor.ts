import type { InstallmentPlanEvent } from '../../../contracts/enrollment/installment-plan.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { installmentPlanDecider } from './plan-decider.js';

export const INSTALLMENT_CARD_REMOVAL_REACTOR = 'installment-card-removal';

/**
 * The saved card the parent removed (InstallmentCardRemoved), detached at the provider where the
 * effects run, never in the request. Detaching is the provider's own idempotent answer ("detached
 * or already gone"), so a redelivery asks again harmlessly; a provider that does not answer throws
 * and the delivery is tried again. The plan already charges nothing once the card is removed.
 */
export function installmentCardRemovalReactor(deps: Pick<AppDeps, 'commands' | 'payments' | 'log'>) {
  return defineReactor<Extract<InstallmentPlanEvent, { type: 'InstallmentCardRemoved' }>>({
    name: INSTALLMENT_CARD_REMOVAL_REACTOR,
    eventTypes: ['InstallmentCardRemoved'],
    keyOf: (event) => event.data.enrollmentId,
    async handle(event) {
      const { enrollmentId } = event.data;
      const plan = await deps.commands.state(installmentPlanDecider, installmentPlanStream(enrollmentId));
      if (plan.phase !== 'active') return;
      await deps.payments.detachCard(plan.savedCard);
      deps.log.info('saved card detached at the parent’s request', { enrollmentId });
    },
  });
}
