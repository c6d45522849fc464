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
  /**
   * A corrected name reissued under the same number: the day the earlier copy was issued, as
   * people read it. The e-mail then says this copy replaces that one.
   */
  replaces?: string | null;
}

const correction = (p: CertificateEmailProps) =>
  `We have corrected the name on the certificate of completion issued on ${p.replaces} under the same number. The corrected certificate for ${toOneLine(p.participantName)} is attached (${p.fileName}) and replaces the earlier copy: please discard or delete that one, and use this one from now on.`;
const news = (p: CertificateEmailProps) =>
  p.replaces
    ? correction(p)
    : `Congratulations: ${toOneLine(p.participantName)} completed ${p.programTitle} on ${p.completedOn}. The certificate of completion is attached to this e-mail (${p.fileName}), one page to print or to send with an application.`;
const proof = (p: CertificateEmailProps) =>
  `Its number is ${p.number}. Anyone can check it at the address below or by its QR code: the page shows the first name and last initial, the program and the date, nothing more. You can also download it again from your booking page.`;

/** A certificate of completion issued by the office: to the family that booked, the PDF attached. */
export const certificateTemplate = defineTemplate<CertificateEmailProps>({
  subject: (p) =>
    `${p.replaces ? 'Corrected certificate' : 'Certificate'} of completion: ${toOneLine(p.participantName)}, ${p.programTitle}`,
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
      preview={`${p.replaces ? 'Corrected certificate' : 'Certificate'} of completion for ${toOneLine(p.participantName)}`}
      heading={p.replaces ? 'A corrected certificate of completion' : 'A certificate of completion'}
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
