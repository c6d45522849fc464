import { defineProjector } from '../../platform/processor/projector.js';
import type { EnrollmentEvent } from '../../contracts/enrollment/events.js';
import type { ProgramEvent, WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { AppointmentEvent } from '../../contracts/appointments/booking.js';

/**
 * The figures behind the dashboard cards, in one document. Workshop dates are kept rather than a
 * count of upcoming ones, because "upcoming" depends on the time of the question, not of the event.
 */
export type DashboardDoc = {
  enrollments: number;
  /** Received minus refunded, in cents so sums stay exact. */
  revenueCents: number;
  /** Ids of programs published and not removed. */
  programs: string[];
  /** Start instant of each scheduled workshop, by id. */
  workshopDates: Record<string, string>;
};

export const DASHBOARD_DOC_ID = 'summary';

const empty: DashboardDoc = { enrollments: 0, revenueCents: 0, programs: [], workshopDates: {} };

export const dashboardProjector = defineProjector<
  EnrollmentEvent | AppointmentEvent | ProgramEvent | WorkshopEvent,
  DashboardDoc
>({
  name: 'dashboard',
  collection: 'dashboard',
  eventTypes: [
    'EnrollmentSubmitted',
    'PaymentSucceeded',
    'BalancePaid',
    'BalanceOverpaid',
    'InstallmentPaymentRecorded',
    'EnrollmentConfirmed',
    'RefundIssued',
    'AppointmentPaid',
    'AppointmentRefunded',
    'ProgramPublished',
    'ProgramRemoved',
    'WorkshopScheduled',
    'WorkshopUpdated',
    'WorkshopRemoved',
  ],
  keys: () => [DASHBOARD_DOC_ID],
  project(current, e) {
    const doc = current ?? empty;
    switch (e.type) {
      case 'EnrollmentSubmitted':
        return { ...doc, enrollments: doc.enrollments + 1 };
      case 'PaymentSucceeded':
      case 'BalancePaid':
      case 'BalanceOverpaid':
      case 'InstallmentPaymentRecorded':
        // A balance no longer owed (overpaid) came in too; its refund takes it out again.
        return { ...doc, revenueCents: doc.revenueCents + e.data.amountCents };
      case 'EnrollmentConfirmed': {
        // What the gift card and the credit paid is revenue once the order is sold.
        const fromBalances = (e.data.paidByGiftCardCents ?? 0) + (e.data.paidByCreditCents ?? 0);
        return fromBalances === 0 ? undefined : { ...doc, revenueCents: doc.revenueCents + fromBalances };
      }
      case 'AppointmentPaid':
        // A private lesson's or party's card money (issue 38 item 8), as the revenue ledger books it.
        return { ...doc, revenueCents: doc.revenueCents + e.data.amountCents };
      case 'RefundIssued':
      case 'AppointmentRefunded':
        return { ...doc, revenueCents: doc.revenueCents - e.data.amountCents };
      case 'ProgramPublished':
        return { ...doc, programs: [...new Set([...doc.programs, e.data.program.id])] };
      case 'ProgramRemoved':
        return { ...doc, programs: doc.programs.filter((id) => id !== e.data.programId) };
      case 'WorkshopScheduled':
      case 'WorkshopUpdated':
        return { ...doc, workshopDates: { ...doc.workshopDates, [e.data.workshop.id]: e.data.workshop.date } };
      case 'WorkshopRemoved': {
        const { [e.data.workshopId]: _removed, ...rest } = doc.workshopDates;
        return { ...doc, workshopDates: rest };
      }
      default:
        return undefined;
    }
  },
});
