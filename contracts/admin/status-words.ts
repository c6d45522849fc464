/**
 * One vocabulary for where an enrollment stands, read the same on the tracker, the dashboard, the
 * roster, the parent's booking page and the CSV export. The API keeps the specification's values
 * (`completed`, `pending`, …; the roster's `confirmed`); people read these words, each with what it
 * means.
 */
export interface StatusWord {
  label: string;
  meaning: string;
}

const CONFIRMED: StatusWord = {
  label: 'Confirmed',
  meaning: 'Paid, or free: the seats are the family’s.',
};

/** Enrollment status values (the tracker's and booking page's `completed`, the roster's `confirmed`). */
export const ENROLLMENT_STATUS_WORDS: Record<string, StatusWord> = {
  completed: CONFIRMED,
  confirmed: CONFIRMED,
  pending: {
    label: 'Pending',
    meaning: 'Submitted and its seats held, not paid yet (a free place: being confirmed).',
  },
  expired: { label: 'Expired', meaning: 'Not paid in time: the seats went back.' },
  cancelled: { label: 'Cancelled', meaning: 'Cancelled by the school or the parent: the seats went back.' },
  refunded: { label: 'Refunded', meaning: 'Paid after its seats were gone, so the payment was given back.' },
};

/** The words of an enrollment status; any other value is shown as received (the specification). */
export const enrollmentStatusWord = (status: string): StatusWord =>
  ENROLLMENT_STATUS_WORDS[status] ?? { label: status, meaning: '' };

/** Payment status values; the specification shows any value it does not know as unpaid. */
export const PAYMENT_STATUS_WORDS: Record<string, StatusWord> = {
  paid: { label: 'Paid', meaning: 'The card payment was received.' },
  free: { label: 'Free', meaning: 'Nothing to pay.' },
  pending: { label: 'Awaiting payment', meaning: 'No payment received yet; the seats are held meanwhile.' },
  unpaid: { label: 'Unpaid', meaning: 'No payment received (a card declined, or the enrollment ended unpaid).' },
  refunded: { label: 'Refunded', meaning: 'Everything paid was given back.' },
  'partially-refunded': { label: 'Partly refunded', meaning: 'Part of the payment was given back.' },
  'refund-pending': { label: 'Refund pending', meaning: 'A refund was asked of the card provider.' },
  'refund-failed': { label: 'Refund failed', meaning: 'The card provider refused a refund: retry it from the record.' },
};

export const paymentStatusWord = (status: string): StatusWord =>
  PAYMENT_STATUS_WORDS[status] ?? PAYMENT_STATUS_WORDS.unpaid!;

const DEPOSIT_PAID: StatusWord = {
  label: 'Deposit paid',
  meaning: 'The deposit was received; the balance is still owed.',
};

/** A record's payment in words: a sold deposit booking still owing reads "Deposit paid", never "Paid". */
export const recordPaymentWord = (r: { paymentStatus: string; balanceCents?: number | undefined }): StatusWord =>
  r.paymentStatus === 'paid' && (r.balanceCents ?? 0) > 0 ? DEPOSIT_PAID : paymentStatusWord(r.paymentStatus);
