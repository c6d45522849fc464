import { defineProjector } from '../../platform/processor/projector.js';
import type { AdminEnrollmentDetail, PaymentStatus } from '../../contracts/admin/enrollments.js';
import { enrollmentIdOf, type EnrollmentEvent } from '../../contracts/enrollment/events.js';
import { participantDetailsOf } from '../../contracts/enrollment/participants.js';
import { fromCents } from './money.js';

/**
 * A tracker row: the administrator's record plus flat copies of what the tracker searches and
 * sorts on, because the read store searches and sorts top-level fields only.
 */
export type EnrollmentRowDoc = AdminEnrollmentDetail & {
  workshopTitle: string;
  programTitle: string;
  location: string;
  /** Feed position of the submission: the order enrollments arrived in, whatever their clocks said. */
  seq: number;
};

export const ENROLLMENT_SEARCH_FIELDS = ['id', 'workshopTitle', 'programTitle', 'location'] as const;

/** A payment still awaited becomes unpaid once the enrollment ends without it. */
const settle = (p: PaymentStatus): PaymentStatus => (p === 'pending' ? 'unpaid' : p);

export const enrollmentsProjector = defineProjector<EnrollmentEvent, EnrollmentRowDoc>({
  name: 'enrollments',
  collection: 'enrollments',
  // The tracker: newest first, on the All tab, the Pending/Completed tabs and the Unpaid tab. A
  // search cannot use an index; it walks the newest-first one.
  indexes: [
    [{ field: 'seq', direction: 'desc' }],
    [{ field: 'status' }, { field: 'seq', direction: 'desc' }],
    [{ field: 'paymentStatus' }, { field: 'seq', direction: 'desc' }],
  ],
  eventTypes: [
    'EnrollmentSubmitted',
    'PaymentSucceeded',
    'PaymentFailed',
    'EnrollmentConfirmed',
    'EnrollmentExpired',
    'EnrollmentCancelled',
    'RefundIssued',
  ],
  keys: (event) => [enrollmentIdOf(event)],
  project(doc, e) {
    if (e.type === 'EnrollmentSubmitted') {
      const { item, form } = e.data;
      const isWorkshop = item.kind === 'workshop';
      return {
        id: e.data.enrollmentId,
        createdAt: e.data.submittedAt,
        workshopId: e.data.workshopId,
        programId: e.data.programId,
        workshop: isWorkshop ? { title: item.title, location: item.location, date: item.date ?? '' } : null,
        // Test-page enrollments have no workshop; they are listed like program enrollments.
        program: isWorkshop ? null : { title: item.title },
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        status: 'pending',
        paymentStatus: e.data.isFree ? 'free' : 'pending',
        amount: fromCents(e.data.amountCents),
        participants: e.data.participants,
        category: item.category,
        participantDetails: participantDetailsOf(form),
        workshopTitle: isWorkshop ? item.title : '',
        programTitle: isWorkshop ? '' : item.title,
        location: item.location,
        seq: Number(e.position),
      };
    }
    if (!doc) return undefined;
    switch (e.type) {
      case 'PaymentSucceeded':
        return { ...doc, paymentStatus: 'paid' };
      case 'PaymentFailed':
        // The visitor may try again; a later success makes it paid.
        return { ...doc, paymentStatus: 'unpaid' };
      case 'EnrollmentConfirmed':
        return { ...doc, status: 'completed', paymentStatus: e.data.amountCents === 0 ? 'free' : 'paid' };
      case 'EnrollmentExpired':
        return { ...doc, status: 'expired', paymentStatus: settle(doc.paymentStatus) };
      case 'EnrollmentCancelled':
        return { ...doc, status: 'cancelled', paymentStatus: settle(doc.paymentStatus) };
      case 'RefundIssued':
        return { ...doc, paymentStatus: 'refunded' };
      default:
        return undefined;
    }
  },
});
