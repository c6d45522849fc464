import { useState } from 'react';
import type { AccountView } from '../../contracts/account/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { signOut, useAccountWrites } from './api.js';
import { BookingsSection } from './BookingsSection.js';
import { BookingChildrenSection } from './BookingChildrenSection.js';
import { ChildrenSection } from './ChildrenSection.js';
import { EraseSection } from './EraseSection.js';
import { FamilyCertificates } from '../certificates/CertificateDownloads.js';
import { HouseholdSection } from './HouseholdSection.js';
import { ParentsSection } from './ParentsSection.js';
import { WaiversSection } from './WaiversSection.js';

/** The family page: bookings, children, signatures, the household's details and its parents. */
export function FamilyView({ account }: { account: AccountView }) {
  const [leaving, setLeaving] = useState(false);
  const leave = async (everywhere: boolean) => {
    setLeaving(true);
    try {
      await signOut(everywhere);
      window.location.assign('/account');
    } catch (err) {
      setLeaving(false);
      toast({ title: 'Not signed out', description: apiErrorText(err) ?? 'Please try again.', variant: 'destructive' });
    }
  };
  const name = account.details.firstName;

  return (
    <div className="container section account">
      <header className="account__head">
        <span className="eyebrow">Family page</span>
        <h1>{name ? `The ${account.details.lastName || name} family` : 'My family'}</h1>
        <p className="lead">Signed in as {account.you.email}.</p>
        {account.creditCents > 0 && (
          <p className="account__credit">
            Family credit: <strong>{formatUsd(account.creditCents)}</strong>, used first at your next checkout (you can
            keep it for later there).
          </p>
        )}
        <div className="button-row">
          <Button variant="outline" size="sm" onPress={() => void leave(false)} isDisabled={leaving}>
            Sign out
          </Button>
          <Button variant="ghost" size="sm" onPress={() => void leave(true)} isDisabled={leaving}>
            Sign out everywhere
          </Button>
          <Link href="/api/account/export" variant="ghost" size="sm" download="family-data.json">
            Download my data
          </Link>
        </div>
      </header>

      {account.bookingChildren.length > 0 && <BookingChildrenSection account={account} />}
      {suggested(account).length > 0 && <Suggestions account={account} />}
      <BookingsSection bookings={account.bookings} />
      <FamilyCertificates />
      <ChildrenSection account={account} />
      <WaiversSection account={account} />
      <HouseholdSection details={account.details} starting={account.startingDetails} />
      <ParentsSection parents={account.parents} />
      <EraseSection />
    </div>
  );
}

/** A booking's offered details not already offered above with its children. */
const suggested = (account: AccountView) =>
  account.suggestions.filter((s) => !account.bookingChildren.some((b) => b.enrollmentId === s.enrollmentId));

function Suggestions({ account }: { account: AccountView }) {
  const { takeBookingDetails } = useAccountWrites();
  return (
    <Card as="section" aria-labelledby="suggestions-title" className="account__section">
      <h2 id="suggestions-title">Details from your bookings</h2>
      <p>You asked us to save these details to your family page when you enrolled.</p>
      <ul className="account__list">
        {suggested(account).map((s) => (
          <li key={s.enrollmentId} className="account__row">
            <span>
              <strong>{s.names.join(', ')}</strong> from your booking of {s.title}
            </span>
            <Button
              variant="outline"
              size="sm"
              isPending={takeBookingDetails.isPending && takeBookingDetails.variables === s.enrollmentId}
              onPress={() => takeBookingDetails.mutate(s.enrollmentId)}
            >
              Add to my family
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
