import { formatUsd } from '../../contracts/enrollment/money.js';
import type { BookingInstallment } from '../../contracts/booking/api.js';
import { Badge, type BadgeVariant } from '../components/Badge.js';
import { formatDate } from '../core/format.js';

type Planned = Pick<BookingInstallment, 'n' | 'amountCents' | 'dueAt'> & Partial<Pick<BookingInstallment, 'status'>>;

/** A plan in one line, as the enroll page offers it: "$100.00 today, $100.00 on June 1, 2025, …". */
export const installmentWords = (planned: readonly Pick<Planned, 'amountCents' | 'dueAt'>[]) =>
  planned.map((p, i) => `${formatUsd(p.amountCents)} ${i === 0 ? 'today' : `on ${formatDate(p.dueAt)}`}`).join(', ');

const STATUS: Record<BookingInstallment['status'], [string, BadgeVariant]> = {
  paid: ['Paid', 'success'],
  due: ['Due', 'outline'],
  failed: ['Declined', 'danger'],
  waived: ['Waived', 'neutral'],
};

/**
 * The schedule of a plan (issue 43): each instalment's amount and date, with how it stands once the
 * booking has one. The first is paid at the checkout, so before paying it reads "Today".
 */
export function InstallmentSchedule({ planned }: { planned: readonly Planned[] }) {
  return (
    <dl className="price-lines installment-schedule">
      {planned.map((p) => (
        <div key={p.n} id={`installment-${p.n}`} className="price-lines__row">
          <dt>
            {p.n === 1 && !p.status ? 'Today' : formatDate(p.dueAt)}
            {p.status && (
              <>
                {' '}
                <Badge variant={STATUS[p.status][1]}>{STATUS[p.status][0]}</Badge>
              </>
            )}
          </dt>
          <dd>{formatUsd(p.amountCents)}</dd>
        </div>
      ))}
    </dl>
  );
}
