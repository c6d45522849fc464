import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl } from './format.js';
import { Layout } from './layout.js';
import { Action, LongAddress, Notice, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface BookingLinkProps {
  firstName: string;
  orderId: string;
  /** What was booked, as the booking page names it. */
  title: string;
  /** The booking page at the link's current version. */
  manageUrl: string;
  publicUrl: string | null;
}

const what = (p: BookingLinkProps) =>
  `Here is a new link to manage your booking ${p.orderId} (${toOneLine(p.title)}). Someone with one of its earlier links asked for it: we send it only to the address the booking was made with.`;
const older =
  'Links to this booking sent before a newer one was made no longer open it. If you did not ask for this link, you need do nothing: keep this e-mail, and use this link from now on.';

/** "Send me a new link" on the booking page: the booking's current link, to the booking's contact only. */
export const bookingLinkTemplate = defineTemplate<BookingLinkProps>({
  subject: (p) => `Your new link to manage booking ${p.orderId}`,
  text: (p) =>
    [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      what(p),
      '',
      `Manage your booking: ${p.manageUrl}`,
      '',
      older,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n'),
  html: (p) => (
    <Layout
      preview="Your new link to manage your booking."
      heading="Your new booking link"
      publicUrl={baseUrl(p.publicUrl)}
    >
      <P>Dear {toOneLine(p.firstName)},</P>
      <P>{what(p)}</P>
      <Action href={p.manageUrl}>Manage your booking</Action>
      <P>
        If the button does not open, copy this address into your browser: <LongAddress href={p.manageUrl} />
      </P>
      <Notice>{older}</Notice>
      <Signature />
    </Layout>
  ),
});
