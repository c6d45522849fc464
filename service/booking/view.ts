import type { BookingRefund, BookingView, CancellationTerms } from '../../contracts/booking/api.js';
import type { Order } from '../../contracts/enrollment/api.js';
import { isStrictItem } from '../../contracts/enrollment/form.js';
import { participantDetailsOf } from '../../contracts/enrollment/participants.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import type { AppDeps } from '../core/deps.js';
import { cancellationTerms } from '../enrollment/after-sale/cancellation-policy.js';
import { pricingViewOf, pricingOf } from '../../contracts/enrollment/pricing.js';
import { placeShare } from '../../contracts/enrollment/left-participants.js';
import { bookingCourse } from '../courses/credit-queries.js';
import { installmentsOf } from '../enrollment/installments/parent-payment.js';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** Why a booking that does not stand cannot be cancelled, in the parent's words. */
const CLOSED: Record<Exclude<Order['status'], 'completed'>, string> = {
  pending: 'This booking is not confirmed yet: it can be cancelled once it is paid, or left to lapse.',
  expired: 'This booking expired unpaid: there is nothing to cancel.',
  cancelled: 'This booking is cancelled.',
  refunded: 'This booking was refunded and is closed.',
};

/** The signed-in household that made the booking, whose credit a refund may go to (none before issue 26's accounts). */
const householdOf = (o: Order) => o.householdId ?? null;

/**
 * The parent's booking from the read models (`orders` for the booking, `enrollments` for the
 * refunds and what was paid), with what the cancellation policy gives now. Only this enrollment's
 * documents are read, and no e-mail or phone is answered: the parent knows them, a forwarded link
 * should not reveal them.
 */
export async function bookingView(deps: AppDeps, enrollmentId: string, position: bigint): Promise<BookingView | null> {
  const [order, row] = await Promise.all([
    deps.readStore.get<Order>('orders', enrollmentId),
    deps.readStore.get<EnrollmentRowDoc>('enrollments', enrollmentId),
  ]);
  if (!order) return null;
  const o = order.doc;
  const now = deps.clock();
  const refunds: BookingRefund[] = (row?.doc.refunds ?? []).map((r) => ({
    amountCents: toCents(r.amount),
    to: r.to ?? 'card',
    reason: r.reason,
    status: r.status,
  }));
  const paidCents = row?.doc.paidCents ?? (o.paymentStatus === 'paid' ? o.amountCents : 0);
  const pricing =
    o.pricing ?? pricingViewOf(pricingOf({ item: o.item, participants: o.participants, amountCents: o.amountCents }));
  const decidedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const begun = o.item.date !== null && now.getTime() >= Date.parse(o.item.date);
  const refundableCents = Math.max(0, paidCents - decidedCents);
  const terms = (refundable: number): CancellationTerms =>
    o.status === 'completed'
      ? cancellationTerms({
          startsAt: o.item.date,
          bookedStartsAt: o.movedFrom?.date ?? null,
          now,
          fullRefundDays: deps.config.CANCELLATION_FULL_REFUND_DAYS,
          isFree: o.isFree,
          refundableCents: refundable,
        })
      : { kind: 'closed', reason: CLOSED[o.status] };
  const leftParticipants = o.leftParticipants ?? [];
  const one = o.status === 'completed' ? placeShare(o, refundableCents) : null;
  return {
    orderId: o.orderId,
    orderReference: o.orderReference,
    status: o.status,
    item: o.item,
    movedFrom: o.movedFrom ?? null,
    strict: isStrictItem(o.item),
    contactName: o.contactName,
    participants:
      o.participantDetails ??
      participantDetailsOf({
        participants: o.participants,
        participantNames: o.attendees.slice(1).join('\n'),
        studentName: o.attendees[0] ?? '',
        studentAge: null,
        studentGrade: '',
        school: '',
        hasDietaryRestrictions: false,
        dietaryRestrictions: '',
        photographyConsent: false,
        allowNameWithPhoto: false,
        photographyOptOut: false,
      }),
    paymentMethod: o.paymentMethod,
    ...(o.card ? { card: o.card } : {}),
    submittedAt: o.submittedAt,
    confirmedAt: o.confirmedAt,
    subtotalCents: o.subtotalCents,
    taxCents: o.taxCents,
    amountCents: o.amountCents,
    isFree: o.isFree,
    paidCents,
    payments: o.payments ?? [],
    refundedCents: o.refundedCents,
    refunds,
    leftParticipants,
    amountNowCents: o.amountNowCents ?? o.amountCents,
    cancelOne: one ? { terms: terms(one.refundCents), remainingCents: one.remainingCents } : null,
    editable: o.status === 'completed' && !begun,
    pricing,
    balanceCents: o.balanceCents ?? 0,
    balanceDueAt: o.balanceDueAt ?? null,
    ...(await installmentsOf(deps, enrollmentId)),
    refundToCredit: householdOf(o) !== null,
    cancellation: terms(refundableCents),
    ...(await bookingCourse(deps, enrollmentId, o.item.kind === 'workshop' ? o.item.id : null, false)),
    safetyData: { days: deps.config.SAFETY_DATA_RETENTION_DAYS, erasedAt: row?.doc.safetyDataErasedAt ?? null },
    position: position.toString(),
  };
}
