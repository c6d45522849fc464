import { enrollmentIdOf, enrollmentStream, type EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { pricingOf } from '../../../contracts/enrollment/pricing.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { orderOf, replacedByOf } from '../decider/enrollment-state.js';
import { releasePricingParts } from './pricing-parts.js';

type Ending = Extract<EnrollmentEvent, { type: 'EnrollmentExpired' | 'EnrollmentCancelled' | 'RefundIssued' }>;

export const PRICING_RELEASE_REACTOR = 'pricing-release';

/**
 * Gives back what an enrollment took from the code, the gift card and the credit when it ends
 * before it was ever sold: its hold lapsed (EnrollmentExpired), it was replaced or cancelled
 * unpaid (EnrollmentCancelled), or its late payment was refunded (RefundIssued without a key).
 * It decides from the enrollment's state, read afresh, so a sold booking's parts stay spent (its
 * refunds return them), and each release is idempotent on its ledger: a redelivery changes nothing.
 */
export function pricingReleaseReactor(deps: AppDeps) {
  return defineReactor<Ending>({
    name: PRICING_RELEASE_REACTOR,
    eventTypes: ['EnrollmentExpired', 'EnrollmentCancelled', 'RefundIssued'],
    async handle(event, { metadata }) {
      if (event.type === 'RefundIssued' && event.data.refundKey) return;
      const enrollmentId = enrollmentIdOf(event);
      const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      if (!state.submission?.pricing || orderOf(state)) return;
      if (state.status !== 'expired' && state.status !== 'cancelled' && state.status !== 'refunded') return;
      const reason =
        state.status === 'expired'
          ? 'expired'
          : state.status === 'refunded'
            ? 'refunded'
            : replacedByOf(state)
              ? 'replaced'
              : 'cancelled';
      await releasePricingParts(deps, pricingOf(state.submission), enrollmentId, reason, metadata);
    },
  });
}
