import { fullName } from '../../contracts/core/erased.js';
import { defineProjector } from '../../platform/processor/projector.js';
import type { AdminEnrollmentDetail, EnrollmentContact, PaymentStatus } from '../../contracts/admin/enrollments.js';
import { enrollmentIdOf, type EnrollmentEvent } from '../../contracts/enrollment/events.js';
import type { RefundView } from '../../contracts/admin/after-sale.js';
import {
  attendeeNames,
  participantDetailsOf,
  participantName,
  type ParticipantDetail,
} from '../../contracts/enrollment/participants.js';
import { leftOf, stillComing, stillComingOf } from '../../contracts/enrollment/left-participants.js';
import { fromCents } from './money.js';
import { balanceDueAtOf, pricingOf, pricingViewOf } from '../../contracts/enrollment/pricing.js';
import { transferredPricing } from '../enrollment/pricing-view.js';
import type { PrivacyEvent } from '../../contracts/privacy/events.js';
import type { HouseholdEvent } from '../../contracts/account/events.js';
import { keepingChildIds, withMatchedChildren } from '../../contracts/account/matched-children.js';

/**
 * A tracker row: the administrator's record plus flat copies of what the tracker searches and
 * sorts on, because the read store searches and sorts top-level fields only.
 */
export type EnrollmentRowDoc = AdminEnrollmentDetail & {
  workshopTitle: string;
  programTitle: string;
  location: string;
  /** Search keys (absent on rows projected before them, until the projection is rebuilt): see searchKeysOf. */
  parentName?: string;
  parent2Name?: string;
  parent2Email?: string;
  phoneDigits?: string;
  participantText?: string;
  /** Feed position of the submission: the order enrollments arrived in, whatever their clocks said. */
  seq: number;
  /** What came in (the card, and the gift card and credit of a sold order), against which refunds are measured. */
  paidCents?: number;
  /** A sold booking with a balance still owed: the Balance due tab, the balance reminders, the dashboard's past-due list. */
  balanceOpen?: boolean;
  /** Balance reminders sent (`week-before`, `due-date`). */
  balanceReminders?: string[];
  /** Everything that came in, whatever refunds followed: a transfer's new balance is measured against it. */
  receivedCents?: number;
};

/** The specification's search fields: workshop title, program title, location and id. */
export const SPEC_SEARCH_FIELDS = ['id', 'workshopTitle', 'programTitle', 'location'] as const;
/** The numbers parents quote from the confirmation page, the receipt and the e-mail. */
export const ORDER_SEARCH_FIELDS = ['id', 'orderId', 'orderReference'] as const;
/**
 * Beyond them, the order number and reference, and the people: the parent's name and e-mail, the
 * second parent, the participants' names, the phones' digits.
 */
export const ENROLLMENT_SEARCH_FIELDS = [
  ...SPEC_SEARCH_FIELDS,
  'orderId',
  'orderReference',
  'parentName',
  'email',
  'parent2Name',
  'parent2Email',
  'participantText',
  'phoneDigits',
] as const;

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * Flat copies of what the tracker searches by person. Phones keep their digits only, so
 * "(214) 555-0100" and "214.555.0100" are one number.
 */
function searchKeysOf(form: EnrollmentSubmittedForm, names: string[]) {
  return {
    parentName: fullName(form.firstName, form.lastName),
    parent2Name: form.parent2Name,
    parent2Email: form.parent2Email,
    phoneDigits: [form.phone, form.parent2Phone].map(digitsOf).filter(Boolean).join(' '),
    participantText: names.join('\n'),
  };
}

type EnrollmentSubmittedForm = Extract<EnrollmentEvent, { type: 'EnrollmentSubmitted' }>['data']['form'];

const contactOf = (form: EnrollmentSubmittedForm): EnrollmentContact => ({
  phone: form.phone,
  parent2Name: form.parent2Name,
  parent2Email: form.parent2Email,
  parent2Phone: form.parent2Phone,
  emergencyContact1Name: form.emergencyContact1Name,
  emergencyContact1Phone: form.emergencyContact1Phone,
  emergencyContact1Relationship: form.emergencyContact1Relationship,
  emergencyContact2Name: form.emergencyContact2Name,
  emergencyContact2Phone: form.emergencyContact2Phone,
  emergencyContact2Relationship: form.emergencyContact2Relationship,
  specialRequirements: form.specialRequirements,
  referralSource: form.referralSource,
  agreeToTerms: form.agreeToTerms,
  agreeToCodeOfConduct: form.agreeToCodeOfConduct,
});

/**
 * The names of those still coming: from the details by index when the row has them (the names list
 * leaves unnamed later participants out), else the names list as it is.
 */
function stillComingNames(
  names: string[],
  details: ParticipantDetail[] | undefined,
  doc: Pick<EnrollmentRowDoc, 'leftParticipants' | 'firstName' | 'lastName'>,
): string[] {
  if (!doc.leftParticipants?.length) return names;
  if (!details) return names.filter((_, i) => stillComing(doc.leftParticipants, i));
  const contact = fullName(doc.firstName, doc.lastName);
  return stillComingOf(details, doc.leftParticipants).map(({ item, index }) => participantName(item, index, contact));
}

/** A payment still awaited becomes unpaid once the enrollment ends without it. */
const settle = (p: PaymentStatus): PaymentStatus => (p === 'pending' ? 'unpaid' : p);

/** The row's refunds after one changed: the payment status says the most pressing thing about them. */
function withRefunds(doc: EnrollmentRowDoc, refunds: RefundView[]): EnrollmentRowDoc {
  const refundedAmount = refunds.filter((r) => r.status === 'issued').reduce((sum, r) => sum + r.amount, 0);
  const paid = fromCents(doc.paidCents ?? 0);
  const paymentStatus: PaymentStatus = refunds.some((r) => r.status === 'failed')
    ? 'refund-failed'
    : refunds.some((r) => r.status === 'pending')
      ? 'refund-pending'
      : refundedAmount >= paid
        ? 'refunded'
        : 'partially-refunded';
  return { ...doc, refunds, refundedAmount: Math.round(refundedAmount * 100) / 100, paymentStatus };
}

const replaceRefund = (refunds: RefundView[] | undefined, key: string, change: Partial<RefundView>) =>
  (refunds ?? []).map((r) => (r.refundKey === key ? { ...r, ...change } : r));

type RowEvent =
  | EnrollmentEvent
  | Extract<PrivacyEvent, { type: 'SafetyDataErased' }>
  | Extract<HouseholdEvent, { type: 'BookingChildrenMatched' }>;

/**
 * A deposit booking still owing when a place is given up: what those still coming cost, less what
 * came in and stays (this place's refund, and the money that moved with a transferred place, go).
 */
function placeLeftBalance(
  doc: EnrollmentRowDoc,
  e: Extract<EnrollmentEvent, { type: 'ParticipantCancelled' | 'ParticipantTransferred' }>,
) {
  const carried = e.type === 'ParticipantTransferred' ? e.data.carriedCents : 0;
  const received = (doc.receivedCents ?? Math.round(doc.amount * 100)) - carried;
  const owed = Math.max(0, e.data.amountCents - (received - e.data.refundCents));
  return {
    receivedCents: received,
    balanceCents: owed,
    balanceDueAt: owed > 0 ? (doc.balanceDueAt ?? null) : null,
    balanceOpen: owed > 0,
  };
}

export const enrollmentsProjector = defineProjector<RowEvent, EnrollmentRowDoc>({
  name: 'enrollments',
  collection: 'enrollments',
  // The tracker: newest first, on the All tab, the Pending/Completed tabs and the Unpaid tab, and
  // one workshop's enrollments. A substring search cannot use an index; it walks the newest-first
  // one (a whole e-mail address is looked up in enrollment-emails instead).
  indexes: [
    [{ field: 'seq', direction: 'desc' }],
    [{ field: 'status' }, { field: 'seq', direction: 'desc' }],
    [{ field: 'paymentStatus' }, { field: 'seq', direction: 'desc' }],
    // The Unpaid tab: pending enrollments whose payment is pending or declined.
    [{ field: 'status' }, { field: 'paymentStatus' }, { field: 'seq', direction: 'desc' }],
    [{ field: 'workshopId' }, { field: 'seq', direction: 'desc' }],
    // The Balance due tab, the balance reminders and the dashboard's past-due list, by due date.
    [{ field: 'balanceOpen' }, { field: 'balanceDueAt' }],
  ],
  eventTypes: [
    'EnrollmentSubmitted',
    'PaymentSucceeded',
    'PaymentFailed',
    'EnrollmentConfirmed',
    'EnrollmentExpired',
    'EnrollmentCancelled',
    'RefundIssued',
    'RefundRequested',
    'RefundFailed',
    'EnrollmentTransferred',
    'ParticipantDetailsCorrected',
    'BookingRescheduled',
    'BalancePaid',
    'InstallmentPaymentRecorded',
    'InstallmentWaiverRecorded',
    'BalanceReminderSent',
    'SafetyDataErased',
    'ParticipantCancelled',
    'ParticipantTransferred',
    'BookingChildrenMatched',
  ],
  keys: (event) => [
    event.type === 'SafetyDataErased' || event.type === 'BookingChildrenMatched'
      ? event.data.enrollmentId
      : enrollmentIdOf(event),
  ],
  project(doc, e) {
    if (e.type === 'EnrollmentSubmitted') {
      const { item, form } = e.data;
      const isWorkshop = item.kind === 'workshop';
      const participantDetails = participantDetailsOf(form);
      // The participants as the order names them: the contact person stands in for a first one left unnamed.
      const names = attendeeNames(form);
      return {
        id: e.data.enrollmentId,
        // Sorted on by every tracker query: early in the document, where the store's JSON reads find it first.
        seq: Number(e.position),
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
        participantNames: names,
        category: item.category,
        ...(item.childDetails ? { childDetails: true } : {}),
        participantDetails,
        contact: contactOf(form),
        // A participant's own booking moved out of another came paid (with that booking's payment).
        paidAmount: fromCents(e.data.splitFrom?.paidCents ?? 0),
        ...(e.data.splitFrom ? { paidCents: e.data.splitFrom.paidCents } : {}),
        ...searchKeysOf(form, names),
        workshopTitle: isWorkshop ? item.title : '',
        programTitle: isWorkshop ? '' : item.title,
        location: item.location,
        refunds: [],
        refundedAmount: 0,
        pricing: pricingViewOf(pricingOf(e.data)),
        familyCredit: pricingOf(e.data).householdId !== null,
        balanceCents: 0,
        balanceDueAt: null,
        balanceOpen: false,
        receivedCents: 0,
      };
    }
    if (!doc) return undefined;
    switch (e.type) {
      case 'PaymentSucceeded':
        return {
          ...doc,
          paymentStatus: doc.status === 'cancelled' ? doc.paymentStatus : 'paid',
          paidCents: (doc.paidCents ?? 0) + e.data.amountCents,
          paidAmount: fromCents((doc.paidCents ?? 0) + e.data.amountCents),
        };
      case 'SafetyDataErased':
        return { ...doc, safetyDataErasedAt: e.data.at };
      case 'BookingChildrenMatched':
        // The family's parent confirmed which children these are: the record reads them as the family keeps them.
        return doc.participantDetails
          ? { ...doc, participantDetails: withMatchedChildren(doc.participantDetails, e.data.matches) }
          : undefined;
      case 'PaymentFailed':
        // The visitor may try again; a later success makes it paid.
        return { ...doc, paymentStatus: 'unpaid' };
      case 'EnrollmentConfirmed': {
        const total = doc.pricing?.totalCents ?? Math.round(doc.amount * 100);
        const owed = doc.pricing?.balanceCents ?? 0;
        const fromBalances = (e.data.paidByGiftCardCents ?? 0) + (e.data.paidByCreditCents ?? 0);
        const paidCents = (doc.paidCents ?? 0) + fromBalances;
        return {
          ...doc,
          status: 'completed',
          paymentStatus: total === 0 ? 'free' : 'paid',
          orderId: e.data.orderId,
          orderReference: e.data.orderReference,
          paidCents,
          paidAmount: fromCents(paidCents),
          balanceCents: owed,
          balanceDueAt: owed > 0 ? (doc.pricing?.balanceDueAt ?? null) : null,
          balanceOpen: owed > 0,
          receivedCents: total - owed,
        };
      }
      case 'BalancePaid': {
        const paidCents = (doc.paidCents ?? 0) + e.data.amountCents;
        return {
          ...doc,
          paidCents,
          paidAmount: fromCents(paidCents),
          receivedCents: (doc.receivedCents ?? 0) + e.data.amountCents,
          balanceCents: 0,
          balanceDueAt: null,
          balanceOpen: false,
        };
      }
      case 'InstallmentWaiverRecorded': {
        const owed = Math.max(0, (doc.balanceCents ?? 0) - e.data.amountCents);
        return {
          ...doc,
          balanceCents: owed,
          balanceDueAt: owed > 0 ? (doc.balanceDueAt ?? null) : null,
          balanceOpen: owed > 0,
        };
      }
      case 'InstallmentPaymentRecorded': {
        // A plan's instalment: paid, and owed no more (what is left falls by it).
        const paidCents = (doc.paidCents ?? 0) + e.data.amountCents;
        const owed = Math.max(0, (doc.balanceCents ?? 0) - e.data.amountCents);
        return {
          ...doc,
          paidCents,
          paidAmount: fromCents(paidCents),
          receivedCents: (doc.receivedCents ?? 0) + e.data.amountCents,
          balanceCents: owed,
          balanceDueAt: owed > 0 ? (doc.balanceDueAt ?? null) : null,
          balanceOpen: owed > 0,
        };
      }
      case 'BalanceReminderSent':
        return { ...doc, balanceReminders: [...(doc.balanceReminders ?? []), e.data.kind] };
      case 'EnrollmentExpired':
        return { ...doc, status: 'expired', paymentStatus: settle(doc.paymentStatus) };
      case 'EnrollmentCancelled':
        return {
          ...doc,
          status: 'cancelled',
          paymentStatus: settle(doc.paymentStatus),
          balanceCents: 0,
          balanceDueAt: null,
          balanceOpen: false,
          ...(e.data.note ? { cancelNote: e.data.note } : {}),
        };
      case 'RefundIssued': {
        const { refundKey } = e.data;
        // The late-payment refund has no key: it gives back the whole payment.
        if (!refundKey) return { ...doc, paymentStatus: 'refunded', refundedAmount: fromCents(e.data.amountCents) };
        return withRefunds(doc, replaceRefund(doc.refunds, refundKey, { status: 'issued', failure: null }));
      }
      case 'RefundRequested': {
        const { refundKey, amountCents, reason, attempt } = e.data;
        const to = e.data.to ?? e.data.source ?? 'card';
        const known = (doc.refunds ?? []).some((r) => r.refundKey === refundKey);
        const refunds = known
          ? replaceRefund(doc.refunds, refundKey, { status: 'pending', attempt, failure: null })
          : [
              ...(doc.refunds ?? []),
              {
                refundKey,
                amount: fromCents(amountCents),
                reason,
                status: 'pending' as const,
                attempt,
                failure: null,
                to,
              },
            ];
        return withRefunds(doc, refunds);
      }
      case 'RefundFailed':
        return withRefunds(
          doc,
          replaceRefund(doc.refunds, e.data.refundKey, { status: 'failed', failure: e.data.message }),
        );
      case 'EnrollmentTransferred': {
        const { item } = e.data;
        const received = (doc.receivedCents ?? Math.round(doc.amount * 100)) - e.data.refundCents;
        const owed = doc.status === 'completed' ? Math.max(0, e.data.amountCents - received) : 0;
        return {
          ...doc,
          workshopId: e.data.toWorkshopId,
          workshop: { title: item.title, location: item.location, date: item.date ?? '' },
          workshopTitle: item.title,
          location: item.location,
          amount: fromCents(e.data.amountCents),
          ...(doc.pricing ? { pricing: transferredPricing(doc.pricing, e.data.amountCents, e.data.lines, owed) } : {}),
          balanceCents: owed,
          balanceDueAt: owed > 0 ? balanceDueAtOf(item) : null,
          balanceOpen: owed > 0,
        };
      }
      case 'BookingRescheduled': {
        // The school moved the workshop: the row shows (and is found by) its new date and place.
        const { item } = e.data;
        if (!doc.workshop) return undefined;
        return {
          ...doc,
          workshop: { ...doc.workshop, location: item.location, date: item.date ?? '' },
          location: item.location,
        };
      }
      case 'ParticipantDetailsCorrected': {
        // The names the tracker shows and searches follow the parent's correction.
        const names = stillComingNames(e.data.attendees, e.data.participantDetails, doc);
        return {
          ...doc,
          participantDetails: keepingChildIds(e.data.participantDetails, doc.participantDetails ?? []),
          participantNames: names,
          participantText: names.join('\n'),
        };
      }
      case 'ParticipantCancelled':
      case 'ParticipantTransferred': {
        const leftParticipants = [...(doc.leftParticipants ?? []), leftOf(e)];
        const after = { ...doc, leftParticipants };
        const names = stillComingNames(doc.participantNames ?? [], doc.participantDetails, after);
        const balance = doc.balanceOpen ? placeLeftBalance(doc, e) : null;
        const owed = balance?.balanceCents ?? doc.balanceCents ?? 0;
        return {
          ...after,
          participants: e.data.participants,
          participantNames: names,
          participantText: names.join('\n'),
          // What those still coming pay now, with the lines the decider priced them by.
          amount: fromCents(e.data.amountCents),
          ...(doc.pricing && e.data.lines
            ? { pricing: transferredPricing(doc.pricing, e.data.amountCents, e.data.lines, owed) }
            : {}),
          ...(balance ?? {}),
        };
      }
      default:
        return undefined;
    }
  },
});
