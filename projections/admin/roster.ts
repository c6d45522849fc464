import { fullName } from '../../contracts/core/erased.js';
import { defineProjector } from '../../platform/processor/projector.js';
import type { PaymentStatus } from '../../contracts/admin/enrollments.js';
import type { Collection, EmergencyContact } from '../../contracts/admin/roster.js';
import type { EnrolledWaiver } from '../../contracts/policies/waivers.js';
import { enrollmentIdOf, type EnrollmentEvent } from '../../contracts/enrollment/events.js';
import type { SessionSeatEvent } from '../../contracts/catalogue/events.js';
import type { HouseholdEvent } from '../../contracts/account/events.js';
import { keepingChildIds, withMatchedChildren } from '../../contracts/account/matched-children.js';
import type { EnrollmentFormData } from '../../contracts/enrollment/form.js';
import { participantDetailsOf, type ParticipantDetail } from '../../contracts/enrollment/participants.js';

type Person = { name: string; email: string; phone: string };

/**
 * One workshop enrollment with what its roster rows need: the family's contacts once, each
 * participant's details and attendance. Kept after it ends (`active: false`) because a payment can
 * still revive an expired hold; the roster reads `{ workshopId, active: true }`.
 */
export interface RosterDoc {
  [field: string]: unknown;
  id: string;
  workshopId: string;
  /** Feed position of the submission: the order enrollments arrived in. */
  seq: number;
  /** As the enrollment decider folds it: pending, paid, confirmed, expired, cancelled, refunded. */
  status: 'pending' | 'paid' | 'confirmed' | 'expired' | 'cancelled' | 'refunded';
  /** Cancelled after the sale (by the school or the parent): final, a late payment never revives it. */
  final: boolean;
  /** Pending, paid or confirmed: on the roster. */
  active: boolean;
  paymentStatus: PaymentStatus;
  parent: Person;
  secondParent: Person | null;
  emergencyContacts: EmergencyContact[];
  specialRequirements: string;
  participants: ParticipantDetail[];
  /** Per participant: true present, false absent, null not marked (in this workshop, its first session). */
  attendance: (boolean | null)[];
  /** Who collected each participant at the end of a session, by `<workshopId>:<session>:<participant>` (absent: none yet). */
  collections?: Record<string, Collection>;
  /**
   * The family account whose saved children these are: enrolled from it, or matched by its parent
   * since (issue 37); its pick-up list is the booking's. Absent: a typed form nobody matched.
   */
  householdId?: string;
  /** The signatures the booking rests on (absent: none recorded). */
  waivers?: EnrolledWaiver[];
  /** Indexes of participants who gave up their place while the others still come (absent: none). */
  left?: number[];
  /**
   * Every mark by `<workshopId>:<session>:<participant>` (a make-up's in another workshop); absent
   * in documents projected before courses, whose marks are the first session's in `attendance`.
   */
  marks?: Record<string, boolean>;
  /** Absences reported in advance, by the same key. */
  absences?: Record<string, true>;
}

/** Where a mark or an absence is kept in a roster document. */
export const sessionKey = (workshopId: string, session: number, participant: number) =>
  `${workshopId}:${session}:${participant}`;

/** One make-up seat in a workshop's session: the child of another booking (by id and index). */
export interface RosterMakeup {
  creditId: string;
  enrollmentId: string;
  participant: number;
  session: number;
}

/**
 * The enrollments that were ever in one workshop (`workshop:<id>`; enrollment ids have no colon),
 * so its roster is a few lookups by id however many enrollments the school holds. Ended ones stay
 * listed (their end carries no workshop id); the roster skips what is not active.
 */
export interface RosterWorkshopDoc {
  [field: string]: unknown;
  id: string;
  workshopId: string;
  enrollmentIds: string[];
  /** Make-up seats taken in its sessions (absent in lists written before courses). */
  makeups?: RosterMakeup[];
}

export const rosterWorkshopKey = (workshopId: string) => `workshop:${workshopId}`;
const isWorkshopKey = (id: string) => id.startsWith('workshop:');

type RosterEvent =
  | SessionSeatEvent
  | Extract<HouseholdEvent, { type: 'BookingChildrenMatched' }>
  | Extract<
      EnrollmentEvent,
      {
        type:
          | 'EnrollmentSubmitted'
          | 'PaymentSucceeded'
          | 'PaymentFailed'
          | 'EnrollmentConfirmed'
          | 'EnrollmentExpired'
          | 'EnrollmentCancelled'
          | 'RefundIssued'
          | 'EnrollmentTransferred'
          | 'AttendanceMarked'
          | 'ChildCollected'
          | 'ParticipantDetailsCorrected'
          | 'ParticipantCancelled'
          | 'ParticipantTransferred';
      }
    >;

const familyOf = (form: EnrollmentFormData) => ({
  parent: { name: fullName(form.firstName, form.lastName), email: form.email, phone: form.phone },
  secondParent:
    form.parent2Name || form.parent2Email || form.parent2Phone
      ? { name: form.parent2Name, email: form.parent2Email, phone: form.parent2Phone }
      : null,
  emergencyContacts: [
    {
      name: form.emergencyContact1Name,
      phone: form.emergencyContact1Phone,
      relationship: form.emergencyContact1Relationship,
    },
    {
      name: form.emergencyContact2Name,
      phone: form.emergencyContact2Phone,
      relationship: form.emergencyContact2Relationship,
    },
  ].filter((c) => c.name || c.phone),
  specialRequirements: form.specialRequirements,
});

const withStatus = (doc: RosterDoc, status: RosterDoc['status']): RosterDoc => ({
  ...doc,
  status,
  active: status === 'pending' || status === 'paid' || status === 'confirmed',
});

/** The workshop's list of enrollments after the event (`id` is its `workshop:<id>` key). */
function listed(doc: RosterWorkshopDoc | null, e: RosterEvent, id: string): RosterWorkshopDoc | undefined {
  const workshopId = id.slice('workshop:'.length);
  const ids = doc?.enrollmentIds ?? [];
  if (e.type === 'MakeupSeatTaken' || e.type === 'MakeupSeatReleased') {
    const makeups = (doc?.makeups ?? []).filter((m) => m.creditId !== e.data.creditId);
    if (e.type === 'MakeupSeatTaken') {
      const { creditId, enrollmentId, participant, session } = e.data;
      makeups.push({ creditId, enrollmentId, participant, session });
    }
    return { id, workshopId, enrollmentIds: ids, makeups };
  }
  if (e.type === 'AbsenceReported') return undefined;
  const enrollmentId = e.data.enrollmentId;
  const arrives =
    e.type === 'EnrollmentSubmitted' || (e.type === 'EnrollmentTransferred' && e.data.toWorkshopId === workshopId);
  // The list's make-ups stay: a family enrolling after a make-up was booked must not take it off the roster.
  if (arrives)
    return ids.includes(enrollmentId) ? undefined : { ...doc, id, workshopId, enrollmentIds: [...ids, enrollmentId] };
  if (!doc || !ids.includes(enrollmentId)) return undefined;
  return { ...doc, enrollmentIds: ids.filter((x) => x !== enrollmentId) };
}

/**
 * `roster`: the participants of each workshop with their safety details and attendance, one
 * document per workshop enrollment, and per workshop the list of its enrollments (see
 * RosterWorkshopDoc), written in the same batch. A transfer moves the enrollment to the new
 * workshop's list with no attendance marked.
 */
export const rosterProjector = defineProjector<RosterEvent, RosterDoc | RosterWorkshopDoc>({
  name: 'roster',
  collection: 'roster',
  eventTypes: [
    'EnrollmentSubmitted',
    'PaymentSucceeded',
    'PaymentFailed',
    'EnrollmentConfirmed',
    'EnrollmentExpired',
    'EnrollmentCancelled',
    'RefundIssued',
    'EnrollmentTransferred',
    'AttendanceMarked',
    'ChildCollected',
    'ParticipantDetailsCorrected',
    'ParticipantCancelled',
    'ParticipantTransferred',
    'AbsenceReported',
    'MakeupSeatTaken',
    'MakeupSeatReleased',
    'BookingChildrenMatched',
  ],
  keys: (event) => {
    if (event.type === 'MakeupSeatTaken' || event.type === 'MakeupSeatReleased')
      return [rosterWorkshopKey(event.data.workshopId)];
    if (event.type === 'AbsenceReported' || event.type === 'BookingChildrenMatched') return [event.data.enrollmentId];
    const enrollmentId = enrollmentIdOf(event);
    if (event.type === 'EnrollmentSubmitted') {
      const { workshopId, test, item } = event.data;
      return workshopId && !test && item.kind === 'workshop' ? [enrollmentId, rosterWorkshopKey(workshopId)] : [];
    }
    if (event.type === 'EnrollmentTransferred') {
      const { fromWorkshopId, toWorkshopId } = event.data;
      return [enrollmentId, rosterWorkshopKey(fromWorkshopId), rosterWorkshopKey(toWorkshopId)];
    }
    return [enrollmentId];
  },
  project(stored, e, id) {
    if (isWorkshopKey(id)) return listed(stored as RosterWorkshopDoc | null, e, id);
    const doc = stored as RosterDoc | null;
    if (e.type === 'EnrollmentSubmitted') {
      const { workshopId, form, isFree } = e.data;
      if (!workshopId) return undefined;
      const participants = participantDetailsOf(form);
      return {
        id: e.data.enrollmentId,
        workshopId,
        seq: Number(e.position),
        status: 'pending',
        final: false,
        active: true,
        paymentStatus: isFree ? 'free' : 'pending',
        ...familyOf(form),
        participants,
        attendance: participants.map(() => null),
        ...(e.data.householdId ? { householdId: e.data.householdId } : {}),
        ...(e.data.waivers ? { waivers: e.data.waivers } : {}),
      };
    }
    if (!doc) return undefined;
    switch (e.type) {
      case 'PaymentSucceeded':
        // Money for an enrollment cancelled after the sale is refunded, never puts it back on the roster.
        return doc.final ? undefined : { ...withStatus(doc, 'paid'), paymentStatus: 'paid' };
      case 'PaymentFailed':
        return doc.paymentStatus === 'paid' ? undefined : { ...doc, paymentStatus: 'unpaid' };
      case 'EnrollmentConfirmed':
        return { ...withStatus(doc, 'confirmed'), paymentStatus: e.data.amountCents === 0 ? 'free' : 'paid' };
      case 'EnrollmentExpired':
        return withStatus(doc, 'expired');
      case 'EnrollmentCancelled': {
        const final = e.data.reason === 'cancelled-by-admin' || e.data.reason === 'cancelled-by-visitor';
        return { ...withStatus(doc, 'cancelled'), final: doc.final || final };
      }
      case 'RefundIssued':
        // The late-payment refund (no key) ends a paid, unconfirmed enrollment; a transfer's difference leaves it on.
        if (!e.data.refundKey) return doc.status === 'paid' ? withStatus(doc, 'refunded') : undefined;
        return doc.active ? { ...doc, paymentStatus: 'partially-refunded' } : undefined;
      case 'EnrollmentTransferred':
        return {
          ...doc,
          workshopId: e.data.toWorkshopId,
          attendance: doc.participants.map(() => null),
          collections: {},
          marks: {},
          absences: {},
        };
      case 'AttendanceMarked': {
        const { workshopId, session, participant, present, makeup, undone } = e.data;
        const key = sessionKey(workshopId, session, participant);
        // A mark taken back: the participant is not marked again.
        const { [key]: _taken, ...others } = doc.marks ?? {};
        const marks = undone ? others : { ...others, [key]: present };
        if (makeup || session !== 1) return { ...doc, marks };
        const attendance = doc.participants.map((_, i) => doc.attendance[i] ?? null);
        attendance[participant] = undone ? null : present;
        return { ...doc, attendance, marks };
      }
      case 'AbsenceReported': {
        const { workshopId, session, participant } = e.data;
        return { ...doc, absences: { ...doc.absences, [sessionKey(workshopId, session, participant)]: true } };
      }
      case 'ChildCollected': {
        const { workshopId, session, participant, collectedBy: by, relationship, onList, collectedAt: at } = e.data;
        const key = sessionKey(workshopId, session, participant);
        // Taken back: nobody recorded again for that session.
        const { [key]: _taken, ...others } = doc.collections ?? {};
        return { ...doc, collections: e.data.undone ? others : { ...others, [key]: { by, relationship, onList, at } } };
      }
      case 'ParticipantDetailsCorrected':
        // The parent's correction from the booking page: the same children in the same order, so marks stay.
        return { ...doc, participants: keepingChildIds(e.data.participantDetails, doc.participants) };
      case 'BookingChildrenMatched':
        return {
          ...doc,
          participants: withMatchedChildren(doc.participants, e.data.matches),
          householdId: doc.householdId ?? e.data.householdId,
        };
      case 'ParticipantCancelled':
      case 'ParticipantTransferred':
        // Off this roster (a transferred one is on the target's, as a booking of their own); the others keep their places and marks by index.
        return { ...doc, left: [...(doc.left ?? []), e.data.participant] };
      default:
        return undefined;
    }
  },
});
