import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { apiErrorText } from '../core/api.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { leaveWaitlist } from './api.js';
import './waitlist.css';

/**
 * `/waitlist/leave?token=…`, from the link in a waitlist e-mail. Nothing happens on opening the
 * page (mail scanners open links); the parent confirms with a button.
 */
export function LeaveWaitlistPage() {
  usePageTitle('Leave the Waitlist');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const leave = useMutation({ mutationFn: () => leaveWaitlist(token) });

  return (
    <div className="container section waitlist-leave">
      <span className="eyebrow">Waitlist</span>
      <h1>Leave the Waitlist</h1>
      {leave.isSuccess ? (
        <div role="status">
          <p className="lead">You have left the waitlist for {leave.data.workshopTitle}.</p>
          {leave.data.declinedOffer && <p>The seats we were holding for you now go to the next family.</p>}
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
            Leave the waitlist if you no longer want a seat. Seats we are holding for you go to the next family at once.
          </p>
          {leave.isError && (
            <p role="alert" className="waitlist-dialog__refusal">
              {apiErrorText(leave.error) ?? 'We could not take you off the waitlist. Please try again in a moment.'}
            </p>
          )}
          <div className="waitlist-leave__actions">
            <Button onPress={() => leave.mutate()} isPending={leave.isPending}>
              Leave the Waitlist
            </Button>
            <Link href="/schedule" variant="outline">
              Keep My Place
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
