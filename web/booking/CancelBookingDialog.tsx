import type { BookingView, CancellationTerms } from '../../contracts/booking/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { apiErrorText } from '../core/api.js';
import { useBookingChanges } from './api.js';
import { deadlineText } from './bookingText.js';

type Open = Exclude<CancellationTerms, { kind: 'closed' }>;

/** What cancelling gives, said before the parent confirms. */
export function refundSentence(terms: Open): string {
  switch (terms.kind) {
    case 'full-refund':
      return `You will get a full refund of ${formatUsd(terms.refundCents)} to the card you paid with.`;
    case 'no-refund':
      return terms.movedBySchool
        ? `No refund applies: the full-refund period ended on ${deadlineText(terms.deadline)}, counted from the later of the date you booked and the new date.`
        : `No refund applies: the full-refund period ended on ${deadlineText(terms.deadline)}.`;
    case 'free':
      return 'This booking is free: nothing is charged or refunded.';
  }
}

/** Cancel under the school's policy, once the parent has read what it gives; the server decides again. */
export function CancelBookingDialog({
  token,
  booking,
  terms,
  isOpen,
  onClose,
}: {
  token: string;
  booking: BookingView;
  terms: Open;
  isOpen: boolean;
  onClose: (cancelled: boolean) => void;
}) {
  const { cancel } = useBookingChanges(token);
  const refused = cancel.error
    ? (apiErrorText(cancel.error) ?? 'We could not cancel just now. Please try again in a moment.')
    : null;
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose(false)}
      title="Cancel this booking?"
      footer={
        <>
          <Button variant="ghost" onPress={() => onClose(false)}>
            Keep my booking
          </Button>
          <Button
            variant="danger"
            isDisabled={cancel.isPending}
            onPress={() => cancel.mutate(undefined, { onSuccess: () => onClose(true) })}
          >
            {cancel.isPending ? 'Cancelling…' : 'Yes, cancel my booking'}
          </Button>
        </>
      }
    >
      <p>
        You are cancelling{' '}
        {booking.participants.length === 1 ? 'the place' : `all ${booking.participants.length} places`} at{' '}
        <strong>{booking.item.title}</strong>. This cannot be undone.
      </p>
      <p className="booking__refund-note">
        <strong>{refundSentence(terms)}</strong>
      </p>
      {refused && (
        <p role="alert" className="booking__error">
          {refused}
        </p>
      )}
    </Dialog>
  );
}
