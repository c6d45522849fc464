import type { ReadStore } from '../../platform/readstore/port.js';
import type { EnrollmentLookup, Order, OrderView } from '../../contracts/enrollment/api.js';

/** The order by its order id (ORD-, FREE-, TEST-), without the contact details. */
export async function findOrder(store: ReadStore, orderId: string): Promise<OrderView | null> {
  const { items } = await store.find<Order>('orders', { where: { orderId }, limit: 1 });
  if (!items[0]) return null;
  const { email: _email, ...view } = items[0].doc;
  return view;
}

/** The enrollment as a checkout needs it: amounts, status and the item, never the person (see EnrollmentLookupSchema). */
export async function findEnrollment(store: ReadStore, enrollmentId: string): Promise<EnrollmentLookup | null> {
  const doc = (await store.get<Order>('orders', enrollmentId))?.doc;
  if (!doc) return null;
  return {
    id: doc.id,
    status: doc.status,
    paymentStatus: doc.paymentStatus,
    orderId: doc.orderId,
    workshopId: doc.workshopId,
    programId: doc.programId,
    title: doc.item.title,
    participants: doc.participants,
    amountCents: doc.amountCents,
    isFree: doc.isFree,
    holdExpiresAt: doc.holdExpiresAt,
  };
}
