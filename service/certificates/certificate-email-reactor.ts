import { Buffer } from 'node:buffer';
import type { CertificateEvent } from '../../contracts/certificates/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { UnsendableMessageError } from '../mail/port.js';
import { formatLongDate } from '../mail/templates/format.js';
import { renderEmail } from '../mail/templates/index.js';
import { verificationAddress } from './certificate-link.js';
import { certificatePdf, certificatePdfFileName } from './certificate-pdf.js';
import { standing } from './certificates-decider.js';
import { readCertificate } from './routes.js';

type Issued = Extract<CertificateEvent, { type: 'CertificateIssued' }>;

export const CERTIFICATE_EMAIL_REACTOR = 'certificate-email';
const DOMAIN = SCHOOL.email.split('@')[1]!;
/** One certificate, one Message-ID: a delivery again after a crash writes the same message. */
export const certificateMessageId = (number: string) => `<certificate-${number}@${DOMAIN}>`;

/**
 * A certificate issued by the office (CertificateIssued) goes to the family that booked, its PDF
 * attached (drawn as the download is, its QR code the signed verification address) and the parent
 * greeted by name. Where the effects run, once per certificate by the event's position, one
 * Message-ID per number. A certificate revoked or erased before the delivery is not sent.
 */
export function certificateEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'config' | 'log'>) {
  return defineReactor<Issued>({
    name: CERTIFICATE_EMAIL_REACTOR,
    eventTypes: ['CertificateIssued'],
    async handle(event) {
      const { number, enrollmentId } = event.data;
      // As it stands now: a corrected name, a revocation, an erasure.
      const record = await readCertificate(deps, number);
      if (!record || !standing(record)) return;
      const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      if (!state.submission) return;
      const { issued } = record;
      const fileName = certificatePdfFileName(number);
      const verifyUrl = verificationAddress(deps.config, number);
      const pdf = await certificatePdf(issued, verifyUrl);
      const rendered = await renderEmail('certificate', {
        firstName: state.submission.form.firstName,
        participantName: issued.participantName,
        programTitle: issued.programTitle,
        completedOn: formatLongDate(`${issued.completedOn}T12:00:00Z`),
        number,
        verifyUrl,
        fileName,
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      try {
        await deps.mailer.send({
          to: state.submission.form.email,
          ...rendered,
          messageId: certificateMessageId(number),
          attachments: [
            {
              filename: fileName,
              content: Buffer.from(pdf).toString('base64'),
              contentType: 'application/pdf',
              encoding: 'base64',
            },
          ],
        });
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('certificate cannot be sent; passed over', { number, reason: err.message });
        return;
      }
      deps.log.info('certificate e-mailed', { number, enrollmentId });
    },
  });
}
