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
  /** The address was invited by a parent to join their family page (and has none of its own). */
  invited?: boolean;
  publicUrl: string | null;
}

const what = (p: SignInProps) =>
  p.known
    ? 'Here is your link to sign in to your family page at Great Lakes Etiquette.'
    : p.invited
      ? 'A parent has invited you to share their family page at Great Lakes Etiquette: your children’s details and bookings in one place. Here is your link to join.'
      : 'Here is your link to open your family page at Great Lakes Etiquette: your children’s details saved once, every booking in one place.';
const once = (p: SignInProps) =>
  `The link works once, within ${p.minutes} minutes. It opens a page with a “Continue to my family page” button: nobody is signed in until it is pressed.`;
const notYou =
  'Did not ask for this? Ignore this e-mail: nothing happens unless the link is used, and no account changes.';

/** The e-mailed sign-in link: one per request, sent once. */
export const signInTemplate = defineTemplate<SignInProps>({
  subject: (p) =>
    p.known
      ? 'Your link to sign in to your family page'
      : p.invited
        ? 'You are invited to a family page'
        : 'Your link to open your family page',

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
        heading={p.known ? 'Sign in to your family page' : 'Open your family page'}
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Hello,</P>
        <P>{what(p)}</P>
        <Action href={p.link}>Continue to my family page</Action>
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
