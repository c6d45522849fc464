import type { InstallmentPlanEvent } from '../../../contracts/enrollment/installment-plan.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { chargeInstallment } from './charge-installment.js';

export const INSTALLMENT_CHARGE_REQUEST_REACTOR = 'installment-charge-requests';

/**
 * The office's "charge now" (InstallmentChargeRequested), charged where the effects run, never in
 * the request: through `chargeInstallment`, as the timer charges, so the attempt is decided on the
 * plan's stream and the card charged under its key. A redelivery finds the request served (an
 * attempt started since) and charges nothing; the timer, passing at the same time, finds the
 * attempt under way and asks with the same key: one charge. A provider that does not answer
 * throws, and the delivery is tried again.
 */
export function installmentChargeRequestReactor(deps: AppDeps) {
  return defineReactor<Extract<InstallmentPlanEvent, { type: 'InstallmentChargeRequested' }>>({
    name: INSTALLMENT_CHARGE_REQUEST_REACTOR,
    eventTypes: ['InstallmentChargeRequested'],
    keyOf: (event) => event.data.enrollmentId,
    async handle(event, { metadata }) {
      await chargeInstallment(deps, event.data.enrollmentId, event.data.n, metadata);
    },
  });
}
