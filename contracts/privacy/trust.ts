import type { certificateEventSchemas } from '../certificates/events.js';
import type { reviewEventSchemas } from '../reviews/events.js';
import { NO_PERSONAL_DATA, type PrivacyClasses, type SubjectRule } from './classes.js';

/**
 * A review and a certificate are the family's: their personal fields are sealed under the data
 * subject of the booking they come from, which their events name by its id (a pseudonym), so the
 * family's erasure destroys them with the booking's.
 */
const bookingSubject: SubjectRule = { kind: 'id', path: 'subjectId', prefix: '' };

/**
 * Reviews (issue 40): the family's words and the name it chose. What the review is of (ids, the
 * workshop and its instructor, the stars, dates) stays in clear, as the school's figures need it;
 * the moderator's name and the school's reply are the school's own.
 */
export const reviewPrivacy = {
  ReviewRequested: NO_PERSONAL_DATA,
  ReviewRequestEmailed: NO_PERSONAL_DATA,
  ReviewSubmitted: { subject: bookingSubject, identity: ['text', 'displayName'] },
  ReviewHidden: NO_PERSONAL_DATA,
  ReviewReplied: NO_PERSONAL_DATA,
  ReviewWithdrawn: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof reviewEventSchemas>;

/**
 * Certificates (issue 40): the child's name and its shown form. The program, dates, hours, the
 * signer (the school's) and the number stay in clear: a verification answers them.
 */
export const certificatePrivacy = {
  ProgramCertificateSet: NO_PERSONAL_DATA,
  CertificateIssued: { subject: bookingSubject, identity: ['participantName', 'holder'] },
  CertificateReissued: { subject: bookingSubject, identity: ['participantName', 'holder'] },
  CertificateRevoked: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof certificateEventSchemas>;
