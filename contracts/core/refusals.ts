/**
 * The kind of answer a refusal gets: the `code` of the API's error body (contracts/core/errors.ts),
 * which gives its HTTP status at the edge. Most are the generic kinds; a few name a case more
 * precisely for the screens that read them (the roster, the sales window, courses, erasure).
 */
export type RefusalKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** A link that was good once and has run out (a waitlist confirmation not used in time). */
  | 'gone'
  | 'rate_limited'
  /** A workshop's sales window is over. */
  | 'enrollment_closed'
  /** The roster: no such enrollment, another workshop's, no such participant, no longer booked. */
  | 'unknown_enrollment'
  | 'not_in_workshop'
  | 'participant_out_of_range'
  | 'enrollment_not_active'
  /** The name given at pick-up is not on the family's list: confirm to record it. */
  | 'not_on_pickup_list'
  /** Attendance or pick-up asked before the session's day. */
  | 'session_not_yet'
  /** Courses: a session full or begun, a make-up credit spent, expired or for another program. */
  | 'session_full'
  | 'session_over'
  /** A make-up into a session its child is already expected in, or reported missing. */
  | 'already_in_session'
  | 'credit_used'
  | 'credit_expired'
  /** A make-up credit whose place was cancelled or moved. */
  | 'credit_voided'
  | 'other_program'
  /** An erasure would leave a paid class ahead: the owner is asked to cancel it first. */
  | 'upcoming_bookings';

/** A decision's refusal, as data: why (a code unique across the slices) and the values its sentence needs, never words. */
export interface Refusal {
  readonly code: string;
}

/** Each refusal code of a slice with the kind of answer it gets, decided beside the codes. */
export type RefusalKinds<R extends Refusal> = { readonly [C in R['code']]: RefusalKind };

/** One refusal of a union by its code, with the values that code carries. */
export type RefusalOf<R extends Refusal, C extends R['code']> = Extract<R, { code: C }>;
