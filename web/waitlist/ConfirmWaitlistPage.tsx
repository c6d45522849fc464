import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { apiErrorText } from '../core/api.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { confirmWaitlist } from './api.js';
import { ordinal } from './ordinal.js';
import './waitlist.css';

/**
 * `/waitlist/confirm?token=…`, from the link in the join e-mail: the place counts once confirmed.
 * Nothing happens on opening the page (mail scanners open links, and a scanner must not confirm an
 * address for someone who typed it); the parent confirms with a button.
 */
export function ConfirmWaitlistPage() {
  usePageTitle('Confirm Your Place on the Waitlist');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => confirmWaitlist(token) });

  return (
    <div className="container section waitlist-leave">
      <span className="eyebrow">Waitlist</span>
      <h1>Confirm Your Place on the Waitlist</h1>
      {confirm.isSuccess ? (
        <div role="status">
          <p className="lead">
            Your place is confirmed. You are <strong>{ordinal(confirm.data.position)}</strong> on the waitlist.
          </p>
          <p>
            When seats open, we hold them for the first family on the list that fits and e-mail you a link to enroll.
            The e-mail you received also lets you leave the waitlist at any time.
          </p>
          <div className="waitlist-leave__actions">
            <Link href="/schedule" variant="primary">
              See the Schedule
            </Link>
          </div>
        </div>
      ) : !token ? (
        <p role="alert">This link is incomplete. Please open the link from your waitlist e-mail again.</p>
      ) : (
        <>
          <p className="lead">
            Confirm that you asked to join the waitlist. Your place counts from the moment you confirm.
          </p>
          {confirm.isError && (
            <p role="alert" className="waitlist-dialog__refusal">
              {apiErrorText(confirm.error) ?? 'We could not confirm your place. Please try again in a moment.'}
            </p>
          )}
          <div className="waitlist-leave__actions">
            <Button onPress={() => confirm.mutate()} isPending={confirm.isPending}>
              Confirm My Place
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
