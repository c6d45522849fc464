import type { InstructorRefusal } from '../../contracts/instructors/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';
import { schoolTimeText } from '../../contracts/instructors/school-clock.js';

export const INSTRUCTOR_NOT_FOUND = 'We could not find that instructor. They may have been removed.';

const WHAT = { lesson: 'a private lesson', party: 'a private party', class: 'a class' } as const;

/** How the API words the instructors' refusals (contracts/instructors/refusals.ts): their part of the one table. */
export const INSTRUCTOR_REFUSAL_ANSWERS: RefusalAnswers<InstructorRefusal> = {
  instructor_not_found: { field: 'instructorId', words: () => INSTRUCTOR_NOT_FOUND },
  instructor_exists: { words: () => 'This instructor has been added already.' },
  instructor_time_taken: {
    words: (r) =>
      `The instructor already has ${WHAT[r.what]} from ${schoolTimeText(r.startsAt)} to ${schoolTimeText(r.endsAt)}: choose another time.`,
  },
  instructor_day_full: {
    words: (r) =>
      `The instructor's day ${r.day} is full: at most ${r.maxPerDay} of these a day. Please choose another day.`,
  },
  appointment_not_on_calendar: {
    words: () => 'This appointment is no longer held or booked: it may have lapsed or been cancelled.',
  },
};
