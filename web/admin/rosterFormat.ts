import { noPhotos, type Photography, type RosterRow } from '../../contracts/admin/roster.js';
import { SCHOOL } from '../../contracts/core/school.js';

const longDay = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "Saturday, June 7, 2025" on the school's clock. */
export const longDate = (instant: string) => (instant ? longDay.format(new Date(instant)) : '');

/** Short words for the photo column; the flag says "No photos" for an opt-out and for no consent alike. */
export const PHOTO_SHORT: Record<Photography, string> = {
  'opt-out': 'Opted out',
  'no-consent': 'No consent given',
  'consent-with-name': 'Photos + first name',
  consent: 'Photos, no name',
};

export const hasDiet = (r: RosterRow) => r.dietaryRestrictions !== '';
/** Medical notes from the family's record of the child (asthma, an inhaler): shown wherever allergies are. */
export const hasMedical = (r: RosterRow) => r.medicalNotes.trim() !== '';
export const photoFlag = (r: RosterRow) => noPhotos(r.photography);

/** "Age 8 · 3rd · Hedgcoxe Elementary", leaving out what is not known. */
export const childFacts = (r: RosterRow) =>
  [r.age === null ? '' : `Age ${r.age}`, r.grade, r.school].filter(Boolean).join(' · ');
