import { describe, expect, it } from 'vitest';
import { cancelledRefundText, participantsText, priceNowText, refundRowText } from '../../web/booking/bookingText.js';
import type { BookingRefund } from '../../contracts/booking/api.js';

/** Issue 37 item 5: the booking page says where each refund went, and nothing of a price on a booking that ended. */

const toCard: BookingRefund = { amountCents: 22_500, to: 'card', reason: 'cancelled', status: 'issued' };
const toCredit: BookingRefund = { amountCents: 25_000, to: 'credit', reason: 'cancelled', status: 'issued' };
const left = [
  { participant: 1, name: 'Ada', how: 'cancelled' as const, at: '2025-09-01T00:00:00Z', refundCents: 22_500 },
];

describe('the booking page’s money words', () => {
  it('given one place cancelled to the card and then the booking to the family credit, then each refund row and the cancellation name where the money went', () => {
    expect(refundRowText(toCard)).toBe('$225.00 to the card used for payment, issued');
    expect(refundRowText({ ...toCredit, status: 'pending' })).toBe('$250.00 to your family credit, on its way');
    expect(cancelledRefundText([toCard, toCredit])).toBe(
      '$475.00 comes back: $225.00 to the card used for payment and $250.00 to your family credit. The card refund usually appears within 5 to 10 business days, depending on your bank; the rest can be used again at once.',
    );
    expect(cancelledRefundText([toCredit])).toBe(
      '$250.00 comes back to your family credit. Your family credit pays towards your next booking at once.',
    );
    expect(cancelledRefundText([])).toBe('');
  });

  it('given a booking of two wholly cancelled after one place was, then it says neither "still coming" nor a price now', () => {
    const cancelled = {
      status: 'cancelled' as const,
      participants: [{}, {}],
      leftParticipants: left,
      amountNowCents: 25_000,
    };
    expect(participantsText(cancelled)).toBe('2, all cancelled');
    expect(priceNowText(cancelled)).toBeNull();
  });

  it('given a booking of two still confirmed after one place was cancelled, then it says who still comes and what they pay', () => {
    const confirmed = {
      status: 'completed' as const,
      participants: [{}, {}],
      leftParticipants: left,
      amountNowCents: 25_000,
    };
    expect(participantsText(confirmed)).toBe('1 still coming (1 cancelled)');
    expect(priceNowText(confirmed)).toBe('$250.00 for the one still coming');
  });
});
