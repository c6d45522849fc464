import { Button } from '../components/Button.js';
import { apiErrorText } from '../core/api.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { useAccount } from './api.js';
import { FamilyView } from './FamilyView.js';
import { SignInPanel } from './SignInPanel.js';
import './AccountPage.css';

/**
 * `/account`: the family page for a signed-in parent, the sign-in form for anyone else. The same
 * page for all (the server renders no one's data): it asks `GET /api/account`, which the session
 * cookie answers, when a session may exist (signedInHint.ts); else it offers the sign-in at once.
 */
export function AccountPage() {
  usePageTitle('My Family');
  const account = useAccount();
  if (account.signedOut) return <SignInPanel />;
  if (account.isPending) return <PageLoading label="Loading your family page…" />;
  if (account.data) return <FamilyView account={account.data} />;
  return (
    <div className="container container--narrow section account">
      <div role="alert" className="account__notice account__notice--error">
        <p>{apiErrorText(account.error) ?? 'Your family page could not be loaded just now.'}</p>
        <Button variant="outline" onPress={() => void account.refetch()}>
          Try again
        </Button>
      </div>
    </div>
  );
}
