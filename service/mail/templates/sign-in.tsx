import { SCHOOL } from '../../../contracts/core/school.js';
import { baseUrl } from './format.js';
import { Layout } from './layout.js';
import { Action, LongAddress, Notice, P, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface SignInProps {
  /** `/account/sign-in/<token>` on the site. */
  link: string;
  /** How long the link works. */
  minutes: number;
  /** Whether the address already has a family page (else the link opens a new one). */
  known: boolean;
  /** A family invited the address, which has no family page of its own (the link's page offers the choice). */
  invited?: boolean;
  /** This e-mail is that family's invitation: its last name (when its details have one) and the parent who invited. */
  invitation?: { family: string | null; by: string };
  publicUrl: string | null;
}

const familyPage = (i: NonNullable<SignInProps['invitation']>) =>
  i.family ? `the ${i.family} family’s page` : `their family page`;

const what = (p: SignInProps) =>
  p.invitation
    ? `${p.invitation.by} invited you to join ${familyPage(p.invitation)} at Great Lakes Etiquette, to share their children’s details and bookings. Nothing is shared until you choose: the link’s page asks whether to join ${familyPage(p.invitation)} or start your own. The invitation can be accepted for 7 days.`
    : p.known
      ? 'Here is your link to sign in to your family page at Great Lakes Etiquette.'
      : p.invited
        ? 'A family has invited you to share their family page at Great Lakes Etiquette. Here is your link: its page lets you join their page or start your own.'
        : 'Here is your link to open your family page at Great Lakes Etiquette: your children’s details saved once, every booking in one place.';
const once = (p: SignInProps) =>
  `The link works once, within ${p.minutes} minutes. It opens a page that shows the address you sign in with and asks you to press a button: nobody is signed in until it is pressed.`;
const notYou =
  'Did not ask for this? Ignore this e-mail: nothing happens unless the link is used, and no account changes.';

/** The e-mailed sign-in link: one per request, sent once. */
export const signInTemplate = defineTemplate<SignInProps>({
  subject: (p) =>
    p.invitation
      ? `${p.invitation.family ? `The ${p.invitation.family} family` : p.invitation.by} invited you to their family page`
      : p.known
        ? `Sign-in link for the family page at ${SCHOOL.name}`
        : p.invited
          ? `You are invited to a family page at ${SCHOOL.name}`
          : `Link to open a family page at ${SCHOOL.name}`,

  text(p) {
    return [
      'Hello,',
      '',
      what(p),
      '',
      `Sign in: ${p.link}`,
      '',
      once(p),
      '',
      notYou,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    return (
      <Layout
        preview={`Your sign-in link works once, within ${p.minutes} minutes.`}
        heading={
          p.invitation
            ? 'You are invited to a family page'
            : p.known
              ? 'Sign in to your family page'
              : 'Open your family page'
        }
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Hello,</P>
        <P>{what(p)}</P>
        <Action href={p.link}>{p.invitation ? 'See the invitation' : 'Continue to my family page'}</Action>
        <P>
          If the button does not open, copy this address into your browser: <LongAddress href={p.link} />
        </P>
        <Notice>{once(p)}</Notice>
        <P>{notYou}</P>
        <Signature />
      </Layout>
    );
  },
});
