import type { EventMetadata } from '../../../contracts/core/events.js';
import { checkoutStream, type CheckoutRefused } from '../../../contracts/enrollment/checkout.js';
import type { AppDeps } from '../../core/deps.js';
import { checkoutDecider } from './checkout-decider.js';

/**
 * Records that a checkout never became an enrollment (refused after its first write, or never
 * recorded), so the checkout workflow gives back what it may hold; true when recorded now. Never
 * throws: when it cannot be
 * recorded now (the store is down), the hold timer records it when the hold lapses.
 */
export async function refuseCheckout(
  deps: Pick<AppDeps, 'commands' | 'clock' | 'log'>,
  refusal: Omit<CheckoutRefused, 'refusedAt'>,
  metadata: EventMetadata,
): Promise<boolean> {
  try {
    const recorded = await deps.commands.handle(
      checkoutDecider,
      checkoutStream(refusal.enrollmentId),
      { type: 'RefuseCheckout', refusal: { ...refusal, refusedAt: deps.clock().toISOString() } },
      metadata,
    );
    return recorded.events.length > 0;
  } catch (err) {
    deps.log.warn('checkout refusal not recorded; its hold gives it back when it lapses', {
      enrollmentId: refusal.enrollmentId,
      reason: refusal.reason,
      err,
    });
    return false;
  }
}
