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
import { standing, type CertificateRecord } from './certificates-decider.js';
import { readCertificate } from './routes.js';

type Issued = Extract<CertificateEvent, { type: 'CertificateIssued' }>;
type Reissued = Extract<CertificateEvent, { type: 'CertificateReissued' }>;
type Deps = Pick<AppDeps, 'commands' | 'mailer' | 'config' | 'log'>;

export const CERTIFICATE_EMAIL_REACTOR = 'certificate-email';
export const CERTIFICATE_REISSUE_EMAIL_REACTOR = 'certificate-reissue-email';
const DOMAIN = SCHOOL.email.split('@')[1]!;
/** One certificate, one Message-ID: a delivery again after a crash writes the same message. */
export const certificateMessageId = (number: string) => `<certificate-${number}@${DOMAIN}>`;
/** One correction, one Message-ID: by the reissue's position, so each correction is its own message. */
export const reissuedCertificateMessageId = (number: string, position: bigint) =>
  `<certificate-${number}-reissued-${position}@${DOMAIN}>`;

/**
 * The certificate as it stands, to the family that booked, its PDF attached (drawn as the
 * download is, its QR code the signed verification address) and the parent greeted by name.
 * `reissued`: a corrected copy, whose words say it replaces the one sent before.
 */
async function sendCertificate(deps: Deps, record: CertificateRecord, messageId: string, reissued: boolean) {
  const { issued } = record;
  const { number, enrollmentId } = issued;
  const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
  if (!state.submission) return;
  const fileName = certificatePdfFileName(number);
  const verifyUrl = verificationAddress(deps.config, number);
  const pdf = await certificatePdf(issued, verifyUrl, reissued ? record.reissuedAt : undefined);
  const rendered = await renderEmail('certificate', {
    firstName: state.submission.form.firstName,
    participantName: issued.participantName,
    programTitle: issued.programTitle,
    completedOn: formatLongDate(`${issued.completedOn}T12:00:00Z`),
    number,
    verifyUrl,
    fileName,
    publicUrl: deps.config.PUBLIC_URL ?? null,
    replaces: reissued ? formatLongDate(issued.issuedAt) : null,
  });
  try {
    await deps.mailer.send({
      to: state.submission.form.email,
      ...rendered,
      messageId,
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
  deps.log.info(reissued ? 'corrected certificate e-mailed' : 'certificate e-mailed', { number, enrollmentId });
}

/**
 * A certificate issued by the office (CertificateIssued) goes to the family that booked. Where the
 * effects run, once per certificate by the event's position, one Message-ID per number. A
 * certificate revoked or erased before the delivery is not sent.
 */
export function certificateEmailReactor(deps: Deps) {
  return defineReactor<Issued>({
    name: CERTIFICATE_EMAIL_REACTOR,
    eventTypes: ['CertificateIssued'],
    async handle(event) {
      // As it stands now: a corrected name, a revocation, an erasure.
      const record = await readCertificate(deps, event.data.number);
      if (!record || !standing(record)) return;
      await sendCertificate(deps, record, certificateMessageId(event.data.number), false);
    },
  });
}

/**
 * A corrected name (CertificateReissued) goes to the family again, the corrected PDF attached and
 * the words saying it replaces the earlier copy: once per correction, by the event's position. A
 * correction already corrected again is passed over (the later one's e-mail carries the name that
 * stands), as is a certificate revoked or erased since.
 */
export function certificateReissueEmailReactor(deps: Deps) {
  return defineReactor<Reissued>({
    name: CERTIFICATE_REISSUE_EMAIL_REACTOR,
    eventTypes: ['CertificateReissued'],
    async handle(event) {
      const { number, reissuedAt, participantName } = event.data;
      const record = await readCertificate(deps, number);
      if (!record || !standing(record)) return;
      if (record.reissuedAt !== reissuedAt || record.issued.participantName !== participantName) return;
      await sendCertificate(deps, record, reissuedCertificateMessageId(number, event.position), true);
    },
  });
}
