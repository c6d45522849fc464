import type { CertificateRefusal } from '../../contracts/certificates/refusals.js';
import type { RefusalAnswers } from '../core/refusal-answers.js';

/** How the API words the certificates' refusals (contracts/certificates/refusals.ts): their part of the one table. */
export const CERTIFICATE_REFUSAL_ANSWERS: RefusalAnswers<CertificateRefusal> = {
  certificate_not_found: { words: () => 'We have no certificate with this number.' },
  certificate_revoked: { words: () => 'This certificate was revoked.' },
  no_certificate_for_program: {
    words: () => 'This workshop’s program gives no certificate. Set one in the program form first.',
  },
  workshop_not_over: {
    words: ({ endsAt }) => `Certificates are issued after the last session, which ends ${endsAt}.`,
  },
  not_eligible: {
    words: ({ index, count }) =>
      `participants: ${index} is not in the eligible list (${count} ${count === 1 ? 'child' : 'children'}, from 0).`,
  },
};
