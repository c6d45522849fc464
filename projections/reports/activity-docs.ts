/** One participant's mark at one session: the school day it was taken, present or not, at a make-up. */
export type ActivityMark = { day: string; present: boolean; makeup: boolean; workshopId: string };

/**
 * What became of a booking (record 110): ids, school days and counts only, never a name, so an
 * erased family still counts. `householdId` is the family a returning booking is matched by.
 */
export type BookingActivityDoc = {
  kind: 'booking';
  /** The class it is in now (after a transfer or a reschedule), or null for a program or test order. */
  workshopId: string | null;
  /** A program bought as such; a class's program is its workshop's. */
  programId: string | null;
  householdId: string | null;
  /** A place split off another booking: not a hold of its own in the funnel. */
  split: boolean;
  startedDay: string;
  /** The school day of its first session attended; null for a booking with no dated session. */
  classDay: string | null;
  paidDay: string | null;
  lapsedDay: string | null;
  cancelledDay: string | null;
  /** By `<workshopId>:<session>:<participant>`; a mark taken back is gone. */
  marks: Record<string, ActivityMark>;
};
/** A workshop's program, instructor and sessions (school day and length): the instructors' report. */
export type WorkshopActivityDoc = {
  kind: 'workshop';
  title: string;
  programId: string | null;
  instructorId: string | null;
  /** The instructor as written on a workshop from before instructor records: matched to a record by name. */
  instructor: string;
  sessions: { day: string; minutes: number }[];
  removed: boolean;
  /** Where it is held (issue 41), when it says: the reports' location filter. */
  locationId?: string;
};
export type ProgramActivityDoc = { kind: 'program'; title: string };
export type ActivityDoc =
  BookingActivityDoc | WorkshopActivityDoc | ProgramActivityDoc | ActivityDayDoc | ActivityIndexDoc;

/** What became of the bookings of one class (or program) started on one day (record 140). */
export type FunnelDayRow = {
  workshopId: string | null;
  programId: string | null;
  started: number;
  paid: number;
  attended: number;
  lapsed: number;
  cancelled: number;
};

/**
 * The bookings started on one school day (record 140), counted by the class (or program) each is
 * in now and what became of them since: the funnel reads the days of its range, not every booking.
 */
export type ActivityDayDoc = { kind: 'day'; day: string; funnel: FunnelDayRow[] };

/**
 * The read model's one index document (record 140): each workshop's program and location and each
 * program's title, so the funnel reads documents by id only, never a query over them all.
 */
export type ActivityIndexDoc = {
  kind: 'index';
  workshops: Record<string, { programId: string | null; locationId?: string }>;
  programs: Record<string, { title: string }>;
};
