import { hasBegun, isEnrollmentOpen } from '../../contracts/catalogue/sales-window.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';

/**
 * What a workshop offers a parent now: `past` once it has begun, `closed` when the administrator's
 * earlier closing time has passed, `full` with no seats left, else `open`. The server decides the
 * same rule when seats are asked for; this only keeps the page from offering what it would refuse.
 */
export type SaleState = 'open' | 'full' | 'closed' | 'past';

export function saleStateOf(w: Workshop, now: Date): SaleState {
  // A course that allows joining late still sells after its first session, until session K.
  if (hasBegun(w, now) && !isEnrollmentOpen(w, now)) return 'past';
  if (!isEnrollmentOpen(w, now)) return 'closed';
  return w.spotsLeft > 0 ? 'open' : 'full';
}

/** Workshops not yet begun (or a course still taking late joiners): what the schedule lists and the dashboard counts as upcoming. */
export const isUpcoming = (w: Workshop, now: Date) => !hasBegun(w, now) || isEnrollmentOpen(w, now);
