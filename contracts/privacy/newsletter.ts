import type { newsletterEventSchemas } from '../newsletter/events.js';
import type { announcementEventSchemas } from '../newsletter/announcements.js';
import { NO_PERSONAL_DATA, type PrivacyClasses } from './classes.js';

/** A subscriber's address under its own key (its keyed hash); the rest names the hash only. */
export const newsletterPrivacy = {
  NewsletterSubscriptionRequested: { subject: { kind: 'email', path: 'email' }, identity: ['email'] },
  NewsletterConfirmationEmailSent: NO_PERSONAL_DATA,
  NewsletterSubscribed: NO_PERSONAL_DATA,
  NewsletterUnsubscribed: NO_PERSONAL_DATA,
  NewsletterSuppressed: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof newsletterEventSchemas>;

/** An announcement is the school's words; its recipients are keyed hashes. */
export const announcementPrivacy = {
  AnnouncementWritten: NO_PERSONAL_DATA,
  AnnouncementTestRequested: NO_PERSONAL_DATA,
  AnnouncementSendRequested: NO_PERSONAL_DATA,
  AnnouncementDelivered: NO_PERSONAL_DATA,
  AnnouncementSendCompleted: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof announcementEventSchemas>;
