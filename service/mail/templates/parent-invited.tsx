import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { baseUrl } from './format.js';
import { Layout } from './layout.js';
import { Action, Notice, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface ParentInvitedProps {
  /** The address invited to share the family page. */
  invited: string;
  /** The parent who invited it. */
  by: string;
  /** `/account` on the site. */
  familyUrl: string;
  publicUrl: string | null;
}

const what = (p: ParentInvitedProps) =>
  `${toOneLine(p.by)} invited ${toOneLine(p.invited)} to share your family page at Great Lakes Etiquette: if they accept within 7 days (they press “Join” after signing in with that address), they see and change your children’s details and bookings.`;
const notYou =
  'Was this not you? Open your family page, remove that address under “Parents”, and press “Sign out everywhere”: every device signed in to your family page is then signed out.';

/** Told to the family's parents when a second parent is invited: a stolen session cannot add one unseen. */
export const parentInvitedTemplate = defineTemplate<ParentInvitedProps>({
  // Not "your family": SpamAssassin scores a subject saying so (SUBJ_YOUR_FAMILY, 2.9 of 5).
  subject: () => `A second parent was invited to share the family page at ${SCHOOL.name}`,
  text: (p) =>
    [
      'Hello,',
      '',
      what(p),
      '',
      notYou,
      '',
      `Your family page: ${p.familyUrl}`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n'),
  html: (p) => (
    <Layout
      preview="A second parent was invited to your family page."
      heading="A second parent was invited"
      publicUrl={baseUrl(p.publicUrl)}
    >
      <P>Hello,</P>
      <P>{what(p)}</P>
      <Notice>{notYou}</Notice>
      <Action href={p.familyUrl}>Open my family page</Action>
      <Signature />
    </Layout>
  ),
});
