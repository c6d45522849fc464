import { useState } from 'react';
import type { AccountBookingChildren, AccountView } from '../../contracts/account/api.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Select } from '../components/Select.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { useAccountWrites } from './api.js';

/** What the parent says of one child of a booking: a saved child's id, or one of these. */
const ADD = 'add';
const NOT_OURS = 'none';

/**
 * Bookings made before the family page (or typed by hand): the parent says which of their
 * children are the family's saved children, or adds them as new ones, so the class lists read the
 * allergies, medical notes and pick-up list kept here. Nothing is matched until the parent confirms.
 */
export function BookingChildrenSection({ account }: { account: AccountView }) {
  return (
    <Card as="section" aria-labelledby="booking-children-title" className="account__section">
      <h2 id="booking-children-title">Children from your bookings</h2>
      <p>
        Tell us who is who once: the class lists of these bookings then follow the allergies, medical notes and pick-up
        list you keep on this page.
      </p>
      <ul className="account__list">
        {account.bookingChildren.map((b) => (
          <BookingChildren key={b.enrollmentId} booking={b} account={account} />
        ))}
      </ul>
    </Card>
  );
}

function BookingChildren({ booking: b, account }: { booking: AccountBookingChildren; account: AccountView }) {
  const { matchBookingChildren } = useAccountWrites();
  const saved = account.children;
  // The saved child of the same name is proposed; with none, the child is offered to be added.
  const [choices, setChoices] = useState<Record<number, string>>(() =>
    Object.fromEntries(b.children.map((c) => [c.participant, c.sameNameAs ?? ADD])),
  );
  const taken = (childId: string, participant: number) =>
    b.children.some((c) => c.participant !== participant && choices[c.participant] === childId);
  const confirm = () => {
    const picked = b.children.map((c) => ({ participant: c.participant, choice: choices[c.participant] ?? ADD }));
    matchBookingChildren.mutate(
      {
        enrollmentId: b.enrollmentId,
        body: {
          matches: picked
            .filter((p) => p.choice !== ADD && p.choice !== NOT_OURS)
            .map((p) => ({ participant: p.participant, childId: p.choice })),
          add: picked.filter((p) => p.choice === ADD).map((p) => p.participant),
        },
      },
      {
        onSuccess: () =>
          toast({ title: 'Thank you', description: `The class list of ${b.title} now follows your family page.` }),
        onError: (err) =>
          toast({ title: 'Not saved', description: apiErrorText(err) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  };
  const headingId = `booking-children-${b.enrollmentId}`;
  return (
    <li className="account__booking-children">
      <h3 id={headingId} className="account__subtitle">
        {b.title}
        {b.date && <span className="account__muted">, {formatLongDate(b.date)}</span>}
      </h3>
      <form
        aria-labelledby={headingId}
        className="account__form"
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        {b.children.map((c) => (
          <Select
            key={c.participant}
            label={`${c.name}${c.age === null ? '' : `, age ${c.age}`}`}
            options={[
              ...saved
                .filter((s) => !taken(s.id, c.participant))
                .map((s) => ({ id: s.id, label: `The same child as ${s.name}` })),
              { id: ADD, label: `Add ${c.name} to my children` },
              { id: NOT_OURS, label: 'Not one of my children' },
            ]}
            selectedKey={choices[c.participant] ?? ADD}
            onSelectionChange={(key) => key !== null && setChoices((all) => ({ ...all, [c.participant]: String(key) }))}
          />
        ))}
        <div className="button-row">
          <Button type="submit" isPending={matchBookingChildren.isPending}>
            Confirm
          </Button>
        </div>
      </form>
    </li>
  );
}
