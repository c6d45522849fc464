import type { PaidCard } from '../../contracts/enrollment/events.js';
import type { ReceiptOrder } from '../../contracts/enrollment/receipt.js';

/**
 * What the PDF receipt needs beyond the text receipt's order: what was paid, the refunds decided
 * and the order's status. `attendees`, `participantDetails` and `contactName` are left out where
 * the reader may not see names (the order confirmation page, reached by order number alone): the
 * receipt then gives the count and says where the names are.
 */
export interface ReceiptPdfOrder extends ReceiptOrder {
  isFree: boolean;
  status: 'pending' | 'completed' | 'expired' | 'cancelled' | 'refunded';
  /** What came in, in cents: the card's, and the gift card's and family credit's (0 when free or unpaid). */
  paidCents: number;
  /** Refunds decided but not yet through (pending or failed), in cents; issued ones are `refundedCents`. */
  refundsUnderwayCents: number;
  /** The one card every card payment was made with, balance and instalments too (record 152): "Amount paid … by Visa ending 4242". */
  paidWithCard?: PaidCard;
}
