import { useState, type FormEvent } from 'react';
import { NEWSLETTER_CONSENT_WORDING } from '../../contracts/newsletter/events.js';
import { Button } from '../components/Button.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText } from '../core/api.js';
import { useSubscribe } from './mutations.js';
import './NewsletterSignup.css';

/**
 * The footer's sign-up. Without JavaScript the form posts to /newsletter/subscribe, which answers
 * with a page; with it, the answer is said in place. Either way nothing is subscribed until the
 * button in the confirmation e-mail is pressed.
 */
export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const subscribe = useSubscribe();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Enter your e-mail address.');
      return;
    }
    setError(undefined);
    subscribe.mutate(
      { email, source: 'footer' },
      { onError: (err) => setError(apiErrorText(err) ?? 'We could not sign you up just now. Please try again.') },
    );
  };

  return (
    <form className="newsletter-signup" method="post" action="/newsletter/subscribe" onSubmit={onSubmit} noValidate>
      <h2 className="site-footer__title" id="newsletter-signup-title">
        News of new classes
      </h2>
      {subscribe.isSuccess ? (
        <p className="newsletter-signup__done" role="status">
          {subscribe.data.message}
        </p>
      ) : (
        <>
          <p className="newsletter-signup__words" id="newsletter-signup-words">
            {NEWSLETTER_CONSENT_WORDING} a few times a term. We will ask you to confirm first, and every e-mail has a
            one-click unsubscribe.
          </p>
          <div className="newsletter-signup__row">
            <TextField
              className="newsletter-signup__field"
              label="Your e-mail"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              errorMessage={error}
              aria-describedby="newsletter-signup-words"
            />
            <input type="hidden" name="source" value="footer" />
            <Button type="submit" variant="light" isPending={subscribe.isPending}>
              Sign up
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
