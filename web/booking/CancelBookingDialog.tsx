import type { BookingView, CancellationTerms } from '../../contracts/booking/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { useState } from 'react';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { apiErrorText } from '../core/api.js';
import { useBookingChanges } from './api.js';
import { deadlineText } from './bookingText.js';

type Open = Exclude<CancellationTerms, { kind: 'closed' }>;

/** Where a refund goes: back to where the money came from (the card, the gift card, the family credit). */
const refundPlaces = (booking?: BookingView) => {
  const kinds = new Set(booking?.pricing.lines.map((l) => l.kind));
  const places = [
    ...(booking?.pricing.dueNowCents !== 0 || !booking ? ['the card you paid with'] : []),
    ...(kinds.has('gift-card') ? ['the gift card'] : []),
    ...(kinds.has('credit') ? ['your family credit'] : []),
  ];
  return places.length > 1
    ? `${places.slice(0, -1).join(', ')} and ${places.at(-1)}`
    : (places[0] ?? 'the card you paid with');
};

/** What cancelling gives, said before the parent confirms. */
export function refundSentence(terms: Open, booking?: BookingView): string {
  switch (terms.kind) {
    case 'full-refund':
      return `You will get a full refund of ${formatUsd(terms.refundCents)} to ${refundPlaces(booking)}.`;
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
  // A signed-in family may keep the refund as credit for its next booking.
  const [refundTo, setRefundTo] = useState<'card' | 'credit'>('card');
  const offerCredit = booking.refundToCredit && terms.kind === 'full-refund' && terms.refundCents > 0;
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
            onPress={() => cancel.mutate(offerCredit ? refundTo : undefined, { onSuccess: () => onClose(true) })}
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
        <strong>{refundSentence(terms, booking)}</strong>
      </p>
      {offerCredit && (
        <RadioGroup
          label="Where should the refund go?"
          value={refundTo}
          onChange={(v) => setRefundTo(v === 'credit' ? 'credit' : 'card')}
        >
          <Radio value="card">Back to the card (5 to 10 business days)</Radio>
          <Radio value="credit">Keep it as family credit for our next booking (at once)</Radio>
        </RadioGroup>
      )}
      {refused && (
        <p role="alert" className="booking__error">
          {refused}
        </p>
      )}
    </Dialog>
  );
}
