import type { AppointmentRefusal } from '../../contracts/appointments/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

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
  appointment_not_found: {
    words: () => 'We could not find this appointment. Please open the link from your most recent e-mail from us.',
  },
};
