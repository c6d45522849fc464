import type { ReadStore } from '../../projections/readstore/port.js';
import type { EnrollmentLookup, Order, OrderView } from '../../contracts/enrollment/api.js';

/** The order by its order id (ORD-, FREE-, TEST-), without the contact details. */
export async function findOrder(store: ReadStore, orderId: string): Promise<OrderView | null> {
  const { items } = await store.find<Order>('orders', { where: { orderId }, limit: 1 });
  if (!items[0]) return null;
  const { email: _email, ...view } = items[0].doc;
  return view;
}

export async function findEnrollment(store: ReadStore, enrollmentId: string): Promise<EnrollmentLookup | null> {
  const doc = (await store.get<Order>('orders', enrollmentId))?.doc;
  if (!doc) return null;
  return {
    id: doc.id,
    email: doc.email,
    status: doc.status,
    paymentStatus: doc.paymentStatus,
    orderId: doc.orderId,
    title: doc.item.title,
    amountCents: doc.amountCents,
  };
}
