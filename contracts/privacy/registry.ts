import type { PrivacyClass } from './classes.js';
import { announcementPrivacy, newsletterPrivacy } from './newsletter.js';
import {
  bookingLinkPrivacy,
  checkoutPrivacy,
  clientHoldPrivacy,
  enrollmentPrivacy,
  lapsedHoldNotePrivacy,
  installmentPlanPrivacy,
} from './enrollment.js';
import { accountPrivacy } from './account.js';
import {
  administratorPrivacy,
  cataloguePrivacy,
  inquiryPrivacy,
  makeupCreditPrivacy,
  messageStopPrivacy,
  attendanceMailPrivacy,
  paymentReceiptPrivacy,
  privacyPrivacy,
  waitlistPrivacy,
  workshopMessagePrivacy,
} from './others.js';
import { calendarPrivacy, instructorPrivacy } from './instructors.js';
import { appointmentPrivacy, appointmentTypePrivacy, lessonPackPrivacy } from './appointments.js';
import { organizationsPrivacy } from './organizations.js';
import {
  discountCodePrivacy,
  familyCreditPrivacy,
  giftCardPrivacy,
  incomeAccountPrivacy,
  schoolSettingsPrivacy,
} from './pricing.js';
import { certificatePrivacy, reviewPrivacy } from './trust.js';
import { locationPrivacy, roomTimePrivacy } from './locations.js';

/**
 * Every event type's personal data (see classes.ts). A slice that adds events adds its entries to
 * its file here (a missing type in a slice's `satisfies` is a compile error) and its map below; the
 * registry test fails for any type of `eventSchemas` this does not classify.
 */
export const privacyRegistry: Readonly<Record<string, PrivacyClass>> = {
  ...cataloguePrivacy,
  ...inquiryPrivacy,
  ...enrollmentPrivacy,
  ...clientHoldPrivacy,
  ...bookingLinkPrivacy,
  ...checkoutPrivacy,
  ...lapsedHoldNotePrivacy,
  ...installmentPlanPrivacy,
  ...administratorPrivacy,
  ...waitlistPrivacy,
  ...workshopMessagePrivacy,
  ...messageStopPrivacy,
  ...attendanceMailPrivacy,
  ...paymentReceiptPrivacy,
  ...privacyPrivacy,
  ...makeupCreditPrivacy,
  ...accountPrivacy,
  ...discountCodePrivacy,
  ...schoolSettingsPrivacy,
  ...familyCreditPrivacy,
  ...giftCardPrivacy,
  ...instructorPrivacy,
  ...calendarPrivacy,
  ...appointmentTypePrivacy,
  ...appointmentPrivacy,
  ...lessonPackPrivacy,
  ...newsletterPrivacy,
  ...announcementPrivacy,
  ...organizationsPrivacy,
  ...reviewPrivacy,
  ...certificatePrivacy,
  ...locationPrivacy,
  ...roomTimePrivacy,
  ...incomeAccountPrivacy,
};
