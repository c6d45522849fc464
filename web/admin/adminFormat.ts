import { parseDateTime, toZoned } from '@internationalized/date';
import { SCHOOL } from '../../contracts/core/school.js';
import { wallPartsOf } from '../../contracts/catalogue/sessions.js';
import { formatUsd, toCents } from '../../contracts/enrollment/money.js';
import { enrollmentStatusWord, paymentStatusWord } from '../../contracts/admin/status-words.js';
import type { BadgeVariant } from '../components/Badge.js';

// Admin figures keep their cents (the public site rounds to dollars) and the school's time zone.
const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
// Times name the zone ("12:30 PM CDT"): the office may sit anywhere, the school's clock is Plano's.
const time = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL.timeZone,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

export const money = (dollars: number) => formatUsd(toCents(dollars));
export const day = (instant: string) => (instant ? shortDate.format(new Date(instant)) : '');
export const clock = (instant: string) => (instant ? time.format(new Date(instant)) : '');
export const moment = (instant: string) => dateTime.format(new Date(instant));

/** The words of a status (contracts/admin/status-words.ts): the same on every admin screen and the CSV. */
export const statusLabel = (status: string) => enrollmentStatusWord(status).label;
export const paymentLabel = (status: string) => paymentStatusWord(status).label;
/** What a status means, for the badge's accessible description and the legend. */
export const statusMeaning = (status: string) => enrollmentStatusWord(status).meaning;
export const paymentMeaning = (status: string) => paymentStatusWord(status).meaning;

const STATUS_BADGE: Record<string, BadgeVariant> = {
  completed: 'success',
  confirmed: 'success',
  pending: 'accent',
  cancelled: 'cancelled',
  refunded: 'refunded',
};
export const statusBadge = (status: string): BadgeVariant => STATUS_BADGE[status] ?? 'neutral';

const PAYMENT_BADGE: Record<string, BadgeVariant> = {
  paid: 'success',
  free: 'navy',
  pending: 'accent',
  unpaid: 'danger',
  refunded: 'refunded',
  'partially-refunded': 'refunded',
  'refund-pending': 'accent',
  'refund-failed': 'danger',
};
export const paymentBadge = (status: string): BadgeVariant => PAYMENT_BADGE[status] ?? 'danger';

/**
 * An instant as a datetime-local value ("2025-06-07T12:30") on the school's clock, or on the
 * workshop's location's (issue 41), as the server reads it back.
 */
export function schoolWallClock(instant: string, timeZone: string = SCHOOL.timeZone): string {
  if (!instant) return '';
  const parts = wallPartsOf(instant, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A datetime-local value ("2025-06-01T09:00"), read on the school's clock, as an instant the API takes. */
export const toSchoolInstant = (wall: string) => toZoned(parseDateTime(wall), SCHOOL.timeZone).toAbsoluteString();
