import { itemSessions, type PurchasedItem } from '../../../contracts/enrollment/events.js';
import { calendarUid } from './calendar-event.js';
import { workshopEvents } from './ics.js';

/** A make-up a child of the booking has (or had) a seat in: the credit, the other class, its session. */
export interface BookedMakeup {
  creditId: string;
  /** The class the make-up is in, as a purchase item (its sessions and place). */
  item: PurchasedItem;
  session: number;
}

/**
 * A make-up as a calendar entry of its own (issue 37): a UID of the booking and the credit, the
 * same when it is booked, in the booking page's file and when it is cancelled; PUBLISH while it
 * stands, CANCEL when it is given up or ends with the booking.
 */
export function makeupEvents(input: {
  orderId: string;
  makeup: BookedMakeup;
  cancelled: boolean;
  sequence: number;
  stamp: Date;
}): string[] {
  const { item, session, creditId } = input.makeup;
  const others = itemSessions(item)
    .map((_, i) => i + 1)
    .filter((n) => n !== session);
  return workshopEvents({
    uid: calendarUid(`${input.orderId}-makeup-${creditId}`),
    item: { ...item, title: `Make-up: ${item.title}`, fromSession: undefined },
    orderId: input.orderId,
    stamp: input.stamp,
    sequence: input.sequence,
    ...(input.cancelled ? { missed: [session], method: 'CANCEL' as const } : { missed: others }),
  });
}
