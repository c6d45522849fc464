import type { LedgerItem, LedgerLine } from './ledger-lines.js';
import type { InvoiceLedgerDoc } from './invoice-ledger.js';
import type { AppointmentLedgerDoc } from './appointment-ledger.js';

export type { AppointmentLedgerDoc, InvoiceLedgerDoc };

/** A booking's money, day by day (decision 055). */
export type EnrollmentLedgerDoc = {
  kind: 'enrollment';
  /** What it was for, the first as bought, then each place it moved to. */
  items: LedgerItem[];
  /** The school days of the sessions it attends now. */
  sessionDays: string[];
  lines: LedgerLine[];
};
/** A gift card's sale: the money is the school's debt to the card until it is spent. */
export type GiftCardLedgerDoc = { kind: 'gift-card'; sold: { day: string; cents: number }[] };
/**
 * A workshop's program and a program's title: the report's labels; a workshop's category, the
 * income account of an invoice's seats in it (absent from documents projected before).
 */
export type WorkshopLedgerDoc = {
  kind: 'workshop';
  programId: string | null;
  title: string;
  category?: string;
  locationId?: string;
};
/** A program's title, and the income account the owner set for it (record 141; absent: its category's). */
export type ProgramLedgerDoc = { kind: 'program'; title: string; incomeAccount?: { name: string; code: string } };
export type LedgerDoc =
  | EnrollmentLedgerDoc
  | InvoiceLedgerDoc
  | AppointmentLedgerDoc
  | GiftCardLedgerDoc
  | WorkshopLedgerDoc
  | ProgramLedgerDoc
  | DayLedgerDoc
  | LedgerIndexDoc;

/** A day's sum of the bookings' lines of one kind, source, destination and item (record 140). */
export type DayLine = Omit<LedgerLine, 'day' | 'item'> & { item: LedgerItem };

/**
 * One school day of the whole ledger (record 140): every booking's lines of the day summed by what
 * the reports group and the journal posts by, and the gift cards sold that day. A report reads the
 * days of its range, not every booking.
 */
export type DayLedgerDoc = { kind: 'day'; day: string; lines: DayLine[]; giftCardsSoldCents: number };

/**
 * The ledger's one index document (record 140): the labels of every workshop and program and the
 * first day with money, so a report reads documents by id only, never by a query over them all.
 */
export type LedgerIndexDoc = {
  kind: 'index';
  firstDay: string | null;
  workshops: Record<string, WorkshopLedgerDoc>;
  programs: Record<string, ProgramLedgerDoc>;
};
