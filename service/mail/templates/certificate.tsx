import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl } from './format.js';
import { Layout } from './layout.js';
import { Action, LongAddress, Notice, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface CertificateEmailProps {
  /** The parent who booked, greeted by first name. */
  firstName: string;
  /** The child the certificate is of. */
  participantName: string;
  programTitle: string;
  /** The last session's day, as people read it. */
  completedOn: string;
  number: string;
  /** The public verification page, `/certificate/<signed number>` (the QR code's address). */
  verifyUrl: string;
  /** The attached PDF's file name. */
  fileName: string;
  publicUrl: string | null;
}

const news = (p: CertificateEmailProps) =>
  `Congratulations: ${toOneLine(p.participantName)} completed ${p.programTitle} on ${p.completedOn}. The certificate of completion is attached to this e-mail (${p.fileName}), one page to print or to send with an application.`;
const proof = (p: CertificateEmailProps) =>
  `Its number is ${p.number}. Anyone can check it at the address below or by its QR code: the page shows the first name and last initial, the program and the date, nothing more. You can also download it again from your booking page.`;

/** A certificate of completion issued by the office: to the family that booked, the PDF attached. */
export const certificateTemplate = defineTemplate<CertificateEmailProps>({
  subject: (p) => `Certificate of completion: ${toOneLine(p.participantName)}, ${p.programTitle}`,
  text: (p) =>
    [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      news(p),
      '',
      proof(p),
      `Check it: ${p.verifyUrl}`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n'),
  html: (p) => (
    <Layout
      preview={`Certificate of completion for ${toOneLine(p.participantName)}`}
      heading="A certificate of completion"
      publicUrl={baseUrl(p.publicUrl)}
    >
      <P>Dear {toOneLine(p.firstName)},</P>
      <P>{news(p)}</P>
      <Notice>{proof(p)}</Notice>
      <Action href={p.verifyUrl}>Check the certificate</Action>
      <P>
        If the button does not open, copy this address into your browser: <LongAddress href={p.verifyUrl} />
      </P>
      <Signature />
    </Layout>
  ),
});
