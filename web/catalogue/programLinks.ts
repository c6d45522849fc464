import { SCHOOL } from '../../contracts/core/school.js';

/** Mail link for private lessons, with the preset subject the spec asks for. */
export const PRIVATE_LESSONS_MAILTO = `mailto:${SCHOOL.email}?subject=${encodeURIComponent('Private Etiquette Lessons Inquiry')}`;

export const CUSTOM_TRAINING_MAILTO = `mailto:${SCHOOL.email}?subject=${encodeURIComponent('Customized Training Consultation')}`;
