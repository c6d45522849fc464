import type { CertificateVerification } from '../../contracts/certificates/api.js';
import { CERTIFICATE_NUMBER, certificatesStream, yearOfNumber } from '../../contracts/certificates/events.js';
import type { AppDeps } from '../core/deps.js';
import { certificateLinksFor } from './certificate-link.js';
import { certificatesDecider, standing } from './certificates-decider.js';

export const UNKNOWN_CERTIFICATE =
  'We have no certificate with this number. Check it against the certificate, character by character.';

export const REVOKED_WORDS = 'This certificate was revoked.';

/**
 * What anyone asking after a certificate is told, by the number as printed or the QR code's signed
 * address: the holder as first name and last initial only, nothing of a revoked one's holder; null
 * for an unknown number, a malformed one and an altered signature alike, after the same work (the
 * year's state is read either way), so the timing tells nothing. The API and the verification page
 * both answer from here.
 */
export async function verifyCertificate(
  deps: Pick<AppDeps, 'commands' | 'config'>,
  given: string,
): Promise<{ number: string; answer: CertificateVerification } | null> {
  const number = certificateLinksFor(deps.config).numberOf(given) ?? '';
  const year = CERTIFICATE_NUMBER.test(number) ? yearOfNumber(number)! : new Date().getUTCFullYear();
  const state = await deps.commands.state(certificatesDecider, certificatesStream(year));
  const record = Object.hasOwn(state.byNumber, number) ? state.byNumber[number] : undefined;
  if (!record) return null;
  const valid = standing(record);
  const { holder, programTitle, completedOn, issuedAt } = record.issued;
  return {
    number,
    answer: {
      valid,
      holder: valid ? holder : '',
      program: programTitle,
      completedOn,
      issuedAt,
      ...(valid ? {} : { revoked: REVOKED_WORDS }),
      ...(valid && record.reissuedAt ? { reissuedAt: record.reissuedAt } : {}),
    },
  };
}
