import type { organizationsEventSchemas } from '../organizations/events.js';
import { NO_PERSONAL_DATA, type PrivacyClasses, type SubjectRule } from './classes.js';

/** An organization is its own data subject (issue 39): `organization:<id>`, whatever its contact's address. */
export const ORGANIZATION_SUBJECT_PREFIX = 'organization:';
const organization: SubjectRule = { kind: 'id', path: 'organizationId', prefix: ORGANIZATION_SUBJECT_PREFIX };
const CONTACT = ['contactName', 'contactEmail', 'contactPhone'];

/**
 * Organizations, quotes, invoices and numbers (issue 39). The contact's name, e-mail and phone, and
 * the attendees its coordinator names (and those replaced), are sealed under the organization's own
 * key, so erasing it destroys them at once. The organization's name, billing address and tax id,
 * the quotes' and invoices' lines, amounts, dates, PO numbers and payments stay in clear: they are
 * the business's documents and the school's figures, and a numbered invoice is kept as issued.
 */
export const organizationsPrivacy = {
  OrganizationRegistered: { subject: organization, identity: CONTACT },
  OrganizationUpdated: { subject: organization, identity: CONTACT },
  QuoteDrafted: NO_PERSONAL_DATA,
  QuoteRevised: NO_PERSONAL_DATA,
  QuoteSent: NO_PERSONAL_DATA,
  QuoteWithdrawn: NO_PERSONAL_DATA,
  QuoteAccepted: NO_PERSONAL_DATA,
  QuoteAcceptanceFailed: NO_PERSONAL_DATA,
  InvoiceIssued: NO_PERSONAL_DATA,
  InvoicePaymentIntentCreated: NO_PERSONAL_DATA,
  InvoicePaymentRecorded: NO_PERSONAL_DATA,
  InvoiceOverpaid: NO_PERSONAL_DATA,
  InvoiceOverpaymentRefunded: NO_PERSONAL_DATA,
  InvoicePaid: NO_PERSONAL_DATA,
  InvoiceVoided: NO_PERSONAL_DATA,
  CreditNoteIssued: NO_PERSONAL_DATA,
  InvoiceRefundRecorded: NO_PERSONAL_DATA,
  InvoiceCardRefundRequested: NO_PERSONAL_DATA,
  InvoiceCardRefundFailed: NO_PERSONAL_DATA,
  InvoiceReminderSent: NO_PERSONAL_DATA,
  GroupAttendeesNamed: {
    subject: organization,
    identity: [
      'attendees.*.name',
      'attendees.*.email',
      'attendees.*.dietaryRestrictions',
      'removed.*.name',
      'removed.*.email',
    ],
  },
  PrivateWorkshopScheduled: NO_PERSONAL_DATA,
  DocumentNumberAssigned: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof organizationsEventSchemas>;
