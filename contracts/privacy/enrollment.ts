import type { enrollmentEventSchemas } from '../enrollment/events.js';
import type { clientHoldEventSchemas } from '../enrollment/client-holds.js';
import type { bookingLinkEventSchemas } from '../enrollment/booking-link.js';

import type { checkoutEventSchemas } from '../enrollment/checkout.js';
import type { lapsedHoldNoteEventSchemas } from '../enrollment/lapsed-hold-notes.js';
import type { installmentPlanEventSchemas } from '../enrollment/installment-plan.js';
import { NO_PERSONAL_DATA, type PrivacyClasses } from './classes.js';

const PARTICIPANT_IDENTITY = [
  'name',
  'age',
  // A saved child's date of birth (an enrollment with `childIds`): absent otherwise.
  'dateOfBirth',
  'grade',
  'school',
  'photographyConsent',
  'allowNameWithPhoto',
  'photographyOptOut',
];
const PARTICIPANT_SAFETY = ['hasDietaryRestrictions', 'dietaryRestrictions', 'medicalNotes'];
const each = (prefix: string, fields: string[]) => fields.map((f) => `${prefix}.*.${f}`);

/**
 * The enrollment's personal data: the form (parents, children, emergency contacts, free text) and
 * everything that repeats a part of it. Items, amounts, dates, statuses, attendance flags, order
 * numbers and the provider's words stay in clear: the school's figures are made of them.
 */
export const enrollmentPrivacy = {
  EnrollmentSubmitted: {
    subject: { kind: 'email', path: 'form.email' },
    identity: [
      ...[
        'firstName',
        'lastName',
        'email',
        'phone',
        'participantNames',
        'studentName',
        'studentAge',
        'studentGrade',
        'school',
        'photographyConsent',
        'allowNameWithPhoto',
        'photographyOptOut',
      ].map((f) => `form.${f}`),
      ...each('form.participantDetails', PARTICIPANT_IDENTITY),
      'attendees.*',
      // The signatures the booking rests on: the parent's typed name.
      'waivers.*.signedName',
    ],
    safety: [
      ...[
        'specialRequirements',
        'hasDietaryRestrictions',
        'dietaryRestrictions',
        'emergencyContact1Name',
        'emergencyContact1Phone',
        'emergencyContact1Relationship',
        'emergencyContact2Name',
        'emergencyContact2Phone',
        'emergencyContact2Relationship',
      ].map((f) => `form.${f}`),
      ...each('form.participantDetails', PARTICIPANT_SAFETY),
    ],
    safetyUnit: 'enrollmentId',
    // A typed second parent is their own person too (issue 36 item 2): erasing that address blanks
    // these three fields alone and never the contact's key; erasing the contact blanks them as well.
    shared: [
      {
        subject: { kind: 'email', path: 'form.parent2Email' },
        fields: ['form.parent2Name', 'form.parent2Email', 'form.parent2Phone'],
      },
    ],
  },
  ParticipantDetailsCorrected: {
    subject: { kind: 'stream' },
    identity: [...each('participantDetails', PARTICIPANT_IDENTITY), 'attendees.*'],
    safety: each('participantDetails', PARTICIPANT_SAFETY),
    safetyUnit: 'enrollmentId',
  },
  AttendanceMarked: { subject: { kind: 'stream' }, identity: ['name'] },
  /** The child, and the adult who collected them (named from the family's pick-up list, or not on it). */
  ChildCollected: { subject: { kind: 'stream' }, identity: ['name', 'collectedBy', 'relationship'] },
  /** The administrator's or the parent's own words about the cancellation. */
  EnrollmentCancelled: { subject: { kind: 'stream' }, identity: ['note'] },
  /** Whose place it was, and the administrator's words to the parent. */
  ParticipantCancelled: { subject: { kind: 'stream' }, identity: ['name', 'note'] },
  ParticipantTransferRequested: { subject: { kind: 'stream' }, identity: ['name'] },
  ParticipantTransferred: { subject: { kind: 'stream' }, identity: ['name'] },
  PaymentIntentCreated: NO_PERSONAL_DATA,
  PaymentSucceeded: NO_PERSONAL_DATA,
  PaymentFailed: NO_PERSONAL_DATA,
  EnrollmentConfirmed: NO_PERSONAL_DATA,
  EnrollmentExpired: NO_PERSONAL_DATA,
  RefundIssued: NO_PERSONAL_DATA,
  ConfirmationEmailSent: NO_PERSONAL_DATA,
  RefundRequested: NO_PERSONAL_DATA,
  RefundFailed: NO_PERSONAL_DATA,
  TransferRequested: NO_PERSONAL_DATA,
  EnrollmentTransferred: NO_PERSONAL_DATA,
  TransferAbandoned: NO_PERSONAL_DATA,
  CustomerNotified: NO_PERSONAL_DATA,
  ReminderSent: NO_PERSONAL_DATA,
  ConfirmationResendRequested: NO_PERSONAL_DATA,
  ConfirmationEmailResent: NO_PERSONAL_DATA,
  BookingRescheduled: NO_PERSONAL_DATA,
  /** A deposit booking's balance: amounts, ids, dates and the transport. */
  BalancePaymentIntentCreated: NO_PERSONAL_DATA,
  BalancePaid: NO_PERSONAL_DATA,
  BalanceOverpaid: NO_PERSONAL_DATA,
  BalanceReminderSent: NO_PERSONAL_DATA,
  /** An instalment of a plan recorded on the booking: amounts, ids and a date. */
  InstallmentPaymentRecorded: NO_PERSONAL_DATA,
  InstallmentWaiverRecorded: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof enrollmentEventSchemas>;

/** Seats held per client address: keyed hashes and ids only. */
export const clientHoldPrivacy = {
  ClientSeatsHeld: NO_PERSONAL_DATA,
  ClientSeatsFreed: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof clientHoldEventSchemas>;

/** A booking link's version: the enrollment's id, a number and a reason. */
export const bookingLinkPrivacy = {
  BookingLinkReplaced: NO_PERSONAL_DATA,
  BookingLinkRequested: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof bookingLinkEventSchemas>;

/** Ids, keyed hashes and a discount code: nobody's name or address. */
export const checkoutPrivacy = {
  CheckoutRefused: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof checkoutEventSchemas>;

/** The notes on lapsed holds: booking and workshop ids under the address's keyed hash, no address. */
export const lapsedHoldNotePrivacy = {
  LapsedHoldNoteSent: NO_PERSONAL_DATA,
  LapsedHoldRefillUsed: NO_PERSONAL_DATA,
  LapsedHoldNotesStopped: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof lapsedHoldNoteEventSchemas>;

/** An instalment plan: amounts, dates, the provider's card and intent ids; nobody's name or address. */
export const installmentPlanPrivacy = {
  InstallmentPlanStarted: NO_PERSONAL_DATA,
  InstallmentChargeStarted: NO_PERSONAL_DATA,
  InstallmentPaid: NO_PERSONAL_DATA,
  InstallmentChargeFailed: NO_PERSONAL_DATA,
  InstallmentDeclineNoticeSent: NO_PERSONAL_DATA,
  InstallmentChargeRequested: NO_PERSONAL_DATA,
  InstallmentWaived: NO_PERSONAL_DATA,
  InstallmentCardRemoved: NO_PERSONAL_DATA,
  InstallmentPlanEnded: NO_PERSONAL_DATA,
  InstallmentCardDetached: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof installmentPlanEventSchemas>;
