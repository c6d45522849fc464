import { INSTRUCTOR_REFUSAL_KINDS, type InstructorRefusal } from '../../contracts/instructors/refusals.js';
import { refuser } from '../core/errors.js';

/** How the instructors' decisions refuse: a typed code and its values (contracts/instructors/refusals.ts). */
export const refuse = refuser<InstructorRefusal>(INSTRUCTOR_REFUSAL_KINDS);
