import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { SignInInvitation } from '../../contracts/account/api.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { apiErrorText } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { useSignInPreview, verifySignInLink } from './api.js';
import { rememberSignedIn } from './signedInHint.js';
import './AccountPage.css';

/**
 * `/account/sign-in/<token>`, the e-mailed link. It signs no one in by being opened (mail scanners
 * open links): it says which address signs in (masked) and to which family's page, and the parent
 * presses a button, which uses the link once. A family's invitation is taken only by pressing
 * "Join …"; "Start my own" (or the one button when nobody invited the address) never joins anyone.
 */
export function SignInLinkPage() {
  usePageTitle('Sign In');
  const { token = '' } = useParams();
  const preview = useSignInPreview(token);
  const [pending, setPending] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const go = async (choice: string, join?: string) => {
    setPending(choice);
    try {
      await verifySignInLink(token, join);
      rememberSignedIn(true);
      // A new document, so the header (an island on other pages) reads the new state too.
      // The family page waits for the sign-in's own writes (the session remembers their position).
      window.location.assign('/account');
    } catch (err) {
      setPending(null);
      setRefusal(apiErrorText(err) ?? 'We could not sign you in just now. Please try again in a moment.');
    }
  };

  if (preview.isPending) return <PageLoading label="Checking your link…" />;
  const shown = preview.data;
  const problem =
    refusal ??
    (shown ? null : (apiErrorText(preview.error) ?? 'We could not check this link just now. Please try again.'));
  const invitation: SignInInvitation | undefined = shown?.invitations[0];

  return (
    <div className="container container--narrow section account">
      <header className="account__head">
        <span className="eyebrow">Family page</span>
        {/* "Welcome back" only to an address whose family page exists; a link that cannot be used welcomes nobody. */}
        <h1>{invitation ? 'You are invited' : !shown ? 'Sign in' : shown.familyPage ? 'Welcome back' : 'Welcome'}</h1>
        {shown && (
          <p className="lead">
            You are signing in as <strong className="account__address">{shown.email}</strong>
            {shown.familyPage ? (
              <>
                {' '}
                to <strong>{shown.familyPage}</strong>.
              </>
            ) : invitation ? (
              '.'
            ) : (
              '. This opens a family page of your own.'
            )}
          </p>
        )}
      </header>
      {problem ? (
        <div role="alert" className="account__notice account__notice--error">
          <p>{problem}</p>
          <Link href="/account" variant="primary">
            Ask for a new link
          </Link>
        </div>
      ) : invitation ? (
        <section aria-labelledby="invitation-title" className="account__choice">
          <h2 id="invitation-title" className="account__card-title">
            Join {invitation.familyPage}?
          </h2>
          <p>
            {invitation.invitedBy} invited you to share {invitation.familyPage}: its children’s details and the bookings
            made from it. If you join, they see what you book from then on; what you booked before stays yours. The
            invitation can be accepted until {formatLongDate(invitation.expiresAt)}.
          </p>
          <div className="account__choice-buttons">
            <Button
              onPress={() => void go('join', invitation.householdId)}
              isPending={pending === 'join'}
              isDisabled={pending !== null && pending !== 'join'}
            >
              Join {invitation.familyPage}
            </Button>
            <Button
              variant="outline"
              onPress={() => void go('own')}
              isPending={pending === 'own'}
              isDisabled={pending !== null && pending !== 'own'}
            >
              Start my own
            </Button>
          </div>
        </section>
      ) : (
        <Button size="lg" fullWidth onPress={() => void go('continue')} isPending={pending !== null}>
          {pending ? 'Signing in…' : 'Continue to my family page'}
        </Button>
      )}
    </div>
  );
}
