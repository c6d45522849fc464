import type { EventSchemas } from './core/events.js';
import { catalogueEventSchemas } from './catalogue/events.js';
import { inquiryEventSchemas } from './inquiries/inquiry.js';
import { enrollmentEventSchemas } from './enrollment/events.js';
import { clientHoldEventSchemas } from './enrollment/client-holds.js';
import { bookingLinkEventSchemas } from './enrollment/booking-link.js';
import { checkoutEventSchemas } from './enrollment/checkout.js';
import { lapsedHoldNoteEventSchemas } from './enrollment/lapsed-hold-notes.js';
import { installmentPlanEventSchemas } from './enrollment/installment-plan.js';
import { administratorEventSchemas } from './admin/administrators.js';
import { waitlistEventSchemas } from './waitlist/events.js';
import { messageStopEventSchemas, workshopMessageEventSchemas } from './messages/events.js';
import { attendanceMailEventSchemas } from './courses/attendance-mail.js';
import { paymentReceiptEventSchemas } from './receipts/receipt-mail.js';
import { discountCodeEventSchemas } from './pricing/discount-codes.js';
import { schoolSettingsEventSchemas } from './pricing/settings.js';
import { familyCreditEventSchemas } from './pricing/credit.js';
import { giftCardEventSchemas } from './gift-cards/events.js';
import { accountEventSchemas } from './account/events.js';
import { makeupCreditEventSchemas } from './courses/events.js';
import { privacyEventSchemas } from './privacy/events.js';
import { instructorEventSchemas } from './instructors/events.js';
import { calendarEventSchemas } from './instructors/calendar.js';
import { appointmentTypeEventSchemas } from './appointments/appointment-type.js';
import { appointmentEventSchemas } from './appointments/booking.js';
import { lessonPackEventSchemas } from './appointments/lesson-pack.js';
import { newsletterEventSchemas } from './newsletter/events.js';
import { announcementEventSchemas } from './newsletter/announcements.js';
import { organizationsEventSchemas } from './organizations/events.js';
import { reviewEventSchemas } from './reviews/events.js';
import { certificateEventSchemas } from './certificates/events.js';
import { locationEventSchemas } from './locations/events.js';
import { roomTimeEventSchemas } from './locations/room-time.js';
import { incomeAccountEventSchemas } from './reports/income-accounts.js';

/** Every event type and the schema of its data; the event store validates with it on append and read. */
export const eventSchemas: EventSchemas = {
  ...catalogueEventSchemas,
  ...inquiryEventSchemas,
  ...enrollmentEventSchemas,
  ...clientHoldEventSchemas,
  ...bookingLinkEventSchemas,
  ...checkoutEventSchemas,
  ...lapsedHoldNoteEventSchemas,
  ...installmentPlanEventSchemas,
  ...administratorEventSchemas,
  ...waitlistEventSchemas,
  ...workshopMessageEventSchemas,
  ...messageStopEventSchemas,
  ...attendanceMailEventSchemas,
  ...paymentReceiptEventSchemas,
  ...discountCodeEventSchemas,
  ...schoolSettingsEventSchemas,
  ...familyCreditEventSchemas,
  ...giftCardEventSchemas,
  ...accountEventSchemas,
  ...makeupCreditEventSchemas,
  ...privacyEventSchemas,
  ...instructorEventSchemas,
  ...calendarEventSchemas,
  ...appointmentTypeEventSchemas,
  ...appointmentEventSchemas,
  ...lessonPackEventSchemas,
  ...newsletterEventSchemas,
  ...announcementEventSchemas,
  ...organizationsEventSchemas,
  ...reviewEventSchemas,
  ...certificateEventSchemas,
  ...locationEventSchemas,
  ...roomTimeEventSchemas,
  ...incomeAccountEventSchemas,
};
