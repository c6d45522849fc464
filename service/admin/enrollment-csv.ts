import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import { enrollmentStatusWord, recordPaymentWord } from '../../contracts/admin/status-words.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { csvLine } from './csv.js';
import { fullName } from '../../contracts/core/erased.js';

/**
 * The specification's nine columns, then what the price breakdown adds (issue 27), in dollars, then
 * the family: the parent who booked, their address, the children coming (issue 37).
 */
export const CSV_COLUMNS = [
  'ID',
  'Date',
  'Type',
  'Title',
  'Location',
  'Date/Time',
  'Status',
  'Payment',
  'Amount',
  'Subtotal',
  'Discounts',
  'Gift card',
  'Family credit',
  'Balance due',
  'Parent',
  'Email',
  'Participants',
];

// Dates are written in the school's zone so the sheet agrees with the schedule.
const day = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const schoolDay = (instant: string) => (instant ? day.format(new Date(instant)) : '');
const schoolDateTime = (instant: string) => (instant ? `${schoolDay(instant)} ${clock.format(new Date(instant))}` : '');

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** enrollments-2025-06-07.csv, dated in the school's zone. */
export const csvFileName = (now: Date) => `enrollments-${day.format(now)}.csv`;

export function enrollmentCsv(records: AdminEnrollmentRecord[]): string {
  const rows = records.map((r) =>
    csvLine([
      r.id,
      schoolDay(r.createdAt),
      r.workshop ? 'Workshop' : 'Program',
      r.workshop?.title ?? r.program?.title ?? '',
      r.workshop?.location ?? '',
      schoolDateTime(r.workshop?.date ?? ''),
      // The words the tracker shows (contracts/admin/status-words.ts), not the API's values.
      enrollmentStatusWord(r.status).label,
      recordPaymentWord(r).label,
      r.amount.toFixed(2),
      dollars(r.pricing?.subtotalCents ?? Math.round(r.amount * 100)),
      dollars(r.pricing?.discountCents ?? 0),
      dollars(r.pricing?.paidByGiftCardCents ?? 0),
      dollars(r.pricing?.paidByCreditCents ?? 0),
      dollars(r.balanceCents ?? 0),
      fullName(r.firstName, r.lastName),
      r.email,
      r.participantNames?.length ? r.participantNames.join('; ') : r.participants,
    ]),
  );
  return csvLine(CSV_COLUMNS) + rows.join('');
}
