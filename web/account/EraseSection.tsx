import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { UpcomingBooking } from '../../contracts/privacy/api.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Dialog } from '../components/Dialog.js';
import { Link } from '../components/Link.js';
import { apiErrorText } from '../core/api.js';
import { formatLongDate, formatMoney } from '../core/format.js';
import { upcomingOf } from '../core/upcomingOf.js';
import { eraseOwnFamily } from './api.js';

const REFUND_WORDS: Record<UpcomingBooking['refund'], string> = {
  full: 'refunded in full',
  none: 'no refund under the cancellation policy',
  free: 'a free booking',
};

/**
 * "Erase our family's data": a parent erases the household's personal data themselves, after a
 * confirmation. A paid class ahead is named first, with what cancelling it gives, and the parent
 * cancels and erases, or keeps the booking.
 */
export function EraseSection() {
  const [open, setOpen] = useState(false);
  const [upcoming, setUpcoming] = useState<UpcomingBooking[] | null>(null);
  const erase = useMutation({
    mutationFn: eraseOwnFamily,
    onError: (err) => setUpcoming((known) => upcomingOf(err) ?? known),
  });
  const refusal = erase.error && !upcomingOf(erase.error) ? apiErrorText(erase.error) : undefined;
  const close = () => {
    if (erase.isSuccess) window.location.assign('/');
    else if (!erase.isPending) setOpen(false);
  };

  return (
    <Card as="section" aria-labelledby="erase-title" className="account__section">
      <h2 id="erase-title">Erase our family’s data</h2>
      <p>
        Erases every name, e-mail, phone number and child’s detail of this family page, your address and the bookings
        you made. It cannot be undone. Your bookings and payments stay in the school’s accounts without your names.
        Another parent of this page keeps their own address and the bookings they made.
      </p>
      <Button variant="outline" size="sm" onPress={() => setOpen(true)}>
        Erase our family’s data
      </Button>
      <Dialog
        isOpen={open}
        onOpenChange={(isOpen) => !isOpen && close()}
        title={erase.isSuccess ? 'Your family’s data is erased' : 'Erase our family’s data?'}
        footer={
          erase.isSuccess ? (
            <Link href="/" variant="primary">
              Back to the home page
            </Link>
          ) : (
            <>
              <Button variant="ghost" onPress={close} isDisabled={erase.isPending}>
                Keep our data
              </Button>
              <Button
                variant="danger"
                onPress={() => erase.mutate({ cancelUpcoming: upcoming !== null })}
                isDisabled={erase.isPending}
              >
                {erase.isPending ? 'Erasing…' : upcoming ? 'Cancel these bookings and erase' : 'Erase our data'}
              </Button>
            </>
          )
        }
      >
        {erase.isSuccess ? (
          <p role="status">
            Every detail you gave us is erased and you are signed out on every device. A booking made again later starts
            afresh.
          </p>
        ) : (
          <div className="after-sale-form">
            <p>
              Your address, your family’s details, your children and their signatures, and the details in the bookings
              you made are erased for good; every parent of this page is signed out. A gift card you bought that is
              waiting for its day is e-mailed to its recipient first: afterwards we could not send it.
            </p>
            {upcoming && (
              <div role="alert">
                <p>
                  You have {upcoming.length === 1 ? 'a paid class' : 'paid classes'} ahead. Erasing now cancels{' '}
                  {upcoming.length === 1 ? 'it' : 'them'}:
                </p>
                <ul>
                  {upcoming.map((b) => (
                    <li key={b.enrollmentId}>
                      {b.title}, {formatLongDate(b.date)}: {formatMoney(b.amount)} paid, {REFUND_WORDS[b.refund]}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {refusal && (
              <p role="alert" className="after-sale-form__error">
                {refusal}
              </p>
            )}
          </div>
        )}
      </Dialog>
    </Card>
  );
}
