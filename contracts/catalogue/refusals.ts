import type { RefusalKinds } from '../core/refusals.js';
import type { Session } from './sessions.js';

/** A course's session as a refusal names it: its number (from 1) among the workshop's sessions. */
interface SessionNamed {
  sessions: Session[];
  session: number;
}

/**
 * Why a decision on a workshop's or a program's stream refuses a command, as data: the catalogue's
 * edits, and the seats of enrollments, offers, transfers and the sessions of a course. Worded at
 * the HTTP edge (service/catalogue/refusal-answers.ts).
 */
export type CatalogueRefusal =
  // The catalogue.
  | { code: 'workshop_exists'; workshopId: string }
  | { code: 'workshop_not_found' }
  | { code: 'sessions_in_use'; sessions: number }
  | { code: 'capacity_below_taken'; taken: number }
  | { code: 'workshop_has_bookings'; active: number }
  | { code: 'program_exists'; programId: string }
  | { code: 'program_not_found' }
  // Seats.
  | { code: 'sales_closed'; title: string; closesAt: string; begun: boolean }
  | { code: 'seats_short'; left: number; wanted: number }
  | { code: 'free_seats_capped'; title: string; taken: number; max: number }
  | { code: 'transfer_target_closed'; title: string; begun: boolean }
  | { code: 'transfer_seats_short'; title: string; left: number; seats: number }
  // The sessions of a course: absences and make-ups.
  | { code: 'no_such_session'; title: string; count: number }
  | { code: 'absence_not_booked' }
  | { code: 'absence_no_such_participant'; seats: number }
  | ({ code: 'absence_session_begun' } & SessionNamed)
  | ({ code: 'makeup_session_begun'; title: string } & SessionNamed)
  | ({ code: 'makeup_session_full'; title: string } & SessionNamed)
  /**
   * A make-up into a session its child is already in (issue 37): reported missing it, booked into
   * the class, or holding another make-up there. `who` names the child (the command carries it).
   */
  | ({
      code: 'makeup_already_expected';
      why: 'missed' | 'booked' | 'makeup';
      who: string | null;
      title: string;
    } & SessionNamed);

export const CATALOGUE_REFUSAL_KINDS: RefusalKinds<CatalogueRefusal> = {
  workshop_exists: 'conflict',
  workshop_not_found: 'not_found',
  sessions_in_use: 'conflict',
  capacity_below_taken: 'conflict',
  workshop_has_bookings: 'conflict',
  program_exists: 'conflict',
  program_not_found: 'not_found',
  sales_closed: 'enrollment_closed',
  seats_short: 'conflict',
  free_seats_capped: 'rate_limited',
  transfer_target_closed: 'conflict',
  transfer_seats_short: 'conflict',
  no_such_session: 'validation',
  absence_not_booked: 'conflict',
  absence_no_such_participant: 'validation',
  absence_session_begun: 'session_over',
  makeup_session_begun: 'session_over',
  makeup_session_full: 'session_full',
  makeup_already_expected: 'already_in_session',
};
