import type { AppointmentRefusal } from '../../contracts/appointments/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';
import { schoolDateOf } from '../../contracts/instructors/school-clock.js';

/** How the API words the appointments' refusals (contracts/appointments/refusals.ts): their part of the one table. */
export const APPOINTMENT_REFUSAL_ANSWERS: RefusalAnswers<AppointmentRefusal> = {
  appointment_type_not_found: {
    words: () => 'We could not find that lesson or party. It may have been removed.',
  },
  appointment_type_exists: { words: () => 'This lesson or party type has been added already.' },
  instructor_not_offered: {
    field: 'instructorId',
    words: () => 'This instructor does not give this lesson or party: choose another, or any instructor.',
  },
  slot_not_offered: {
    field: 'startsAt',
    words: () => 'This time cannot be booked (outside the hours, too soon or too far ahead): choose a free time.',
  },
  appointment_exists: { words: () => 'This appointment has been requested already.' },
  appointment_closed: { words: () => 'This appointment is no longer booked, so it cannot be changed.' },
  appointment_too_late_to_move: {
    field: 'startsAt',
    words: (r) =>
      `An appointment can be moved online until ${r.hours} hours before it starts. Please call or e-mail us to change it.`,
  },
  lesson_pack_not_sold: {
    field: 'count',
    words: (r) =>
      r.counts.length === 0
        ? 'This lesson is not sold in packs.'
        : `This lesson is sold in packs of ${r.counts.join(' or ')} lessons.`,
  },
  lesson_pack_ordered_already: { words: () => 'This lesson pack has been ordered already.' },
  lesson_pack_unknown: {
    field: 'packCode',
    words: () => 'We could not find a lesson pack with this code. Please check the code in your e-mail.',
  },
  lesson_pack_other_type: {
    field: 'packCode',
    words: () => 'This pack is for another kind of lesson: it cannot pay for this one.',
  },
  lesson_pack_expired: {
    field: 'packCode',
    words: (r) => `This lesson pack could be used until ${schoolDateOf(Date.parse(r.expiresAt))}; it has expired.`,
  },
  lesson_pack_used_up: {
    field: 'packCode',
    words: (r) => `All ${r.count} lessons of this pack are booked: none is left to use.`,
  },
  appointment_not_found: {
    words: () => 'We could not find this appointment. Please open the link from your most recent e-mail from us.',
  },
};
