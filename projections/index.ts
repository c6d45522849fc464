import type { AnyProjector } from '../platform/processor/projector.js';
import { programsProjector } from './catalogue/programs.js';
import { scheduleProjector } from './catalogue/schedule.js';
import { inquiriesProjector } from './inquiries/inquiries.js';
import { enrollmentsProjector } from './admin/enrollments.js';
import { enrollmentHistoryProjector } from './admin/enrollment-history.js';
import { enrollmentEmailsProjector } from './admin/enrollment-emails.js';
import { dashboardProjector } from './admin/dashboard.js';
import { ordersProjector } from './enrollment/orders.js';
import { seatHoldsProjector } from './enrollment/seat-holds.js';
import { installmentPlansProjector } from './enrollment/installment-plans.js';
import { administratorsProjector } from './admin/administrators.js';
import { waitlistsProjector } from './waitlist/waitlists.js';
import { remindersProjector } from './enrollment/reminders.js';
import { rosterProjector } from './admin/roster.js';
import { workshopMessagesProjector } from './messages/workshop-messages.js';
import { discountCodesProjector } from './pricing/discount-codes.js';
import { discountCodeRedemptionsProjector } from './pricing/discount-code-redemptions.js';
import { schoolSettingsProjector } from './pricing/school-settings.js';
import { giftCardsProjector } from './gift-cards/gift-cards.js';
import { householdsProjector } from './account/households.js';
import { makeupCreditsProjector } from './courses/makeup-credits.js';
import { accessLogProjector } from './privacy/access-log.js';
import { instructorsProjector } from './instructors/instructors.js';
import { instructorDaysProjector } from './instructors/instructor-days.js';
import { appointmentHoldsProjector } from './appointments/appointment-holds.js';
import { revenueLedgerProjector } from './reports/revenue-ledger.js';
import { bookingActivityProjector } from './reports/booking-activity.js';
import { newsletterSubscribersProjector } from './newsletter/subscribers.js';
import { announcementsProjector } from './newsletter/announcements.js';
import { organizationsProjector } from './organizations/organizations.js';
import { invoicesProjector } from './organizations/invoices.js';
import { locationsProjector } from './locations/locations.js';
import { reviewAsksProjector } from './reviews/review-asks.js';
import { reviewsProjector } from './reviews/reviews.js';

/** Every projection the runner keeps up to date; slices add theirs here. */
export const allProjectors: readonly AnyProjector[] = [
  programsProjector,
  scheduleProjector,
  inquiriesProjector,
  enrollmentsProjector,
  enrollmentHistoryProjector,
  enrollmentEmailsProjector,
  dashboardProjector,
  ordersProjector,
  seatHoldsProjector,
  installmentPlansProjector,
  administratorsProjector,
  waitlistsProjector,
  remindersProjector,
  rosterProjector,
  workshopMessagesProjector,
  discountCodesProjector,
  discountCodeRedemptionsProjector,
  schoolSettingsProjector,
  giftCardsProjector,
  householdsProjector,
  makeupCreditsProjector,
  accessLogProjector,
  instructorsProjector,
  instructorDaysProjector,
  appointmentHoldsProjector,
  revenueLedgerProjector,
  bookingActivityProjector,
  newsletterSubscribersProjector,
  announcementsProjector,
  organizationsProjector,
  invoicesProjector,
  locationsProjector,
  reviewAsksProjector,
  reviewsProjector,
];
