import { useState } from 'react';
import { ERASED } from '../../contracts/privacy/classes.js';
import type { UpcomingBooking } from '../../contracts/privacy/api.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { TextField } from '../components/TextField.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { day, money } from './adminFormat.js';
import { upcomingOf, useEraseFamily } from './privacyWrites.js';

const REFUND_WORDS: Record<UpcomingBooking['refund'], string> = {
  full: 'full refund',
  none: 'no refund under the policy',
  free: 'free booking',
};

/**
 * "Erase this family's personal data": the owner types the family's e-mail to confirm. A family
 * with a paid class ahead is asked about first: the server names the classes and what cancelling
 * gives, and the owner cancels them under the policy and erases, or keeps the data.
 */
export function EraseFamilyDialog({
  email,
  isOpen,
  onClose,
  onDone,
}: {
  email: string;
  isOpen: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [upcoming, setUpcoming] = useState<UpcomingBooking[] | null>(null);
  const erase = useEraseFamily(() => {
    onDone();
    onClose();
  });
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase() && email !== ERASED;
  const submit = (cancelUpcoming: boolean) =>
    erase.mutate(
      { email: typed.trim(), cancelUpcoming },
      { onError: (err) => setUpcoming((known) => upcomingOf(err) ?? known) },
    );
  const refusal = erase.error && !upcomingOf(erase.error) ? apiErrorText(erase.error) : undefined;
  const issues = apiErrorIssues(erase.error);

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && !erase.isPending && onClose()}
      title="Erase this family’s personal data"
      footer={
        <>
          <Button variant="ghost" onPress={onClose} isDisabled={erase.isPending}>
            Keep the data
          </Button>
          {upcoming ? (
            <Button variant="danger" onPress={() => submit(true)} isDisabled={erase.isPending}>
              {erase.isPending ? 'Erasing…' : 'Cancel these bookings and erase'}
            </Button>
          ) : (
            <Button variant="danger" onPress={() => submit(false)} isDisabled={!matches || erase.isPending}>
              {erase.isPending ? 'Erasing…' : 'Erase personal data'}
            </Button>
          )}
        </>
      }
    >
      <div className="after-sale-form">
        <p>
          Every name, e-mail, phone, child’s detail and note this family gave is erased, in every booking, waitlist
          entry and message, and cannot be brought back. Bookings, payments and attendance stay in the school’s figures,
          shown as “Erased”. A gift card this family bought that is waiting for its send date is e-mailed to its
          recipient first: afterwards no one could send it.
        </p>
        {upcoming ? (
          <div role="alert">
            <p>
              This family has {upcoming.length === 1 ? 'a paid class' : 'paid classes'} ahead. Erasing now cancels{' '}
              {upcoming.length === 1 ? 'it' : 'them'} under the cancellation policy:
            </p>
            <ul>
              {upcoming.map((b) => (
                <li key={b.enrollmentId}>
                  {b.title}, {day(b.date)}: {money(b.amount)} paid, {REFUND_WORDS[b.refund]}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <TextField
            label="Type the family’s e-mail to confirm"
            description={`The e-mail of this enrollment: ${email}`}
            value={typed}
            onChange={setTyped}
            type="email"
            autoComplete="off"
            errorMessage={issues.email}
          />
        )}
        {erase.isPending && <p aria-live="polite">Erasing, then rewriting the school’s records…</p>}
        {refusal && (
          <p role="alert" className="after-sale-form__error">
            {refusal}
          </p>
        )}
      </div>
    </Dialog>
  );
}
