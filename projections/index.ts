import type { Projector } from '../platform/processor/projector.js';
import { programsProjector } from './catalogue/programs.js';
import { scheduleProjector } from './catalogue/schedule.js';
import { inquiriesProjector } from './inquiries/inquiries.js';
import { enrollmentsProjector } from './admin/enrollments.js';
import { enrollmentHistoryProjector } from './admin/enrollment-history.js';
import { dashboardProjector } from './admin/dashboard.js';
import { ordersProjector } from './enrollment/orders.js';
import { seatHoldsProjector } from './enrollment/seat-holds.js';

/** Every projection the runner keeps up to date; slices add theirs here. */
export const allProjectors: Projector[] = [
  programsProjector as unknown as Projector,
  scheduleProjector as unknown as Projector,
  inquiriesProjector as unknown as Projector,
  enrollmentsProjector as unknown as Projector,
  enrollmentHistoryProjector as unknown as Projector,
  dashboardProjector as unknown as Projector,
  ordersProjector as unknown as Projector,
  seatHoldsProjector as unknown as Projector,
];
