import { personKey } from '../../contracts/admin/roles.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One booking of a family as the retention rule sees it. */
export interface RetainedBooking {
  enrollmentId: string;
  /** The start of its last session; null when it has no date (a program): never due by date. */
  lastSessionAt: string | null;
  /** The children's names, as booked. */
  children: string[];
  /** Still booked (pending or confirmed): only such a booking keeps a child's details for later. */
  active: boolean;
}

/**
 * When a booking's safety details (its children's dietary and medical notes, its emergency
 * contacts) are erased: `days` after the last session of each of its children, that is the latest
 * session of any booking of the same family still standing that names the child, this booking's
 * own included. So a child booked again keeps their details until `days` after the later class,
 * and a booking whose children all stopped coming is erased `days` after its own session, to the
 * millisecond. Null when never (no date).
 */
export function safetyErasureDue(
  booking: RetainedBooking,
  family: readonly RetainedBooking[],
  days: number,
): Date | null {
  if (!booking.lastSessionAt) return null;
  let last = Date.parse(booking.lastSessionAt);
  const children = new Set(booking.children.map(personKey));
  for (const other of family) {
    if (!other.active || !other.lastSessionAt || other.enrollmentId === booking.enrollmentId) continue;
    if (other.children.some((c) => children.has(personKey(c)))) last = Math.max(last, Date.parse(other.lastSessionAt));
  }
  return new Date(last + days * DAY_MS);
}
