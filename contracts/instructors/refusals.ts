import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on the instructors' streams refuses, as data (worded in service/instructors/refusal-answers.ts). */
export type InstructorRefusal =
  | { code: 'instructor_not_found' }
  | { code: 'instructor_exists' }
  /** The instructor's time is taken then: a lesson, a party or a class (the calendar stream). */
  | { code: 'instructor_time_taken'; startsAt: string; endsAt: string; what: 'lesson' | 'party' | 'class' }
  /** The type's daily cap for this instructor is reached on that school day. */
  | { code: 'instructor_day_full'; day: string; maxPerDay: number }
  /** No such appointment on the calendar, or no longer held or booked there. */
  | { code: 'appointment_not_on_calendar' };

export const INSTRUCTOR_REFUSAL_KINDS: RefusalKinds<InstructorRefusal> = {
  instructor_not_found: 'not_found',
  instructor_exists: 'conflict',
  instructor_time_taken: 'conflict',
  instructor_day_full: 'conflict',
  appointment_not_on_calendar: 'not_found',
};
