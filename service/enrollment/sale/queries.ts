import type { ReadStore } from '../../../platform/readstore/port.js';
import type { EnrollmentLookup, Order, OrderView } from '../../../contracts/enrollment/api.js';
import { pricingViewOf } from '../../../contracts/enrollment/pricing.js';

/**
 * The order by its order id (ORD-, FREE-, TEST-), naming no one (see OrderViewSchema). Built field
 * by field, so a field added to the read model is not answered until it is added here.
 */
export async function findOrder(store: ReadStore, orderId: string): Promise<OrderView | null> {
  const { items } = await store.find<Order>('orders', { where: { orderId }, limit: 1 });
  const o = items[0]?.doc;
  if (!o) return null;
  return {
    id: o.id,
    enrollmentId: o.enrollmentId,
    orderId: o.orderId,
    orderReference: o.orderReference,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    workshopId: o.workshopId,
    programId: o.programId,
    item: o.item,
    participants: o.participants,
    subtotalCents: o.subtotalCents,
    taxCents: o.taxCents,
    amountCents: o.amountCents,
    currency: o.currency,
    isFree: o.isFree,
    test: o.test,
    holdExpiresAt: o.holdExpiresAt,
    submittedAt: o.submittedAt,
    confirmedAt: o.confirmedAt,
    refundedCents: o.refundedCents,
    emailSent: o.emailSent,
    ...(o.pricing ? { pricing: pricingViewOf(o.pricing) } : {}),
    balanceCents: o.balanceCents ?? 0,
    balanceDueAt: o.balanceDueAt ?? null,
  };
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
    ...(doc.pricing ? { pricing: pricingViewOf(doc.pricing) } : {}),
  };
}
