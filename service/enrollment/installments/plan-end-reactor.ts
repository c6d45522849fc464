import type { EventMetadata } from '../../../contracts/core/events.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { installmentPlanDecider } from './plan-decider.js';

export const INSTALLMENT_PLAN_END_REACTOR = 'installment-plan-end';

/**
 * A cancelled booking's plan ends (issue 43): nothing more is charged, and its saved card is
 * forgotten (card-removal-reactor.ts detaches it). The plan records its end once; a booking paid in
 * full has no plan, and the command changes nothing.
 */
export function installmentPlanEndReactor(deps: Pick<AppDeps, 'commands'>) {
  return defineReactor<Extract<EnrollmentEvent, { type: 'EnrollmentCancelled' }>>({
    name: INSTALLMENT_PLAN_END_REACTOR,
    eventTypes: ['EnrollmentCancelled'],
    keyOf: (event) => event.data.enrollmentId,
    async handle(event, { metadata }) {
      const { enrollmentId, cancelledAt } = event.data;
      await deps.commands.handle(
        installmentPlanDecider,
        installmentPlanStream(enrollmentId),
        { type: 'EndPlan', reason: 'cancelled', at: cancelledAt },
        metadata,
      );
    },
  });
}

/**
 * The plans of an erased family's bookings end (issue 43): recorded by the erasure, before the
 * family's keys go; their saved cards are detached by the reactor, never in the request.
 */
export async function endPlansOnErasure(
  deps: Pick<AppDeps, 'commands'>,
  enrollmentIds: string[],
  at: string,
  metadata: EventMetadata,
): Promise<void> {
  for (const enrollmentId of enrollmentIds)
    await deps.commands.handle(
      installmentPlanDecider,
      installmentPlanStream(enrollmentId),
      { type: 'EndPlan', reason: 'erased', at },
      metadata,
    );
}
