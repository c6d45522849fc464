import { refundPartsOf, type RefundPart } from '../../../contracts/enrollment/refund-words.js';
import type { EnrollmentState } from '../decider/enrollment-state.js';
import { hasSale } from '../decider/enrollment-state.js';
import { receivedCents } from '../decider/refundable.js';
import type { RefundEntry } from '../decider/sale-state.js';

export interface RefundsTold {
  /** Everything the booking took in. */
  paidCents: number;
  /** The decision's refunds, by where the money went. */
  refunds: RefundPart[];
  /** What refunds decided before it gave back (money paid beyond what was owed aside). */
  refundedEarlierCents: number;
}

/**
 * What a parent is told of one decision's refunds, from the refunds as the booking recorded them
 * (each names where it goes and what it was decided with), never from its price.
 */
export function refundsTold(state: EnrollmentState, decided: (r: RefundEntry) => boolean): RefundsTold {
  const all = hasSale(state) ? Object.values(state.refunds) : [];
  const first = all.findIndex(decided);
  const these = all.filter(decided);
  // Refunds are kept in the order they were decided: those before this decision's first came earlier.
  const earlier = (first === -1 ? [] : all.slice(0, first)).filter((r) => r.reason !== 'overpaid' && !decided(r));
  return {
    paidCents: receivedCents(state),
    refunds: refundPartsOf(these.map((r) => ({ to: r.to, amountCents: r.amountCents }))),
    refundedEarlierCents: earlier.reduce((sum, r) => sum + r.amountCents, 0),
  };
}

/** The booking's own cancellation's refunds: none names a place or a transfer, and each was decided with it. */
export const ofCancellation =
  (at: string) =>
  (r: RefundEntry): boolean =>
    r.reason === 'cancelled' && r.participant === null && r.transferId === null && r.requestedAt === at;

/** One place's cancellation's refunds. */
export const ofPlace =
  (participant: number) =>
  (r: RefundEntry): boolean =>
    r.reason === 'cancelled' && r.participant === participant;

/** A transfer's refunds (the price difference). */
export const ofTransfer =
  (transferId: string) =>
  (r: RefundEntry): boolean =>
    r.reason === 'transfer-difference' && r.transferId === transferId;
