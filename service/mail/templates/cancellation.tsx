import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import { formatUsd } from '../../../contracts/enrollment/money.js';
import {
  REFUND_PLACES,
  refundDestinations,
  refundTiming,
  refundTotal,
  type RefundPart,
} from '../../../contracts/enrollment/refund-words.js';
import { baseUrl, formatLongDate, type MailItem } from './format.js';
import { Layout } from './layout.js';
import { Action, Amounts, P, Phone, Signature } from './parts.js';
import { defineTemplate } from './template.js';

export interface CancellationProps {
  firstName: string;
  orderId: string;
  item: MailItem;
  /** Who cancelled: the school (an administrator) or the parent. */
  cancelledBy: 'school' | 'parent';
  /** The reason given, shown as it was written; null when none was given. */
  reason: string | null;
  /** What was paid, in cents (0 for a free enrollment). */
  paidCents: number;
  /** The refunds decided with the cancellation, by where the money goes (none: no refund). */
  refunds: RefundPart[];
  /** What earlier decisions refunded (a place cancelled before), in cents; absent: nothing. */
  refundedEarlierCents?: number;
  publicUrl: string | null;
  /**
   * One participant's place only (a booking of several): whose, who still comes and what they now
   * pay, and the booking page. Absent: the whole enrollment.
   */
  place?: { name: string; staying: string[]; remainingCents: number; manageUrl: string | null };
  /** A calendar file is attached that cancels the class's entries (one place: those no one from the booking attends any more); absent: none. */
  hasCalendar?: boolean;
}

const CALENDAR = 'The calendar file attached takes the class out of your calendar.';
const PLACE_CALENDAR =
  'The calendar file attached takes out of your calendar what no one from this booking attends any more.';
const calendarWords = (p: CancellationProps) => (p.place ? PLACE_CALENDAR : CALENDAR);

const onDate = (item: MailItem) => (item.date ? ` on ${formatLongDate(item.date)}` : '');

/** "(of the $475.00 you paid, $225.00 of which was refunded earlier)" when this refund is not all of it. */
function ofPaid(p: CancellationProps, cents: number): string {
  if (cents >= p.paidCents) return '';
  const earlier = p.refundedEarlierCents ?? 0;
  return earlier > 0
    ? ` (of the ${formatUsd(p.paidCents)} you paid, ${formatUsd(earlier)} of which was refunded earlier)`
    : ` (of the ${formatUsd(p.paidCents)} you paid)`;
}

/** What comes back and where, from the refunds recorded with the cancellation. */
function refundSentence(p: CancellationProps): string {
  if (p.paidCents === 0) return 'Nothing was charged for this enrollment, so there is nothing to refund.';
  const cents = refundTotal(p.refunds);
  if (p.place && cents === 0)
    return 'No refund is due for this place under our cancellation policy; the others keep their places as booked.';
  if (cents === 0) return 'No refund is due for this cancellation under our cancellation policy.';
  return `We are refunding ${formatUsd(cents)}${ofPaid(p, cents)}${refundDestinations(p.refunds)}. ${refundTiming(p.refunds)}`;
}

/** "Refund to your family credit", one row per place the money goes, then the total when split. */
function refundRows(p: CancellationProps) {
  const earlier = p.refundedEarlierCents ?? 0;
  const rows = [
    { label: 'Paid', amount: formatUsd(p.paidCents) },
    ...(earlier > 0 ? [{ label: 'Refunded earlier', amount: formatUsd(earlier) }] : []),
  ];
  if (p.refunds.length <= 1) {
    const to = p.refunds[0]?.to;
    const label = to && to !== 'card' ? `Refund to ${REFUND_PLACES[to]}` : 'Refund';
    return [...rows, { label, amount: formatUsd(refundTotal(p.refunds)), total: true }];
  }
  return [
    ...rows,
    ...p.refunds.map((r) => ({ label: `Refund to ${REFUND_PLACES[r.to]}`, amount: formatUsd(r.cents) })),
    { label: 'Refund', amount: formatUsd(refundTotal(p.refunds)), total: true },
  ];
}

const whoCancelled = (p: CancellationProps) =>
  p.cancelledBy === 'parent' ? 'has been cancelled, as you asked' : 'has been cancelled by the school';

/** "Ada Hopper's place in" or "Your enrollment in". */
const whatCancelled = (p: CancellationProps) =>
  p.place ? `${toOneLine(p.place.name)}'s place in` : 'Your enrollment in';

const stillComing = (place: NonNullable<CancellationProps['place']>) =>
  `Still coming: ${place.staying.map(toOneLine).join(', ')}. The booking now costs ${formatUsd(place.remainingCents)}.`;

/** An enrollment cancelled, by the school or by the parent, with the refund that goes with it. */
export const cancellationTemplate = defineTemplate<CancellationProps>({
  subject: (p) =>
    p.place
      ? `A place is cancelled: ${toOneLine(p.place.name)}, ${toOneLine(p.item.title)} (${p.orderId})`
      : `Your enrollment is cancelled: ${toOneLine(p.item.title)} (${p.orderId})`,

  text(p) {
    return [
      `Dear ${toOneLine(p.firstName)},`,
      '',
      `${whatCancelled(p)} ${toOneLine(p.item.title)}${onDate(p.item)} (order ${p.orderId}) ${whoCancelled(p)}.`,
      ...(p.reason ? [`Reason: ${toOneLine(p.reason)}`] : []),
      ...(p.place ? ['', stillComing(p.place)] : []),
      '',
      refundSentence(p),
      '',
      ...(p.place?.manageUrl ? [`Manage your booking: ${p.place.manageUrl}`, ''] : []),
      ...(p.hasCalendar ? [calendarWords(p), ''] : []),
      `If you did not expect this or have a question, reply to this e-mail or call us at ${SCHOOL.phone}.`,
      '',
      'Warm regards,',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    const title = toOneLine(p.item.title);
    return (
      <Layout
        preview={
          p.place ? `${toOneLine(p.place.name)}'s place ${whoCancelled(p)}.` : `Order ${p.orderId} ${whoCancelled(p)}.`
        }
        heading={p.place ? 'A place is cancelled' : 'Your enrollment is cancelled'}
        publicUrl={baseUrl(p.publicUrl)}
      >
        <P>Dear {toOneLine(p.firstName)},</P>
        <P>
          {whatCancelled(p)} <strong>{title}</strong>
          {onDate(p.item)} (order {p.orderId}) {whoCancelled(p)}.
        </P>
        {p.reason && <P>Reason: {toOneLine(p.reason)}</P>}
        {p.place && <P>{stillComing(p.place)}</P>}
        {p.paidCents > 0 && <Amounts rows={refundRows(p)} />}
        <P>{refundSentence(p)}</P>
        {p.place?.manageUrl && <Action href={p.place.manageUrl}>Manage your booking</Action>}
        {p.hasCalendar && <P>{calendarWords(p)}</P>}
        <P>
          If you did not expect this or have a question, reply to this e-mail or call us at <Phone />.
        </P>
        <Signature />
      </Layout>
    );
  },
});
