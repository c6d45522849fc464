import type { MoneySource, PurchasedItem, RefundReason } from '../../../contracts/enrollment/events.js';
import type { LeftParticipant } from '../../../contracts/enrollment/left-participants.js';
import type { PriceLine } from '../../../contracts/enrollment/money.js';
import type { Payment } from './enrollment-state.js';

/** What a sold booking keeps track of: its price now, what the parent was sent, refunds, moves, places given up, a balance. */
export type Sale = SaleMessages & RefundLedger & Transfers & Places & Balance;

/** The parent's e-mails about the sale, each recorded once. */
export interface SaleMessages {
  emailSent: boolean;
  /** The one reminder before the workshop has left (ReminderSent). */
  reminderSent: boolean;
  /** A course's later sessions already reminded of (the first is `reminderSent`). */
  laterReminders: number[];
  /** Resend requests by id: whether each one's e-mail has left. */
  resends: Record<string, 'requested' | 'sent'>;
  /** `<kind>:<ref>` of every after-sale e-mail sent. */
  notified: string[];
}

/** Requested refunds by key, with where each stands. */
export interface RefundLedger {
  refunds: Record<string, RefundEntry>;
}

export interface Transfers {
  /** A transfer decided and not yet completed or abandoned. */
  transfer: PendingTransfer | null;
  /** Transfers that ended, by id: what the seat clean-up after each needs. */
  transfersEnded: Record<string, EndedTransfer>;
}

export interface Places {
  /** The order's price now: the submission's, or the transfer target's, less places given up. */
  priceCents: number;
  /** Participants who gave up their place while the others still come, by index (which never renumbers). */
  participantsLeft: Record<number, LeftPlace>;
  /** Money paid here that moved with participants to bookings of their own (no longer refundable here). */
  carriedOutCents: number;
}

/** The balance of a booking taken with a deposit. */
export interface Balance {
  /** Its PaymentIntent, once asked for. */
  balanceIntentId: string | null;
  /** The balance as it arrived (a second card payment beside `paid`). */
  balancePaid: Payment | null;
  /** Payments of a balance no longer owed (an older tab's form), each refunded at once. */
  overpaid: Payment[];
  /** Balance reminders sent (`week-before`, `due-date`). */
  balanceReminders: string[];
  /** The instalments of a plan paid after the checkout's (issue 43), each a card payment of its own. */
  installmentsPaid: InstallmentPayment[];
  /** The instalments the office waived: owed no more. */
  installmentsWaived: { n: number; cents: number }[];
}

/** An instalment paid: which, and its card payment. */
export type InstallmentPayment = Payment & { n: number };

/** A participant's place given up: whose, how, when, and what went back for it (as the read models keep it). */
export type LeftPlace = Omit<LeftParticipant, 'participant'>;

export interface RefundEntry {
  refundKey: string;
  /** Where the money came from and where it goes back (card, gift card, credit). */
  source: MoneySource;
  to: MoneySource;
  giftCardId: string | null;
  householdId: string | null;
  paymentIntentId: string;
  amountCents: number;
  reason: RefundReason;
  attempt: number;
  status: 'requested' | 'issued' | 'failed';
  refundId: string | null;
  failure: { code: string; message: string } | null;
  /** When it was first decided. */
  requestedAt: string;
  /** What it was decided with: one place's (cancelled or moved), a transfer's; null on both: the booking's. */
  participant: number | null;
  transferId: string | null;
}

export interface EndedTransfer {
  outcome: 'completed' | 'abandoned';
  fromWorkshopId: string;
  toWorkshopId: string;
  /** Why the target refused (abandoned). */
  reason: string | null;
  /** One participant's transfer: the booking of their own it opens in the target. */
  newEnrollmentId?: string;
}

export interface PendingTransfer {
  /** The target's price lines, when the transfer was priced with them. */
  lines?: PriceLine[];
  transferId: string;
  fromWorkshopId: string;
  toWorkshopId: string;
  seats: number;
  fromItem: PurchasedItem;
  item: PurchasedItem;
  amountCents: number;
  refundCents: number;
  /** One participant's transfer (the others stay): who, the booking it opens, and this booking after it. */
  participant?: {
    index: number;
    name: string;
    newEnrollmentId: string;
    participants: number;
    amountCents: number;
    /** The price lines of those staying (absent on transfers requested before they were kept). */
    lines?: PriceLine[];
    /** The place's price lines in the target, with the booking's discounts (absent likewise). */
    placeLines?: PriceLine[];
  };
}

/** A sale as it begins, at the price it was submitted for. */
export const newSale = (priceCents: number): Sale => ({
  emailSent: false,
  reminderSent: false,
  laterReminders: [],
  resends: {},
  notified: [],
  refunds: {},
  transfer: null,
  transfersEnded: {},
  priceCents,
  participantsLeft: {},
  carriedOutCents: 0,
  balanceIntentId: null,
  balancePaid: null,
  overpaid: [],
  balanceReminders: [],
  installmentsPaid: [],
  installmentsWaived: [],
});
