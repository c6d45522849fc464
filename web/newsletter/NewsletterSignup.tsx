import { useState, type FormEvent } from 'react';
import { NEWSLETTER_CONSENT_WORDING } from '../../contracts/newsletter/events.js';
import { Button } from '../components/Button.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText } from '../core/api.js';
import { subscribe } from './api.js';
import './NewsletterSignup.css';

/**
 * The footer's sign-up. Without JavaScript the form posts to /newsletter/subscribe, which answers
 * with a page; with it, the answer is said in place. Either way nothing is subscribed until the
 * button in the confirmation e-mail is pressed. An island on its own root: no query client, so a
 * plain request and its state.
 */
export function NewsletterSignup() {
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form, not React's state: what was typed before the island woke is kept.
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    if (!email.trim()) {
      setError('Enter your e-mail address.');
      return;
    }
    setError(undefined);
    setPending(true);
    subscribe({ email, source: 'footer' })
      .then((answer) => setDone(answer.message))
      .catch((err: unknown) => setError(apiErrorText(err) ?? 'We could not sign you up just now. Please try again.'))
      .finally(() => setPending(false));
  };

  return (
    <form className="newsletter-signup" method="post" action="/newsletter/subscribe" onSubmit={onSubmit} noValidate>
      <h2 className="site-footer__title" id="newsletter-signup-title">
        News of new classes
      </h2>
      {done ? (
        <p className="newsletter-signup__done" role="status">
          {done}
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
              errorMessage={error}
              aria-describedby="newsletter-signup-words"
            />
            <input type="hidden" name="source" value="footer" />
            <Button type="submit" variant="light" isPending={pending}>
              Sign up
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
