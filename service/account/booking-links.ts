import type { EventMetadata } from '../../contracts/core/events.js';
import { bookingLinkStream } from '../../contracts/enrollment/booking-link.js';
import type { Order } from '../../contracts/enrollment/api.js';
import { familyEnrollmentIds, shownTo } from '../../projections/account/family-bookings.js';
import type { HouseholdDoc } from '../../projections/account/households.js';
import type { AppDeps } from '../core/deps.js';
import { bookingLinkDecider } from '../enrollment/after-sale/booking-link.js';

/**
 * A parent leaves the family: every booking the family page showed them gets a new link version,
 * so the links they saw (or kept) answer 410; the family page and later e-mails carry the new one.
 * Resolves with how many were replaced.
 */
export async function replaceLinksShownTo(
  deps: AppDeps,
  household: HouseholdDoc,
  parentId: string,
  metadata: EventMetadata,
): Promise<number> {
  const orders = await deps.readStore.getMany<Order>('orders', await familyEnrollmentIds(deps.readStore, household));
  const shown = [...orders.values()].map((o) => o.doc).filter((o) => shownTo(household, parentId, o));
  const at = deps.clock().toISOString();
  for (const { enrollmentId } of shown)
    await deps.commands.handle(
      bookingLinkDecider,
      bookingLinkStream(enrollmentId),
      { type: 'ReplaceBookingLink', enrollmentId, reason: 'parent-removed', at },
      metadata,
    );
  return shown.length;
}
