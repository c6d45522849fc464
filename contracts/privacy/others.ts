import type { catalogueEventSchemas } from '../catalogue/events.js';
import type { inquiryEventSchemas } from '../inquiries/inquiry.js';
import type { administratorEventSchemas } from '../admin/administrators.js';
import type { waitlistEventSchemas } from '../waitlist/events.js';
import type { messageStopEventSchemas, workshopMessageEventSchemas } from '../messages/events.js';
import type { attendanceMailEventSchemas } from '../courses/attendance-mail.js';
import type { paymentReceiptEventSchemas } from '../receipts/receipt-mail.js';
import type { privacyEventSchemas } from './events.js';
import type { makeupCreditEventSchemas } from '../courses/events.js';
import { NO_PERSONAL_DATA, type PrivacyClasses } from './classes.js';

/** The catalogue: what the school publishes (an instructor's name is on the public schedule). */
export const cataloguePrivacy = {
  SeedSeasonChosen: NO_PERSONAL_DATA,
  ProgramPublished: NO_PERSONAL_DATA,
  ProgramUpdated: NO_PERSONAL_DATA,
  ProgramRemoved: NO_PERSONAL_DATA,
  WorkshopScheduled: NO_PERSONAL_DATA,
  WorkshopUpdated: NO_PERSONAL_DATA,
  WorkshopRemoved: NO_PERSONAL_DATA,
  SeatsReserved: NO_PERSONAL_DATA,
  SeatsReleased: NO_PERSONAL_DATA,
  SeatsConfirmed: NO_PERSONAL_DATA,
  // Courses: a child named by its booking and index, never by name.
  AbsenceReported: NO_PERSONAL_DATA,
  MakeupSeatTaken: NO_PERSONAL_DATA,
  MakeupSeatReleased: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof catalogueEventSchemas>;

/** A make-up credit's ledger: ids, indexes, sessions and dates; the administrator granting it is in the metadata, in clear as in the audit trail. */
export const makeupCreditPrivacy = {
  MakeupCreditGranted: NO_PERSONAL_DATA,
  MakeupBooked: NO_PERSONAL_DATA,
  MakeupCancelled: NO_PERSONAL_DATA,
  MakeupCreditVoided: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof makeupCreditEventSchemas>;

export const inquiryPrivacy = {
  ContactMessageReceived: {
    subject: { kind: 'email', path: 'message.email' },
    identity: ['fullname', 'company', 'email', 'phone', 'message'].map((f) => `message.${f}`),
  },
  ConsultationRequested: {
    subject: { kind: 'email', path: 'request.email' },
    identity: ['name', 'company', 'email', 'phone', 'preferredDate', 'discussionTopic'].map((f) => `request.${f}`),
  },
  InquiryOfficeNotified: NO_PERSONAL_DATA,
  InquiryRead: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof inquiryEventSchemas>;

/**
 * A staff member's name and e-mail, under their own e-mail's subject. The name an administrator
 * acts under (`metadata.administrator`) stays in clear: the school's audit trail says who did what.
 */
export const administratorPrivacy = {
  AdministratorAdded: { subject: { kind: 'email', path: 'email' }, identity: ['name', 'email'] },
  AdministratorRevoked: NO_PERSONAL_DATA,
  AdministratorRoleChanged: NO_PERSONAL_DATA,
  AdministratorLocationsChanged: NO_PERSONAL_DATA,
  AdministratorChangeNoticeSent: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof administratorEventSchemas>;

export const waitlistPrivacy = {
  WaitlistJoined: {
    subject: { kind: 'email', path: 'email' },
    identity: ['firstName', 'lastName', 'email', 'phone'],
  },
  WaitlistEntryConfirmed: NO_PERSONAL_DATA,
  WaitlistConfirmationEmailSent: NO_PERSONAL_DATA,
  WaitlistEntryLapsed: NO_PERSONAL_DATA,
  WaitlistOffered: NO_PERSONAL_DATA,
  WaitlistOfferEmailSent: NO_PERSONAL_DATA,
  WaitlistOfferAccepted: NO_PERSONAL_DATA,
  WaitlistOfferExpired: NO_PERSONAL_DATA,
  WaitlistLeft: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof waitlistEventSchemas>;

/** The school's words to a workshop's families, and recipients by booking id: no family's data. */
export const workshopMessagePrivacy = {
  WorkshopMessageWritten: NO_PERSONAL_DATA,
  WorkshopMessageSent: NO_PERSONAL_DATA,
  WorkshopMessageUndeliverable: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof workshopMessageEventSchemas>;

/** Its stream is a keyed hash of the family's address; the event holds a date. */
export const messageStopPrivacy = {
  WorkshopMessagesStopped: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof messageStopEventSchemas>;

/** Ids, a Message-ID and a number: whom it went to is the booking's. */
export const attendanceMailPrivacy = {
  AttendanceCalendarSent: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof attendanceMailEventSchemas>;

/** What was paid, by id, and a Message-ID: whom it went to is the card's or the booking's. */
export const paymentReceiptPrivacy = {
  PaymentReceiptSent: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof paymentReceiptEventSchemas>;

/** Erasures and reads name subjects and records by id only. */
export const privacyPrivacy = {
  PersonalDataErased: NO_PERSONAL_DATA,
  SafetyDataErased: NO_PERSONAL_DATA,
  PersonalDataRead: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof privacyEventSchemas>;
