import { defineProjector } from '../../platform/processor/projector.js';
import { enrollmentIdOf, type EnrollmentEvent } from '../../contracts/enrollment/events.js';

/** An e-mail address as the tracker looks it up: trimmed and lower-cased. */
export const emailKeyOf = (email: string) => email.trim().toLowerCase();

/** One address and every enrollment that gave it (as the contact or the second parent), oldest first. */
export type EnrollmentEmailDoc = { id: string; enrollmentIds: string[] };

/**
 * `enrollment-emails`: the tracker's index by e-mail. A whole address typed into the search box is
 * one lookup by id in every read store (MongoDB's `_id`, SQLite's primary key), then the rows
 * themselves by id, instead of a scan of every row. Addresses never change after the submission, so
 * only EnrollmentSubmitted writes here.
 */
export const enrollmentEmailsProjector = defineProjector<EnrollmentEvent, EnrollmentEmailDoc>({
  name: 'enrollment-emails',
  collection: 'enrollment-emails',
  eventTypes: ['EnrollmentSubmitted'],
  keys(event) {
    if (event.type !== 'EnrollmentSubmitted') return [];
    const { email, parent2Email } = event.data.form;
    return [...new Set([email, parent2Email].map(emailKeyOf).filter((k) => k !== ''))];
  },
  project(doc, event, id) {
    const enrollmentId = enrollmentIdOf(event);
    const ids = doc?.enrollmentIds ?? [];
    if (ids.includes(enrollmentId)) return undefined;
    return { id, enrollmentIds: [...ids, enrollmentId] };
  },
});
