import type { EventMetadata } from '../../../contracts/core/events.js';
import { clientHoldsStream } from '../../../contracts/enrollment/client-holds.js';
import type { AppDeps } from '../../core/deps.js';
import { clientHoldsDecider } from './client-holds-decider.js';

/**
 * Gives an enrollment's seats back to its client's allowance (stream `client-holds-<clientKey>`).
 * Never throws: a give-back that fails is made good by the entry's expiry, which is the hold's.
 */
export async function freeClientSeats(
  deps: AppDeps,
  clientKey: string | undefined,
  enrollmentId: string,
  reason: 'refused' | 'confirmed' | 'replaced' | 'released',
  metadata: EventMetadata,
): Promise<bigint | null> {
  if (!clientKey) return null;
  try {
    const at = deps.clock().toISOString();
    const result = await deps.commands.handle(
      clientHoldsDecider,
      clientHoldsStream(clientKey),
      { type: 'FreeClientSeats', enrollmentId, reason, at },
      metadata,
    );
    return result.position;
  } catch (err) {
    deps.log.warn('held seats not given back; they count until the hold expires', { enrollmentId, reason, err });
    return null;
  }
}
