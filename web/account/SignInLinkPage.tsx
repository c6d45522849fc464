import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { apiErrorText } from '../core/api.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { verifySignInLink } from './api.js';
import { rememberSignedIn } from './signedInHint.js';
import './AccountPage.css';

/**
 * `/account/sign-in/<token>`, the e-mailed link. It signs no one in by being opened (mail scanners
 * open links): the parent presses "Continue", which uses the link once.
 */
export function SignInLinkPage() {
  usePageTitle('Sign In');
  const { token = '' } = useParams();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const go = async () => {
    setPending(true);
    try {
      await verifySignInLink(token);
      rememberSignedIn(true);
      // A new document, so the header (an island on other pages) reads the new state too.
      // The family page waits for the sign-in's own writes (the session remembers their position).
      window.location.assign('/account');
    } catch (err) {
      setPending(false);
      setRefusal(apiErrorText(err) ?? 'We could not sign you in just now. Please try again in a moment.');
    }
  };

  return (
    <div className="container container--narrow section account">
      <header className="account__head">
        <span className="eyebrow">Family page</span>
        <h1>Welcome back</h1>
        <p className="lead">Press the button to open your family page on this device.</p>
      </header>
      {refusal ? (
        <div role="alert" className="account__notice account__notice--error">
          <p>{refusal}</p>
          <Link href="/account" variant="primary">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <Button size="lg" fullWidth onPress={() => void go()} isPending={pending}>
          {pending ? 'Signing in…' : 'Continue to my family page'}
        </Button>
      )}
    </div>
  );
}
