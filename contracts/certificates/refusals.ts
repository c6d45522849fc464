import type { RefusalKinds } from '../core/refusals.js';

/** Why a decision on certificates refuses a command, as data (worded in service/certificates/refusal-answers.ts). */
export type CertificateRefusal =
  | { code: 'certificate_not_found' }
  | { code: 'certificate_revoked' }
  /** The workshop's program gives no certificate (set one in the program form first). */
  | { code: 'no_certificate_for_program' }
  /** Before the last session ends nobody has completed the workshop. */
  | { code: 'workshop_not_over'; endsAt: string }
  | { code: 'not_eligible'; index: number; count: number };

export const CERTIFICATE_REFUSAL_KINDS: RefusalKinds<CertificateRefusal> = {
  certificate_not_found: 'not_found',
  certificate_revoked: 'conflict',
  no_certificate_for_program: 'conflict',
  workshop_not_over: 'conflict',
  not_eligible: 'validation',
};
