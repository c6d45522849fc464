import { useState, type FormEvent } from 'react';
import { SignInRequestSchema, type SignInRequest } from '../../contracts/account/api.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText, isApiError } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';
import { askForSignInLink } from './api.js';

/** Nobody signed in on this browser: the e-mail address, and a link by e-mail (no password). */
export function SignInPanel() {
  const form = useFormModel<SignInRequest>({ initial: { email: '' } });
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(SignInRequestSchema);
    if (!parsed) return;
    setPending(true);
    setRefusal(null);
    try {
      setSent((await askForSignInLink(parsed)).message);
    } catch (err) {
      if (!(isApiError(err, 400) && form.showServerIssues(err)))
        setRefusal(apiErrorText(err) ?? 'We could not send the link just now. Please try again in a moment.');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="container container--narrow section account">
      <header className="account__head">
        <span className="eyebrow">Family page</span>
        <h1>Sign in to your family page</h1>
        <p className="lead">
          Your children’s details saved once, every booking in one place. No password: we e-mail you a link.
        </p>
      </header>
      <Card as="section" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title" className="account__card-title">
          Get a sign-in link
        </h2>
        {sent ? (
          <p role="status" className="account__notice">
            {sent}
          </p>
        ) : (
          <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate className="account__form">
            <TextField
              {...form.field('email')}
              label="Your e-mail address"
              type="email"
              autoComplete="email"
              isRequired
              description="The address you enroll with. A new address opens a new family page."
            />
            {refusal && (
              <p role="alert" className="account__error">
                {refusal}
              </p>
            )}
            <Button type="submit" size="lg" fullWidth isPending={pending}>
              {pending ? 'Sending…' : 'E-mail me a sign-in link'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
