import { describe, expect, it } from 'vitest';
import { fullRefundText, movedText } from '../../web/booking/bookingText.js';
import { refundSentence } from '../../web/booking/CancelBookingDialog.js';
import type { BookingView } from '../../contracts/booking/api.js';

const item = {
  kind: 'workshop',
  id: '6',
  title: 'Etiquette After Dark - Dinner',
  date: '2025-07-10T19:00:00-05:00',
  time: '7:00 PM - 9:00 PM',
  location: 'Legacy Commons, Plano',
  instructor: 'Margaret Ellison',
  duration: '2 hours',
  category: 'adult',
  attire: '',
  unitPriceCents: 15_000,
} satisfies BookingView['item'];

describe('the booking page’s words for a class the school moved', () => {
  it('given a booking moved from July 19 to another room, then it says what was booked, and where', () => {
    expect(
      movedText({
        item,
        movedFrom: { date: '2025-07-19T19:00:00-05:00', time: '7:00 PM - 9:00 PM', location: 'The Garden Room' },
      }),
    ).toBe(
      'The school moved this class. You booked it for Saturday, July 19, 2025, 7:00 PM - 9:00 PM at The Garden Room; the details above are the new ones.',
    );
    expect(movedText({ item, movedFrom: null })).toBeNull();
  });

  it('given terms kept from the booked date, then the page says the school moved the class and until when a full refund lasts', () => {
    expect(
      fullRefundText({
        kind: 'full-refund',
        refundCents: 15_000,
        deadline: '2025-07-11T00:00:00.000Z',
        movedBySchool: true,
      }),
    ).toBe(
      'Because the school moved this class, you can cancel with a full refund of $150.00 until Thursday, July 10, 2025 at 7:00 PM CDT. After that, no refund is given.',
    );
    expect(fullRefundText({ kind: 'full-refund', refundCents: 15_000, deadline: '2025-07-03T00:00:00.000Z' })).toBe(
      'Cancel by Wednesday, July 2, 2025 at 7:00 PM CDT for a full refund of $150.00. After that, no refund is given.',
    );
    expect(
      refundSentence({ kind: 'no-refund', refundCents: 0, deadline: '2025-07-11T00:00:00.000Z', movedBySchool: true }),
    ).toMatch(/counted from the later of the date you booked and the new date\.$/);
  });
});

describe('the words for cancelling one child of a booking', () => {
  const terms = { kind: 'full-refund', refundCents: 0, deadline: '2025-07-03T00:00:00.000Z' } as const;

  it('given a deposit booking of two ($100 paid, $400 due), when one place is cancelled, then it says the deposit stays and the new balance', () => {
    const booking = { balanceCents: 40_000, paidCents: 10_000 } as BookingView;
    expect(refundSentence(terms, booking, { remainingCents: 25_000 })).toBe(
      'Nothing is refunded: the $100.00 you paid stays on the booking, and the balance becomes $150.00.',
    );
  });

  it('given a paid booking whose tier keeps the same price for those staying, then nothing is refunded and the price stays', () => {
    const booking = { balanceCents: 0, paidCents: 25_000 } as BookingView;
    expect(refundSentence(terms, booking, { remainingCents: 25_000 })).toBe(
      'Nothing is refunded: the price of those still coming stays the same.',
    );
  });
});
