import { COURSES_REFUSAL_KINDS, type CoursesRefusal } from '../../contracts/courses/refusals.js';
import { refuser } from '../core/errors.js';

/** How the make-up credits' decisions refuse: a typed code and its values (contracts/courses/refusals.ts). */
export const refuse = refuser<CoursesRefusal>(COURSES_REFUSAL_KINDS);
