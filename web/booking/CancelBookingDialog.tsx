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

/** What cancelling gives, said before the parent confirms; for one place (`onePlace`), that place's share. */
export function refundSentence(terms: Open, booking?: BookingView, place?: { remainingCents: number }): string {
  switch (terms.kind) {
    case 'full-refund':
      if (place) {
        if (terms.refundCents > 0)
          return `You will get ${formatUsd(terms.refundCents)} back to ${refundPlaces(booking)}.`;
        // A deposit booking: what was paid stays on it, towards what the others now cost.
        if (booking && booking.balanceCents > 0)
          return `Nothing is refunded: the ${formatUsd(booking.paidCents)} you paid stays on the booking, and the balance becomes ${formatUsd(Math.max(0, place.remainingCents - booking.paidCents))}.`;
        return 'Nothing is refunded: the price of those still coming stays the same.';
      }
      return `You will get a full refund of ${formatUsd(terms.refundCents)} to ${refundPlaces(booking)}.`;
    case 'no-refund':
      return terms.movedBySchool
        ? `No refund applies: the full-refund period ended on ${deadlineText(terms.deadline)}, counted from the later of the date you booked and the new date.`
        : `No refund applies: the full-refund period ended on ${deadlineText(terms.deadline)}.`;
    case 'free':
      return 'This booking is free: nothing is charged or refunded.';
  }
}

/**
 * Cancel under the school's policy, once the parent has read what it gives; the server decides
 * again. With `place`, one participant's place only (the others still come, at `remainingCents`).
 */
export function CancelBookingDialog({
  token,
  booking,
  terms,
  place,
  isOpen,
  onClose,
}: {
  token: string;
  booking: BookingView;
  terms: Open;
  place?: { index: number; name: string; remainingCents: number };
  isOpen: boolean;
  onClose: (cancelled: boolean) => void;
}) {
  const { cancel } = useBookingChanges(token);
  // A signed-in family may keep the refund (of the booking, or of one place) as credit for its next booking.
  const [refundTo, setRefundTo] = useState<'card' | 'credit'>('card');
  const offerCredit = booking.refundToCredit && terms.kind === 'full-refund' && terms.refundCents > 0;
  const staying = booking.participants.length - booking.leftParticipants.length;
  const refused = cancel.error
    ? (apiErrorText(cancel.error) ?? 'We could not cancel just now. Please try again in a moment.')
    : null;
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose(false)}
      title={place ? `Cancel ${place.name}’s place?` : 'Cancel this booking?'}
      footer={
        <>
          <Button variant="ghost" onPress={() => onClose(false)}>
            {place ? 'Keep the place' : 'Keep my booking'}
          </Button>
          <Button
            variant="danger"
            isDisabled={cancel.isPending}
            onPress={() =>
              cancel.mutate(
                { participant: place?.index, refundTo: offerCredit ? refundTo : undefined },
                { onSuccess: () => onClose(true) },
              )
            }
          >
            {cancel.isPending ? 'Cancelling…' : place ? `Yes, cancel ${place.name}’s place` : 'Yes, cancel my booking'}
          </Button>
        </>
      }
    >
      {place ? (
        <p>
          {place.name} will no longer come to <strong>{booking.item.title}</strong>. The others keep their places, and
          the booking costs {formatUsd(place.remainingCents)} for them. This cannot be undone.
        </p>
      ) : (
        <p>
          You are cancelling {staying === 1 ? 'the place' : `all ${staying} places`} at{' '}
          <strong>{booking.item.title}</strong>. This cannot be undone.
        </p>
      )}
      <p className="booking__refund-note">
        <strong>{refundSentence(terms, booking, place)}</strong>
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
