import type { PriceBreakdown } from '../../contracts/enrollment/money.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { cx } from '../components/cx.js';
import { formatLongDate } from '../core/format.js';
import './PriceLines.css';

const signed = (cents: number) => (cents < 0 ? `−${formatUsd(-cents)}` : formatUsd(cents));

/**
 * The price breakdown as every page shows it: what the seats cost, each discount on a line of its
 * own, the total, what the gift card and the credit paid, then what the card pays now and the
 * balance later (a deposit booking). `paid` words the last lines for an order already paid.
 */
export function PriceLines({
  pricing,
  balanceDueAt = null,
  paid = false,
  subtotal = false,
  tax = false,
  className,
}: {
  pricing: PriceBreakdown;
  balanceDueAt?: string | null;
  paid?: boolean;
  /** The seats' line reads "Subtotal", its own words beside it (the checkout's summary, as the specification names it). */
  subtotal?: boolean;
  /** A "Tax $0.00" line after every discount, just before the total (the checkout's summary). */
  tax?: boolean;
  className?: string;
}) {
  const charges = pricing.lines.filter((l) => l.kind !== 'gift-card' && l.kind !== 'credit');
  const fromBalances = pricing.lines.filter((l) => l.kind === 'gift-card' || l.kind === 'credit');
  const split = fromBalances.length > 0 || pricing.balanceCents > 0;
  return (
    <dl className={cx('price-lines', className)}>
      {charges.map((l) => (
        <div
          key={`${l.kind}-${l.label}`}
          className={cx('price-lines__row', l.amountCents < 0 && 'price-lines__row--off')}
        >
          {subtotal && (l.kind === 'seats' || l.kind === 'tier') ? (
            <dt>
              Subtotal <span className="price-lines__what">{l.label}</span>
            </dt>
          ) : (
            <dt>{l.label}</dt>
          )}
          <dd>{signed(l.amountCents)}</dd>
        </div>
      ))}
      {tax && (
        <div className="price-lines__row">
          <dt>Tax</dt>
          <dd>{formatUsd(0)}</dd>
        </div>
      )}
      <div className="price-lines__row price-lines__row--total">
        <dt>Total</dt>
        <dd>{pricing.totalCents === 0 ? 'Free' : formatUsd(pricing.totalCents)}</dd>
      </div>
      {fromBalances.map((l) => (
        <div key={`${l.kind}-${l.label}`} className="price-lines__row price-lines__row--off">
          <dt>{l.label}</dt>
          <dd>{signed(l.amountCents)}</dd>
        </div>
      ))}
      {split && (
        <div className="price-lines__row price-lines__row--due">
          <dt>{paid ? 'Paid by card' : 'Due now'}</dt>
          <dd>{formatUsd(pricing.dueNowCents)}</dd>
        </div>
      )}
      {pricing.balanceCents > 0 && (
        <div className="price-lines__row">
          <dt>{balanceDueAt ? `Balance due by ${formatLongDate(balanceDueAt)}` : 'Balance due later'}</dt>
          <dd>{formatUsd(pricing.balanceCents)}</dd>
        </div>
      )}
    </dl>
  );
}
